import ArgumentParser
import NotezKit

/// `notez links NOTE`: the note's outgoing links, resolved or broken.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links", abstract: "List a note's outgoing links: wikilinks, embeds, Markdown links, resolved or broken.",
        discussion: "Exit status 1 when the note has no links. Resolution rules: docs/links-and-inline-tags.md.")

    @Argument(help: "A vault-relative path (with or without .md), a title, a file name or an alias.")
    var note: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let index = try vault.loadIndex()
        let found = try index.resolve(note)
        let contents = try NoteReader.readAll(index.root + "/" + found.path)
        let entries = LinkGraph.links(ofFile: contents.bytes, source: found.path, resolver: LinkResolver(index: index))
        if output.json {
            Terminal.line(JSONValue.array(entries.map(LinksCommand.json)).text())
        } else {
            for entry in entries {
                Terminal.line(
                    TerminalText.safe("\(entry.line): \(TerminalText.cut(entry.text, 80))  →  \(LinksCommand.describe(entry.resolution))"))
            }
        }
        if entries.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
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

    /// `{"line", "kind", "text", "target", "fragment", "label", "status", "path", "candidates"}`.
    static func json(_ entry: LinkGraph.Entry) -> JSONValue {
        var candidates: [String] = []
        if case .ambiguous(let paths) = entry.resolution { candidates = paths }
        return .object([
            ("source", .string(entry.source)),
            ("line", .int(entry.line)),
            ("kind", .string(entry.link.kind.rawValue)),
            ("text", .string(entry.text)),
            ("target", .string(entry.link.target)),
            ("fragment", entry.link.fragment.map(JSONValue.string) ?? .null),
            ("label", entry.link.label.map(JSONValue.string) ?? .null),
            ("status", .string(entry.resolution.label)),
            ("path", entry.resolution.path.map(JSONValue.string) ?? .null),
            ("candidates", .array(candidates.map(JSONValue.string))),
        ])
    }
}
