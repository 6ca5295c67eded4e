import Foundation
import Testing
import NotezTestSupport

@Suite struct TagCommandTests {
    @Test func createAndColorWriteOnlyTheRegistry() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        try expect(Mutation.run(vault, ["tag", "create", "Later", "--color", "teal"]).status, equals: 0)
        try expect(Mutation.run(vault, ["tag", "create", "later"]).status, equals: 4)
        try expect(Mutation.run(vault, ["tag", "color", "Later", "#112233"]).status, equals: 0)
        try expect(Mutation.run(vault, ["tag", "color", "nonexistent", "red"]).status, equals: 2)
        let after = try vault.snapshot()
        Mutation.expectOnly([".notez/tags.yaml"], before: before, after: after)
        expect(Mutation.text(after[".notez/tags.yaml"])?.hasSuffix("\"Later\": {color: \"#112233\"}\n") == true)
        let list = try Mutation.run(vault, ["tag", "list", "--json"])
        expect(list.stdout.contains("\"name\": \"Later\""))
    }

    @Test
    func pinAndTagAddRemoveEditOnlyTheirLines() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        try expect(Mutation.run(vault, ["pin", "Work/Team handbook"]).status, equals: 0)
        try expect(Mutation.run(vault, ["tag", "add", "Work/Team handbook", "later"]).status, equals: 0)
        try expect(Mutation.run(vault, ["tag", "remove", "Work/Team handbook", "later"]).status, equals: 0)
        try expect(Mutation.run(vault, ["unpin", "Work/Team handbook"]).status, equals: 0)
        let after = try vault.snapshot()
        // Pinning and unpinning adds `pinned: false`; the rest of the file is as it was.
        Mutation.expectOnly(["Work/Team handbook.md"], before: before, after: after)
    }
}
