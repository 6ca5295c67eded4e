/// The one JSON shape of a link, for `links --json`, `backlinks --json` and MCP:
/// `{"source", "line", "kind", "text", "target", "fragment", "label", "status", "path", "candidates"}`,
/// and `"context"` (the line's text) for a backlink (docs/json.md).
public enum LinkJSON {
    /// The link as a JSON object; `context` adds the line it is on.
    public static func object(_ entry: LinkGraph.Entry, context: Bool = false) -> JSONValue {
        var candidates: [String] = []
        if case .ambiguous(let paths) = entry.resolution { candidates = paths }
        var pairs: [(String, JSONValue)] = [
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
        ]
        if context { pairs.append(("context", .string(entry.context ?? ""))) }
        return .object(pairs)
    }
}
