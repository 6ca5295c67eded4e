import ArgumentParser
import NotezKit

/// `notez trash list`: title, snippet, from where, deleted when.
struct TrashListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List trashed notes, newest first.")

    @OptionGroup var snippetOptions: SnippetOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if output.json && formatOptions.format != nil { throw ValidationError("--json and --format cannot be combined") }
    }

    func run() throws {
        let format = try formatOptions.resolve(.trash)
        let index = try vault.loadSettings()
        let (items, ignored) = TrashStore(root: index.root).read()
        for issue in ignored { Terminal.warning(TerminalText.safe("\(issue.path): \(issue.reason)")) }
        let notes = items.map { NoteReader.note(relativePath: $0.storedPath, root: index.root, titleFromHeading: index.config.titleFromHeading) }
        let rows = zip(items, notes).map { TrashJSON.object($0, note: $1) }
        if output.json {
            Terminal.line(JSONValue.array(rows).text())
            return
        }
        if let format { return ListPrinter.print(rows.map { ListRow(json: $0) }, schema: .trash, format: format) }
        if items.isEmpty {
            Terminal.line("The trash is empty.")
            return
        }
        let snippets = snippetOptions.enabled(index.config)
        for (item, note) in zip(items, notes) {
            let from = VaultPath.folder(of: item.originalPath)
            Terminal.row(
                Terminal.bold(TerminalText.safe(note.title)) + "  from " + TerminalText.safe(from.isEmpty ? "Unsorted Notes" : from)
                    + "  " + Terminal.dim("deleted " + Terminal.when(item.deleted)) + "  " + Terminal.dim(item.id))
            if snippets, !note.snippet.isEmpty { Terminal.row("    " + Terminal.dim(TerminalText.safe(note.snippet))) }
        }
    }

    /// The titles `trash list` shows, by item id, so `trash show` and `trash restore` accept them.
    static func titles(_ items: [TrashItem], index: VaultIndex) -> [String: String] {
        let fromHeading = index.config.titleFromHeading
        return Dictionary(
            items.map { ($0.id, NoteReader.note(relativePath: $0.storedPath, root: index.root, titleFromHeading: fromHeading).title) },
            uniquingKeysWith: { a, _ in a })
    }
}
