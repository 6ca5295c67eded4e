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
        // Built as bytes: appending to a String costs more per piece, and a vault's overview is
        // hundreds of thousands of pieces.
        var out: [UInt8] = []
        write(into: &out, indent: pretty ? 0 : nil)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], indent: Int?) {
        switch self {
        case .string(let value): JSONText.quote(value, into: &out)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .number(let value): out.append(contentsOf: value.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            guard !items.isEmpty else { out += [0x5B, 0x5D]; return }
            out.append(0x5B)
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(0x2C) }
                newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out.append(0x5D)
        case .object(let pairs):
            guard !pairs.isEmpty else { out += [0x7B, 0x7D]; return }
            out.append(0x7B)
            for (position, pair) in pairs.enumerated() {
                if position > 0 { out.append(0x2C) }
                newline(&out, indent.map { $0 + 1 })
                JSONText.quote(pair.0, into: &out)
                out.append(0x3A)
                if indent != nil { out.append(0x20) }
                pair.1.write(into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out.append(0x7D)
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        for _ in 0..<indent * 2 { out.append(0x20) }
    }
}
