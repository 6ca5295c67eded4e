import ArgumentParser
import NotezKit

/// `notez links NOTE`: the note's outgoing links, resolved or broken.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links", abstract: "List a note's outgoing links (or every note's): wikilinks, embeds, Markdown links, resolved or broken.",
        discussion: "Exit status 1 when the note has no links. Resolution rules: docs/links-and-inline-tags.md.")

    @Argument(help: "A vault-relative path (with or without .md), a title, a file name or an alias; every note's links when omitted.", completion: Completions.notes)
    var note: String?

    @Flag(name: .long, help: "With no NOTE: print only the counts by kind and status.")
    var summary = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if output.json && formatOptions.format != nil { throw ValidationError("--json and --format cannot be combined") }
        if summary && formatOptions.format != nil { throw ValidationError("--summary prints counts: --format does not apply") }
    }

    func run() throws {
        let format = try formatOptions.resolve(.links(context: false))
        // The counts from a current cache: its stored resolutions (else a resolver of the links'
        // names), no full index, no note read.
        let collection: (any NoteCollection)? = try note == nil && summary ? vault.loadCollection() : nil
        if let collection, !(collection is VaultIndex), let stored = LinkGraph.storedLinkCounts(in: collection) {
            printSummary(stored.counts, notes: collection.noteCount)
            try finish(counts: stored.counts, unread: stored.unread)
            return
        }
        let index = try (collection as? VaultIndex) ?? vault.loadIndex()
        let resolver = LinkResolver(index: index)
        var entries: [LinkGraph.Entry] = []
        var unread: [String] = []
        var counts: LinkGraph.Counts?
        if let note {
            let found = try index.resolve(note)
            let contents = try NoteReader.readAll(index.root + "/" + found.path)
            entries = LinkGraph.links(ofFile: contents.bytes, source: found.path, resolver: resolver)
        } else if summary, let stored = LinkGraph.storedLinkCounts(in: index, resolver: resolver) {
            // The counts need no line's text: the index's links, no note read, never all at once.
            counts = stored.counts
            unread = stored.unread
        } else {
            (entries, unread) = LinkGraph.scan(index: index, resolver: resolver)
        }
        let counted = counts ?? LinkGraph.Counts(entries)
        if summary {
            printSummary(counted, notes: index.notes.count)
        } else if output.json {
            Terminal.line(JSONValue.array(entries.map { LinkJSON.object($0) }).text())
        } else if let format {
            ListPrinter.print(entries.map { ListRow(json: LinkJSON.object($0)) }, schema: .links(context: false), format: format)
        } else {
            for entry in entries {
                let location = note == nil ? "\(entry.source):\(entry.line)" : "\(entry.line)"
                Terminal.line(
                    TerminalText.safe("\(location): \(TerminalText.cut(entry.text, 80))  →  \(LinksCommand.describe(entry.resolution))"))
            }
        }
        try finish(counts: counted, unread: unread)
    }

    /// The warning about notes not read, and the exit status.
    private func finish(counts: LinkGraph.Counts, unread: [String]) throws {
        if !unread.isEmpty {
            Terminal.warning(
                "\(unread.count) note\(unread.count == 1 ? "" : "s") could not be read, so their links are not listed: "
                    + unread.prefix(5).joined(separator: ", ") + (unread.count > 5 ? ", ..." : ""))
            throw CLIExit(code: CLIExit.io)
        }
        if counts.links == 0 { throw CLIExit(code: CLIExit.noMatchOrProblems) }
    }

    /// Counts by kind and by status, as text or one JSON object.
    func printSummary(_ counts: LinkGraph.Counts, notes: Int) {
        let kindNames = ["wikilink", "embed", "markdown", "image"]
        let statusNames = ["resolved", "ambiguous", "self", "attachment", "broken"]
        if output.json {
            Terminal.line(
                JSONValue.object(
                    [("links", .int(counts.links)), ("notesWithLinks", .int(counts.notesWithLinks))]
                        + kindNames.map { ($0, JSONValue.int(counts.kinds[$0] ?? 0)) }
                        + statusNames.map { ($0, JSONValue.int(counts.statuses[$0] ?? 0)) }
                ).text())
            return
        }
        Terminal.line("\(counts.links) links in \(counts.notesWithLinks) of \(notes) notes")
        Terminal.line(kindNames.map { "\($0) \(counts.kinds[$0] ?? 0)" }.joined(separator: ", "))
        Terminal.line(statusNames.map { "\($0) \(counts.statuses[$0] ?? 0)" }.joined(separator: ", "))
    }

    /// `Folder/Note.md`, `broken`, `ambiguous: a.md (also b.md, c.md)`.
    static func describe(_ resolution: LinkResolver.Resolution) -> String {
        switch resolution {
        case .note(let path): return path
        case .ambiguous(let paths):
            let others = paths.dropFirst().prefix(3).joined(separator: ", ") + (paths.count > 4 ? ", ..." : "")
            return "\(paths[0]) (ambiguous, also \(others))"
        case .sameNote: return "this note"
        case .attachment: return "attachment (not resolved)"
        case .broken: return "broken"
        }
    }
}
