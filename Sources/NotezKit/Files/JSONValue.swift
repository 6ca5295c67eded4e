/// A JSON value with ordered object keys, so `--json` output and export documents are stable byte for byte.
public indirect enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    /// A number kept as its JSON text (a front matter value such as `1.5e3`, written as read).
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact text on one line (for NDJSON) or pretty with two-space indentation.
    public func text(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .string(let value): JSONText.quote(value, into: &out)
        case .int(let value): out += String(value)
        case .number(let value): out += value
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (position, item) in items.enumerated() {
                if position > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{"
            for (position, pair) in pairs.enumerated() {
                if position > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                JSONText.quote(pair.0, into: &out)
                out += indent == nil ? ":" : ": "
                pair.1.write(into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<indent { out += "  " }
    }
}
