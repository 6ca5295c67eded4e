/// Graphviz DOT text for the graph commands (`--format dot`) and their JSON shapes, shared by the
/// CLI and the MCP server. Paths and titles are vault content: in DOT every name is a quoted string
/// with `\` and `"` escaped and control characters replaced, so no name can end its string,
/// start an attribute or a statement.
public enum GraphDot {
    /// A node: its vault path (the identifier) and the label shown (its title).
    public struct Node: Sendable, Equatable {
        /// The note's path.
        public var path: String
        /// The label.
        public var label: String

        /// Creates a node.
        public init(path: String, label: String) {
            self.path = path
            self.label = label
        }
    }

    /// `digraph notez { ... }` with `nodes` and the `edges` between paths (each once, as given).
    public static func text(nodes: [Node], edges: [(from: String, to: String)], highlighted: Set<String> = []) -> String {
        var lines = ["digraph notez {", "  node [shape=box];"]
        for node in nodes {
            let bold = highlighted.contains(node.path) ? ", style=bold" : ""
            lines.append("  \(quote(node.path)) [label=\(quote(node.label))\(bold)];")
        }
        for edge in edges { lines.append("  \(quote(edge.from)) -> \(quote(edge.to));") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT quoted string: `"` and `\` escaped, line breaks and other control characters as spaces.
    public static func quote(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                out.append("\\")
                out.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                out.append(" ")
            default:
                out.append(scalar)
            }
        }
        out.append("\"")
        return String(out)
    }

    /// The JSON of a note in a graph answer: `{"path", "title"}` and the extra pairs.
    public static func noteJSON(_ notes: any NoteCollection, _ position: Int, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([("path", .string(notes.path(at: position))), ("title", .string(notes.title(at: position)))] + extra)
    }

    /// `notez graph path --json`: `{"from", "to", "direction", "length", "path": [note...]}`; an
    /// empty path and a null length when none leads there.
    public static func pathJSON(_ notes: any NoteCollection, from: Int, to: Int, direction: NoteGraph.Direction, path: [Int]?) -> JSONValue {
        .object([
            ("from", .string(notes.path(at: from))),
            ("to", .string(notes.path(at: to))),
            ("direction", .string(direction.rawValue)),
            ("length", path.map { .int($0.count - 1) } ?? .null),
            ("path", .array((path ?? []).map { noteJSON(notes, $0) })),
        ])
    }

    /// `notez graph neighbours --json`: `{"note", "depth", "direction", "neighbours": [note + distance...], "edges"}`.
    public static func neighboursJSON(
        _ notes: any NoteCollection, graph: NoteGraph, note: Int, depth: Int, direction: NoteGraph.Direction,
        reached: [(position: Int, distance: Int)]
    ) -> JSONValue {
        .object([
            ("note", noteJSON(notes, note)),
            ("depth", .int(depth)),
            ("direction", .string(direction.rawValue)),
            ("neighbours", .array(reached.map { noteJSON(notes, $0.position, [("distance", .int($0.distance))]) })),
            ("edges", .array(edges(graph, among: [note] + reached.map(\.position)).map { edge in
                .object([("from", .string(notes.path(at: edge.from))), ("to", .string(notes.path(at: edge.to)))])
            })),
        ])
    }

    /// The edges between the notes `positions` (each once, by source then target).
    public static func edges(_ graph: NoteGraph, among positions: [Int]) -> [(from: Int, to: Int)] {
        let members = Set(positions)
        var found: [(from: Int, to: Int)] = []
        for source in members.sorted() {
            for target in graph.targets(of: source) where members.contains(Int(target)) { found.append((source, Int(target))) }
        }
        return found
    }

    /// `notez related --json`: `{"note", "related": [note + score and reasons...]}`.
    public static func relatedJSON(_ notes: any NoteCollection, note: Int, items: [RelatedNotes.Item]) -> JSONValue {
        .object([
            ("note", noteJSON(notes, note)),
            ("related", .array(items.map { item in
                noteJSON(notes, item.position, [
                    ("score", .number(score(item.score))),
                    ("sharedLinks", .array(item.sharedLinks.map { .string(notes.path(at: $0)) })),
                    ("coCitedBy", .array(item.coCitedBy.map { .string(notes.path(at: $0)) })),
                    ("linked", .bool(item.linked)),
                    ("sharedTags", .array(item.sharedTags.map(JSONValue.string))),
                    ("textScore", .number(score(item.textScore))),
                ])
            })),
        ])
    }

    /// A score with three decimals, as JSON number text.
    public static func score(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
