import ArgumentParser
import NotezKit

/// `notez overview`: pinned, unsorted, folders, tags and trash with counts.
struct OverviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview", abstract: "Show the main page: pinned, unsorted, folders, tags, trash.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let index = try vault.loadCollection(snippets: false)
        if output.json {
            let tags = index.tags
            // A daemon copies the text of the tags that did not change from its last overview.
            let writer = TerminalContext.current.tagJSONMemo?.writer(for: index)
            let tagsJSON = writer.map { writer in JSONValue.elements(count: tags.count) { writer.write($0, into: &$1, indent: $2) } }
            JSONValue.object([
                ("notes", .int(index.noteCount)),
                ("pinned", .int(index.pinnedCount)),
                ("unsorted", .int(index.unsortedCount)),
                ("trash", .int(index.trashCount)),
                ("folders", FolderJSON.array(index.folderTree.children)),
                // Written in pieces as they are made: 47,000 tags as values, then as one text,
                // took 20 MB at once.
                ("tags", tagsJSON ?? TagJSON.array(tags)),
            ]).write(to: Terminal.bytes)
            writer?.finish()
            Terminal.line()
            return
        }
        if index.noteCount == 0 && index.folderTree.children.isEmpty && index.tags.isEmpty {
            Terminal.line("This vault has no notes yet (\(TerminalText.safe(index.root))).")
            Terminal.line("Add one with:  notez new \"My first note\"   or create any .md file in this folder.")
            if index.trashCount > 0 { Terminal.line("Trash  \(index.trashCount)") }
            return
        }
        let width = 34
        Terminal.line(
            Terminal.bold("notez") + Terminal.dim(" · \(index.noteCount) notes in \(TerminalText.safe(VaultPath.name(of: index.root)))"))
        Terminal.line()
        Terminal.line(TerminalText.pad("All Pinned Notes", width) + TerminalText.right(index.pinnedCount, 6))
        Terminal.line(TerminalText.pad("Unsorted Notes", width) + TerminalText.right(index.unsortedCount, 6))
        Terminal.line()
        Terminal.line(Terminal.bold("Folders"))
        if index.folderTree.children.isEmpty { Terminal.line("  (no folders)") }
        FolderTreePrinter.print(index.folderTree.children, depth: 1, width: width)
        Terminal.line()
        Terminal.line(Terminal.bold("Tags"))
        if index.tags.isEmpty { Terminal.line("  (no tags)") }
        for tag in index.tags {
            let label = "  " + Terminal.dot(tag.color) + TerminalText.safe(tag.name)
            Terminal.line(TerminalText.pad(label, width) + TerminalText.right(tag.count, 6))
        }
        Terminal.line()
        Terminal.line(TerminalText.pad("Trash", width) + TerminalText.right(index.trashCount, 6))
    }
}
