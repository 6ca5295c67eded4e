import ArgumentParser
import NotezKit

/// `notez trash show ITEM`: print a trashed note.
struct TrashShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a trashed note.")

    @Argument(help: "The item: its id, original path, file name or title.", completion: Completions.trashItems)
    var item: String

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let index = try vault.loadIndex()
        let items = TrashStore(root: index.root).items()
        let found = try TrashPlanner.resolve(item, in: items, titles: TrashListCommand.titles(items, index: index))
        let contents = try NoteReader.readAll(index.root + "/" + found.storedPath)
        Terminal.line(Terminal.dim("# trashed from \(TerminalText.safe(found.originalPath)) on \(NoteDate.iso8601(found.deleted))"))
        Terminal.line(TerminalText.safe(String(decoding: contents.bytes, as: UTF8.self), keepNewlines: true))
    }
}
