import ArgumentParser
import NotezKit

/// `notez graph ...`: questions about the link graph.
struct GraphGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph", abstract: "Ask the link graph: the path between two notes, a note's neighbourhood.",
        subcommands: [GraphPathCommand.self, GraphNeighboursCommand.self])
}

/// `--json` or `--format text|json|dot` for the graph commands.
struct GraphFormatOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot
    }

    @Flag(name: .long, help: "Print JSON (the same as --format json; shapes in docs/json.md).")
    var json = false

    @Option(name: .long, help: "text (default), json, or dot (Graphviz).")
    var format: Format?

    /// The format asked for; `--json` with another `--format` is a usage error.
    func resolve() throws -> Format {
        if json, let format, format != .json { throw CLIExit(code: CLIExit.usage, message: "--json and --format \(format.rawValue) cannot be combined") }
        return json ? .json : format ?? .text
    }
}

/// What the graph commands share: the notes, their graph, and the notes a front end may show.
struct GraphContext {
    let notes: any NoteCollection
    let graph: NoteGraph

    /// The cached view when the cache proves itself current (its stored graph: nothing is
    /// resolved or decoded), else the full index, as for the graph terms of `search`.
    init(_ vault: VaultOptions) throws {
        notes = try vault.loadCollection()
        graph = NoteGraph(notes)
    }

    /// A symlinked note's title may come from outside the vault: it is never shown (as `search`).
    func isShown(_ position: Int) -> Bool { notes.isExposed(at: position) }

    /// The NOTE argument's position; a symlinked note is refused.
    func position(of argument: String) throws -> Int {
        let note = try notes.resolve(argument)
        guard let position = notes.position(ofPath: note.path), isShown(position) else {
            throw CLIExit(code: CLIExit.usage, message: "\(TerminalText.safe(note.path)) is a symlinked note: its links are not followed")
        }
        return position
    }

    func node(_ position: Int) -> GraphDot.Node {
        GraphDot.Node(path: notes.path(at: position), label: notes.title(at: position))
    }

    /// Tells of notes whose links are unknown; exit 3 after the answer when there are some. A
    /// symlinked note is left out on purpose (its links are never followed), so it is not named.
    func warnUnread() throws {
        let unread = graph.unread.filter { path in notes.position(ofPath: path).map(isShown) ?? true }
        guard !unread.isEmpty else { return }
        Terminal.flush()
        Terminal.warning(
            "\(unread.count) note\(unread.count == 1 ? "" : "s") could not be read, so their links are missing: "
                + unread.prefix(5).map { TerminalText.safe($0) }.joined(separator: ", ") + (unread.count > 5 ? ", ..." : ""))
        throw CLIExit(code: CLIExit.io)
    }
}

/// `notez graph path A B`: a shortest chain of links from A to B.
struct GraphPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path", abstract: "Show a shortest chain of links from one note to another.",
        discussion: """
            Follows links as written (A links to X, X links to B); --undirected follows them either way. \
            Among chains of the same length, the one through the notes first in path order. \
            Exit status 0 found, 1 no chain, 2 usage error (an unknown NOTE), 3 some notes unreadable.
            """)

    @Argument(help: "The note to start from.", completion: Completions.notes)
    var from: String
    @Argument(help: "The note to reach.", completion: Completions.notes)
    var to: String

    @Flag(name: .long, help: "Follow links in either direction.")
    var undirected = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: GraphFormatOptions

    func run() throws {
        let format = try output.resolve()
        let context = try GraphContext(vault)
        let (notes, graph) = (context.notes, context.graph)
        let start = try context.position(of: from)
        let end = try context.position(of: to)
        let direction: NoteGraph.Direction = undirected ? .both : .forward
        // A symlinked note is never a step (its links are not followed, as everywhere else).
        let path = graph.shortestPath(from: start, to: end, direction).flatMap { found in found.allSatisfy(context.isShown) ? found : nil }
        switch format {
        case .json:
            Terminal.line(GraphDot.pathJSON(notes, from: start, to: end, direction: direction, path: path).text())
        case .dot:
            let steps = path ?? []
            let edges = zip(steps, steps.dropFirst()).map { pair in
                graph.targets(of: pair.0).contains(Int32(pair.1))
                    ? (from: notes.path(at: pair.0), to: notes.path(at: pair.1)) : (from: notes.path(at: pair.1), to: notes.path(at: pair.0))
            }
            Terminal.line(String(GraphDot.text(nodes: steps.map(context.node), edges: edges, highlighted: [notes.path(at: start), notes.path(at: end)]).dropLast()))
        case .text:
            for (step, position) in (path ?? []).enumerated() {
                let arrow: String
                if step == 0 {
                    arrow = "  "
                } else {
                    arrow = graph.targets(of: path![step - 1]).contains(Int32(position)) ? "→ " : "← "
                }
                Terminal.line(TerminalText.safe(arrow + notes.path(at: position)))
            }
        }
        try context.warnUnread()
        if path == nil {
            if format == .text {
                Terminal.notice("no chain of links from \(TerminalText.safe(notes.path(at: start))) to \(TerminalText.safe(notes.path(at: end)))\(undirected ? "" : " (--undirected follows links either way)")")
            }
            throw CLIExit(code: CLIExit.noMatchOrProblems)
        }
    }
}

