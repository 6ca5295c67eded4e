import Foundation
import Testing
import NotezTestSupport

@Suite struct MvCommandTests {
    @Test func movesNotesByteForByteAndSuffixesClashes() throws {
        let vault = try TempVault.example()
        try vault.write("Archive/scratch.md", "another scratch\n")
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["mv", "scratch.md", "Phone numbers", "Archive"])
        expect(result.status, equals: 0)
        expect(result.stdout.contains("moved scratch.md -> Archive/scratch 2.md"))
        expect(result.stderr.contains("moved as 'scratch 2.md'"))
        let after = try vault.snapshot()
        Mutation.expectOnly(
            ["scratch.md", "Phone numbers.md", "Archive/scratch 2.md", "Archive/Phone numbers.md"], before: before, after: after)
        expect(after["Archive/scratch 2.md"], equals: before["scratch.md"])
        expect(after["Archive/Phone numbers.md"], equals: before["Phone numbers.md"])
        expect(after["Archive/scratch.md"], equals: before["Archive/scratch.md"])
    }

    @Test func theFolderMustExistUnlessCreate() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let refused = try Mutation.run(vault, ["mv", "scratch", "Inbox/Later"])
        expect(refused.status, equals: 2)
        expect(refused.stderr.contains("--create"))
        try expect(vault.snapshot(), equals: before)
        let created = try Mutation.run(vault, ["mv", "scratch", "Inbox/Later", "--create"])
        expect(created.status, equals: 0)
        try expect(vault.snapshot()["Inbox/Later/scratch.md"], equals: before["scratch.md"])
    }

    @Test(arguments: ["../x", "/tmp", "a/\u{7}b"])
    func refusesTargetsOutsideTheVault(target: String) throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["mv", "scratch", target, "--create"])
        expect(result.status, equals: 2)
        try expect(vault.snapshot(), equals: before)
    }

    @Test func jsonSummary() throws {
        let vault = try TempVault.example()
        let result = try Mutation.run(vault, ["mv", "scratch", "Work", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        expect(object["operation"] as? String == "mv")
        let steps = try #require(object["steps"] as? [[String: Any]])
        expect(steps.first?["to"] as? String == "Work/scratch.md")
        expect((object["journal"] as? String)?.isEmpty == false)
    }
}
