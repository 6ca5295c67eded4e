import ArgumentParser
import NotezKit

/// `notez show NOTE`: the note's metadata and its text.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print a note: its metadata, then its text.")

    @Argument(help: "A vault-relative path (with or without .md) or an exact title; a folder with --continuous.", completion: Completions.notes)
    var note: String

    @Flag(name: .long, help: "NOTE is a folder: print its notes in order, with '— page N —' dividers.")
    var continuous = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        if continuous { return try ContinuousShow.print(folder: note, index: try vault.loadIndex()) }
        // Resolved over the cached view when it is current: no note is decoded but the one shown.
        let index = try vault.loadCollection()
        let found = try index.resolve(note)
        let body: String
        if found.stamp.size > Int64(NoteReader.maxNoteSize) {
            // The metadata is known from the index's prefix read; the body is never read whole.
            body = "(body not shown: the note is larger than the 32 MiB note size limit)\n"
        } else {
            let contents = try NoteReader.readAll(index.root + "/" + found.path)
            var bodyStart = 0
            switch FrontMatterBlock.scan(contents.bytes) {
            case .block(let block): bodyStart = block.bodyStart
            case .none(let start): bodyStart = start
            case .unterminated, .tooLarge: bodyStart = 0
            }
            body = String(decoding: contents.bytes[bodyStart...], as: UTF8.self)
        }
        if output.json {
            guard case .object(var pairs) = NoteJSON.object(found, in: index) else { return }
            pairs.append(("body", .string(body)))
            Terminal.line(JSONValue.object(pairs).text())
            return
        }
        let tags = NoteJSON.displayTags(found, in: index).map { TerminalText.safe($0) }.joined(separator: ", ")
        Terminal.line(Terminal.bold(TerminalText.safe(found.title)))
        Terminal.line("Path:      \(TerminalText.safe(found.path))")
        Terminal.line("Folder:    \(found.folder.isEmpty ? "Unsorted Notes" : TerminalText.safe(found.folder))")
        Terminal.line("Tags:      \(tags.isEmpty ? "-" : tags)")
        Terminal.line("Pinned:    \(found.pinned ? "yes" : "no")")
        Terminal.line("Created:   \(NoteDate.iso8601(found.created))")
        Terminal.line("Modified:  \(NoteDate.iso8601(found.modified))")
        if let problem = found.problem { Terminal.line("Problem:   \(TerminalText.safe(problem.message))") }
        Terminal.line(String(repeating: "─", count: 40))
        var text = TerminalText.safe(body, keepNewlines: true)
        if text.hasSuffix("\n") { text.removeLast() }
        Terminal.line(text)
    }
}
