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
    /// An array of `count` elements made one at a time while it is written: a large list (a
    /// vault's 47,000 tags) is never held whole as values, only as the text.
    case elements(count: Int, element: @Sendable (Int) -> JSONValue)

    /// Compact text on one line (for NDJSON) or pretty with two-space indentation.
    public func text(pretty: Bool = true) -> String {
        // Built as bytes: appending to a String costs more per piece, and a vault's overview is
        // hundreds of thousands of pieces.
        var out: [UInt8] = []
        write(into: &out, indent: pretty ? 0 : nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// The text of `text(pretty:)`, handed to `sink` in pieces of about 64 KiB as it is made: a
    /// large document (a vault's overview, 6.8 MB) is never held whole.
    public func write(pretty: Bool = true, to sink: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(JSONValue.pieceSize + 4096)
        write(into: &out, indent: pretty ? 0 : nil) { out in
            guard out.count >= JSONValue.pieceSize else { return }
            sink(out)
            out.removeAll(keepingCapacity: true)
        }
        if !out.isEmpty { sink(out) }
    }

    /// The size from which `write(pretty:to:)` hands its text on.
    static let pieceSize = 1 << 16

    private func write(into out: inout [UInt8], indent: Int?, flush: (inout [UInt8]) -> Void = { _ in }) {
        switch self {
        case .string(let value): JSONText.quote(value, into: &out)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .number(let value): out.append(contentsOf: value.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            JSONValue.writeArray(items.count, { items[$0] }, into: &out, indent: indent, flush: flush)
        case .elements(let count, let element):
            JSONValue.writeArray(count, element, into: &out, indent: indent, flush: flush)
        case .object(let pairs):
            guard !pairs.isEmpty else { out += [0x7B, 0x7D]; return }
            out.append(0x7B)
            for (position, pair) in pairs.enumerated() {
                if position > 0 { out.append(0x2C) }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                JSONText.quote(pair.0, into: &out)
                out.append(0x3A)
                if indent != nil { out.append(0x20) }
                pair.1.write(into: &out, indent: indent.map { $0 + 1 }, flush: flush)
            }
            JSONValue.newline(&out, indent)
            out.append(0x7D)
        }
    }

    private static func writeArray(
        _ count: Int, _ item: (Int) -> JSONValue, into out: inout [UInt8], indent: Int?, flush: (inout [UInt8]) -> Void
    ) {
        guard count > 0 else { out += [0x5B, 0x5D]; return }
        out.append(0x5B)
        for position in 0..<count {
            if position > 0 { out.append(0x2C) }
            newline(&out, indent.map { $0 + 1 })
            item(position).write(into: &out, indent: indent.map { $0 + 1 }, flush: flush)
            flush(&out)
        }
        newline(&out, indent)
        out.append(0x5D)
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        for _ in 0..<indent * 2 { out.append(0x20) }
    }
}