/// `notez graph neighbours NOTE --depth 2`: the notes within N links of a note.
struct GraphNeighboursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "neighbours", abstract: "List the notes within N links of a note, nearest first.",
        discussion: "Exit status 0 found, 1 none, 2 usage error, 3 some notes unreadable.",
        aliases: ["neighbors"])

    @Argument(help: "A vault-relative path (with or without .md), a title, a file name or an alias.", completion: Completions.notes)
    var note: String

    @Option(help: "How many links away (1-99).")
    var depth = 1

    @Option(help: "both (default): links either way; out: the notes it links to; in: the notes linking to it.")
    var direction: Way = .both

    enum Way: String, ExpressibleByArgument, CaseIterable {
        case both, out, `in`
        var graph: NoteGraph.Direction { self == .both ? .both : self == .out ? .forward : .backward }
    }

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: GraphFormatOptions

    func validate() throws {
        guard (1...NoteGraph.maxDepth).contains(depth) else { throw ValidationError("--depth must be from 1 to \(NoteGraph.maxDepth)") }
    }

    func run() throws {
        let format = try output.resolve()
        let context = try GraphContext(vault)
        let (notes, graph) = (context.notes, context.graph)
        let start = try context.position(of: note)
        let reached = graph.reach(from: start, direction.graph, depth: depth).filter { $0.position != start && context.isShown($0.position) }
        switch format {
        case .json:
            Terminal.line(GraphDot.neighboursJSON(notes, graph: graph, note: start, depth: depth, direction: direction.graph, reached: reached).text())
        case .dot:
            let members = [start] + reached.map(\.position)
            let edges = GraphDot.edges(graph, among: members).map { (from: notes.path(at: $0.from), to: notes.path(at: $0.to)) }
            Terminal.line(String(GraphDot.text(nodes: members.map(context.node), edges: edges, highlighted: [notes.path(at: start)]).dropLast()))
        case .text:
            for item in reached { Terminal.line(TerminalText.safe("\(item.distance)  \(notes.path(at: item.position))")) }
        }
        try context.warnUnread()
        if reached.isEmpty {
            if format == .text { Terminal.notice("no note within \(depth) link\(depth == 1 ? "" : "s") of \(TerminalText.safe(notes.path(at: start)))") }
            throw CLIExit(code: CLIExit.noMatchOrProblems)
        }
    }
}

/// `notez related NOTE`: notes that share links, citations, tags or words with a note.
struct RelatedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "related", abstract: "List the notes most related to a note, with the reasons.",
        discussion: """
            Points: 1 per note both link to, 1 per note linking to both (co-citation), 1 for a direct link, \
            0.5 per shared tag, up to 2 for similar titles and tags. Exit status 0 found, 1 none, 2 usage error, 3 some notes unreadable.
            """)

    @Argument(help: "A vault-relative path (with or without .md), a title, a file name or an alias.", completion: Completions.notes)
    var note: String

    @Option(name: [.customShort("n"), .long], help: "Show at most N notes (default 20).")
    var limit = RelatedNotes.defaultLimit

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: GraphFormatOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let format = try output.resolve()
        let context = try GraphContext(vault)
        let notes = context.notes
        let start = try context.position(of: note)
        // Asked for generously, so that leaving out symlinked notes still fills the limit.
        let items = Array(
            RelatedNotes.find(start, in: notes, graph: context.graph, limit: limit + 64).filter { context.isShown($0.position) }.prefix(limit))
        switch format {
        case .json:
            Terminal.line(GraphDot.relatedJSON(notes, note: start, items: items).text())
        case .dot:
            let edges = items.map { (from: notes.path(at: start), to: notes.path(at: $0.position)) }
            Terminal.line(String(GraphDot.text(nodes: ([start] + items.map(\.position)).map(context.node), edges: edges, highlighted: [notes.path(at: start)]).dropLast()))
        case .text:
            for item in items {
                var reasons: [String] = []
                if item.linked { reasons.append("linked") }
                if !item.sharedLinks.isEmpty { reasons.append("\(item.sharedLinks.count) shared link\(item.sharedLinks.count == 1 ? "" : "s")") }
                if !item.coCitedBy.isEmpty { reasons.append("co-cited by \(item.coCitedBy.count)") }
                if !item.sharedTags.isEmpty { reasons.append("tags " + item.sharedTags.map { "#" + $0 }.joined(separator: " ")) }
                if item.textScore > 0 { reasons.append("similar words \(GraphDot.score(item.textScore))") }
                Terminal.line(TerminalText.safe("\(GraphDot.score(item.score))  \(notes.path(at: item.position))  (\(reasons.joined(separator: ", ")))"))
            }
        }
        try context.warnUnread()
        if items.isEmpty {
            if format == .text { Terminal.notice("no note is related to \(TerminalText.safe(notes.path(at: start)))") }
            throw CLIExit(code: CLIExit.noMatchOrProblems)
        }
    }
}
