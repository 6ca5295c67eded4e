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
    /// An array of `count` elements, each written as text (at the indentation given; nil:
    /// compact) by `element` while the array is written: a large list (a vault's 47,000 tags) is
    /// never held whole as values, only as the text, and one of a single shape (`TagJSON.array`)
    /// makes no value for each element.
    case elements(count: Int, element: @Sendable (_ position: Int, _ out: inout [UInt8], _ indent: Int?) -> Void)

    /// `elements` of the value `value` makes for each position, made one at a time while written.
    static func elements(count: Int, value: @escaping @Sendable (Int) -> JSONValue) -> JSONValue {
        .elements(count: count) { position, out, indent in value(position).write(into: &out, indent: indent) }
    }

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
        case .int(let value): JSONValue.writeInt(value, into: &out)
        case .number(let value): out.append(contentsOf: value.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            JSONValue.writeArray(items.count, into: &out, indent: indent, flush: flush) { position, out, indent in
                items[position].write(into: &out, indent: indent, flush: flush)
            }
        case .elements(let count, let element):
            JSONValue.writeArray(count, into: &out, indent: indent, flush: flush, element)
        case .object(let pairs):
            out.append(0x7B)
            for (position, pair) in pairs.enumerated() {
                JSONValue.writeKey(pair.0, at: position, into: &out, indent: indent)
                pair.1.write(into: &out, indent: indent.map { $0 + 1 }, flush: flush)
            }
            JSONValue.closeObject(count: pairs.count, into: &out, indent: indent)
        }
    }

    /// Writes an array of `count` elements at `indent`, each written by `element` at its own
    /// indentation; `flush` is called after each element (see `write(pretty:to:)`).
    static func writeArray(
        _ count: Int, into out: inout [UInt8], indent: Int?, flush: (inout [UInt8]) -> Void,
        _ element: (Int, inout [UInt8], Int?) -> Void
    ) {
        guard count > 0 else { out += [0x5B, 0x5D]; return }
        out.append(0x5B)
        for position in 0..<count {
            if position > 0 { out.append(0x2C) }
            newline(&out, indent.map { $0 + 1 })
            element(position, &out, indent.map { $0 + 1 })
            flush(&out)
        }
        newline(&out, indent)
        out.append(0x5D)
    }

    /// Writes what comes before the value of the member at `position` of an object opened by
    /// `{` at `indent`: a comma after the first member, the line break, the quoted key, the colon.
    static func writeKey(_ key: String, at position: Int, into out: inout [UInt8], indent: Int?) {
        if position > 0 { out.append(0x2C) }
        newline(&out, indent.map { $0 + 1 })
        JSONText.quote(key, into: &out)
        out.append(0x3A)
        if indent != nil { out.append(0x20) }
    }

    /// Writes the end of an object of `count` members at `indent` (`{}` when it has none).
    static func closeObject(count: Int, into out: inout [UInt8], indent: Int?) {
        if count > 0 { newline(&out, indent) }
        out.append(0x7D)
    }

    /// Writes an integer.
    static func writeInt(_ value: Int, into out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        for _ in 0..<indent * 2 { out.append(0x20) }
    }
}
