import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The journaled front matter text (`FrontMatterChange`) that makes undo byte-identical.
@Suite struct UndoExactRestoreTests {
    @Test(arguments: [
        ("---\ntags: [a]\n---\nbody\n", "---\ntags: [b]\n---\nbody\n"),
        ("\u{FEFF}---\r\ntags: [a]\r\n---\r\nbody\r\n", "\u{FEFF}---\r\ntags: [b]\r\n---\r\nbody\r\n"),
        ("no front matter\n", "---\npinned: true\n---\nno front matter\n"),
        ("---\ntags:\n  - a\n  - b\n...\n---\n", "---\ntags:\n  - b\n...\n---\n"),
    ])
    func changeRoundTrips(old: String, new: String) throws {
        let change = try #require(FrontMatterChange.between(Array(old.utf8), Array(new.utf8)))
        expect(change.apply(to: Array(old.utf8)), equals: Array(new.utf8))
        expect(change.swapped.apply(to: Array(new.utf8)), equals: Array(old.utf8))
        // The body may have changed since: it is kept.
        let edited = new + "more body\n"
        expect(change.swapped.apply(to: Array(edited.utf8)), equals: Array((old + "more body\n").utf8))
    }

    @Test func aChangedFrontMatterIsNotOverwritten() throws {
        let change = try #require(FrontMatterChange.between(Array("---\ntags: [a]\n---\nx\n".utf8), Array("---\ntags: [b]\n---\nx\n".utf8)))
        expect(change.swapped.apply(to: Array("---\ntags: [b, c]\n---\nx\n".utf8)) == nil)
        expect(change.swapped.apply(to: Array("---\ntags: [b]\n".utf8)) == nil)
        // Different bodies are not one edit.
        expect(FrontMatterChange.between(Array("---\na: 1\n---\nx\n".utf8), Array("---\na: 2\n---\ny\n".utf8)) == nil)
    }

    @Test func undoOfPinIsExactEvenWhenItCreatedTheFrontMatter() throws {
        let vault = try TemporaryVault(["n.md": "# N\n\ntext\n", "m.md": "---\ntitle: M # keep\n---\n"])
        defer { vault.remove() }
        let before = vault.snapshot()
        let result = try vault.run(NotePlanner.setPinned(true, notes: ["n", "m"], index: vault.index(), files: vault.files))
        expect(vault.text("n.md"), equals: "---\npinned: true\n---\n# N\n\ntext\n")
        let history = JournalHistory(records: try Journal(writer: vault.writer()).records())
        let undo = try JournalUndo.plan(id: result.id, history: history, index: vault.index(), files: vault.files)
        try vault.run(undo)
        // The semantic inverse would have left `pinned: false` behind.
        expect(vault.snapshot(), equals: before)
    }
}
