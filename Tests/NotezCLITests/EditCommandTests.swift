import Foundation
import Testing
import NotezTestSupport

@Suite struct EditCommandTests {
    @Test func unchangedNoteIsNotWritten() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["edit", "scratch"], environment: ["VISUAL": "true", "EDITOR": "true"])
        expect(result.status, equals: 0)
        Mutation.expectOnly([], before: before, after: try vault.snapshot())
    }

    @Test func failingEditorIsReported() throws {
        let vault = try TempVault.example()
        let result = try Mutation.run(vault, ["edit", "scratch"], environment: ["VISUAL": "false"])
        expect(result.status, equals: 3)
        expect(result.stderr.contains("exited with status 1"))
    }

    @Test
    func changedNoteGetsModified() throws {
        let vault = try TempVault.example()
        let result = try Mutation.run(vault, ["edit", "Work/Team handbook"], environment: ["VISUAL": "sed -i 's/$/ /'"])
        expect(result.status, equals: 0)
        let text = try #require(Mutation.text(try vault.snapshot()["Work/Team handbook.md"]))
        // The value keeps its own format: the note writes `modified` with a +01:00 offset.
        expect(text.contains("modified: 2026-11-18T12:06:40+01:00 \n"))
    }
}

/// `edit --dry-run`, whole-file undo, and plain notes without front matter.
@Suite struct EditUndoTests {
    @Test func dryRunOpensNothingAndChangesNothing() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["edit", "Work/Team handbook", "--dry-run"], environment: ["VISUAL": "sed -i 's/a/b/'"])
        expect(result.status, equals: 0)
        expect(
            result.stdout, equals: "would open Work/Team handbook.md in 'sed -i 's/a/b/''; if it changes, 'modified' would be set to the time of saving\n")
        try expect(vault.snapshot(), equals: before)
    }

    @Test func undoRestoresThePreEditBytesExactly() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let edit = try Mutation.run(vault, ["edit", "Work/Team handbook"], environment: ["VISUAL": "sed -i 's/e/E/g'"])
        expect(edit.status, equals: 0)
        let edited = try vault.snapshot()
        expect(edited["Work/Team handbook.md"] != before["Work/Team handbook.md"])
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0)
        Mutation.expectOnly([], before: before, after: try vault.snapshot())
        // Undoing the undo brings back the edited file, `modified` included.
        let undoID = try #require(try Self.lastJournalID(vault))
        let redo = try Mutation.run(vault, ["undo", undoID])
        expect(redo.status, equals: 0)
        try expect(vault.snapshot()["Work/Team handbook.md"], equals: edited["Work/Team handbook.md"])
    }

    @Test func undoAfterALaterChangeRestoresOnlyTheTimestamp() throws {
        let vault = try TempVault.example()
        let original = try #require(Mutation.text(try vault.snapshot()["Work/Team handbook.md"]))
        try expect(
            Mutation.run(vault, ["edit", "Work/Team handbook"], environment: ["VISUAL": "sed -i 's/handbook/HANDBOOK/'"]).status, equals: 0)
        let path = vault.path + "/Work/Team handbook.md"
        try (String(contentsOfFile: path, encoding: .utf8) + "later line\n").write(toFile: path, atomically: false, encoding: .utf8)
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0)
        expect(undo.stderr.contains("Work/Team handbook.md changed since the edit; only its 'modified' value is restored"))
        let now = try String(contentsOfFile: path, encoding: .utf8)
        expect(now.hasSuffix("later line\n"))
        expect(now.contains("HANDBOOK"))
        let modifiedLine = original.split(separator: "\n").first { $0.hasPrefix("modified:") }
        expect(now.split(separator: "\n").first { $0.hasPrefix("modified:") }, equals: modifiedLine)
    }

    @Test func plainNoteGetsNoFrontMatterAndItsEditCanBeUndone() throws {
        let vault = try TempVault()
        try vault.write("plain.md", "just text\n")
        let edit = try Mutation.run(vault, ["edit", "plain"], environment: ["VISUAL": "sed -i 's/just/JUST/'"])
        expect(edit.status, equals: 0)
        expect(edit.stderr, equals: "notez: plain.md: no front matter; 'modified' not added\n")
        try expect(String(contentsOfFile: vault.path + "/plain.md", encoding: .utf8), equals: "JUST text\n")
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0)
        try expect(String(contentsOfFile: vault.path + "/plain.md", encoding: .utf8), equals: "just text\n")
    }

    @Test func nonUTF8NoteJournalsOnlyTheTimestamp() throws {
        let vault = try TempVault()
        try vault.write("latin.md", Data(Array("---\nmodified: 2024-01-01\n---\ncaf".utf8) + [0xE9, 0x0A]))
        let edit = try Mutation.run(vault, ["edit", "latin"], environment: ["VISUAL": "sed -i 's/caf/CAF/'"])
        expect(edit.status, equals: 0)
        expect(edit.stderr.contains("latin.md is not UTF-8 text: the journal keeps only the 'modified' change"))
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        let bytes = try Data(contentsOf: vault.url.appendingPathComponent("latin.md"))
        expect(bytes, equals: Data(Array("---\nmodified: 2024-01-01\n---\nCAF".utf8) + [0xE9, 0x0A]))
    }

    static func lastJournalID(_ vault: TempVault) throws -> String? {
        try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.notez/journal")
            .filter { $0.hasSuffix(".json") }.sorted().last.map { String($0.dropLast(5)) }
    }
}
