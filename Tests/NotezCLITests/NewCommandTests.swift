import Foundation
import Testing
import NotezTestSupport

@Suite struct NewCommandTests {
    @Test func createsANoteWithExactBytesAndTouchesNothingElse() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(
            vault, ["new", "Plan: Q3/Q4", "--folder", "Work", "--tag", "planning", "--tag", "2024", "--pin"], stdin: "first line\n")
        expect(result.status, equals: 0)
        expect(result.stdout, equals: "Work/Plan- Q3-Q4.md\n")
        let after = try vault.snapshot()
        Mutation.expectOnly(["Work/Plan- Q3-Q4.md"], before: before, after: after)
        expect(
            Mutation.text(after["Work/Plan- Q3-Q4.md"]), equals: """
                ---
                title: "Plan: Q3/Q4"
                created: \(Mutation.nowISO)
                modified: \(Mutation.nowISO)
                tags: [planning, "2024"]
                pinned: true
                ---
                first line

                """)
        expect(after.keys.contains { $0.hasPrefix(".notez/journal/") && $0.hasSuffix(".json") })
    }

    @Test func clashGetsASuffixAndDryRunWritesNothing() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let dry = try Mutation.run(vault, ["new", "Phone numbers", "--body", "x", "--dry-run"])
        expect(dry.status, equals: 0)
        expect(dry.stdout.contains("create Phone numbers 2.md"))
        try expect(vault.snapshot(), equals: before)
        let real = try Mutation.run(vault, ["new", "Phone numbers", "--body", "x"])
        expect(real.stdout, equals: "Phone numbers 2.md\n")
        expect(Mutation.text(try vault.snapshot()["Phone numbers.md"]), equals: Mutation.text(before["Phone numbers.md"]))
    }

    @Test(arguments: ["../outside", "/etc", "Work/../../x", "bad\u{1}name"])
    func refusesFoldersOutsideTheVault(folder: String) throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["new", "x", "--folder", folder])
        expect(result.status, equals: 2)
        expect(result.stderr.contains("notez: error:"))
        try expect(vault.snapshot(), equals: before)
    }
}
