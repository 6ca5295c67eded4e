import Foundation
import Testing
import NotezTestSupport

@Suite struct FolderCommandTests {
    @Test func deleteMovesNotesToUnsortedAndSubfoldersUp() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let refused = try Mutation.run(vault, ["folder", "delete", "Work/Projects"])
        expect(refused.status, equals: 4)
        expect(refused.stderr.contains("1 note will be moved to Unsorted Notes"))
        try expect(vault.snapshot(), equals: before)

        let result = try Mutation.run(vault, ["folder", "delete", "Work/Projects", "--yes"])
        expect(result.status, equals: 0)
        let after = try vault.snapshot()
        var changed: Set<String> = [".notez/folders.yaml", "Work/Projects/Projects overview.md", "Projects overview.md"]
        for (path, data) in before where path.hasPrefix("Work/Projects/") && path != "Work/Projects/Projects overview.md" {
            let moved = "Work/" + path.dropFirst("Work/Projects/".count)
            changed.insert(path)
            changed.insert(moved)
            expect(after[moved], equals: data)
        }
        expect(after["Projects overview.md"], equals: before["Work/Projects/Projects overview.md"])
        Mutation.expectOnly(changed, before: before, after: after)
        expect(Mutation.text(after[".notez/folders.yaml"])?.contains("\"Work/Alpha\": {color: \"orange\"}") == true)
        expect(!FileManager.default.fileExists(atPath: vault.path + "/Work/Projects"))
    }

    @Test func createRenameColor() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        try expect(Mutation.run(vault, ["folder", "create", "work"]).status, equals: 4)
        try expect(Mutation.run(vault, ["folder", "create", "../escape"]).status, equals: 2)
        try expect(Mutation.run(vault, ["folder", "create", "Work/Gamma", "--color", "mint"]).status, equals: 0)
        try expect(Mutation.run(vault, ["folder", "rename", "Work/Gamma", "Delta"]).status, equals: 0)
        try expect(Mutation.run(vault, ["folder", "rename", "Work/Delta", "../x"]).status, equals: 2)
        try expect(Mutation.run(vault, ["folder", "color", "Reading", "none"]).status, equals: 0)
        let after = try vault.snapshot()
        Mutation.expectOnly([".notez/folders.yaml"], before: before, after: after)
        expect(FileManager.default.fileExists(atPath: vault.path + "/Work/Delta"))
        let colors = try #require(Mutation.text(after[".notez/folders.yaml"]))
        expect(colors.contains("\"Work/Delta\": {color: \"mint\"}"))
        expect(!colors.contains("Reading"))
    }
}
