import Foundation
import Testing

@Suite struct TagCommandTests {
    @Test func createAndColorWriteOnlyTheRegistry() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        #expect(try Mutation.run(vault, ["tag", "create", "Later", "--color", "teal"]).status == 0)
        #expect(try Mutation.run(vault, ["tag", "create", "later"]).status == 4)
        #expect(try Mutation.run(vault, ["tag", "color", "Later", "#112233"]).status == 0)
        #expect(try Mutation.run(vault, ["tag", "color", "nonexistent", "red"]).status == 2)
        let after = try vault.snapshot()
        Mutation.expectOnly([".notez/tags.yaml"], before: before, after: after)
        #expect(Mutation.text(after[".notez/tags.yaml"])?.hasSuffix("\"Later\": {color: \"#112233\"}\n") == true)
        let list = try Mutation.run(vault, ["tag", "list", "--json"])
        #expect(list.stdout.contains("\"name\": \"Later\""))
    }

    @Test(.disabled("needs editor: enable after merging the front matter editor"))
    func pinAndTagAddRemoveEditOnlyTheirLines() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        #expect(try Mutation.run(vault, ["pin", "Work/Team handbook"]).status == 0)
        #expect(try Mutation.run(vault, ["tag", "add", "Work/Team handbook", "later"]).status == 0)
        #expect(try Mutation.run(vault, ["tag", "remove", "Work/Team handbook", "later"]).status == 0)
        #expect(try Mutation.run(vault, ["unpin", "Work/Team handbook"]).status == 0)
        let after = try vault.snapshot()
        // Pinning and unpinning adds `pinned: false`; the rest of the file is as it was.
        Mutation.expectOnly(["Work/Team handbook.md"], before: before, after: after)
    }
}
