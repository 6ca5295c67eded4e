/// A JSON value with ordered object keys, for export documents: stable output byte for byte.
public indirect enum ExportValue: Sendable, Equatable {
    case string(String)
    /// A number, kept as its JSON text.
    case number(String)
    case bool(Bool)
    case null
    case array([ExportValue])
    case object([Pair])

    /// Pretty JSON text with two-space indentation and a final newline.
    public func text() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let value): JSONText.quote(value, into: &out)
        case .number(let value): out += value
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (position, item) in items.enumerated() {
                out += position > 0 ? ",\n" : "\n"
                out += String(repeating: "  ", count: indent + 1)
                item.write(into: &out, indent: indent + 1)
            }
            out += "\n" + String(repeating: "  ", count: indent) + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{"
            for (position, pair) in pairs.enumerated() {
                out += position > 0 ? ",\n" : "\n"
                out += String(repeating: "  ", count: indent + 1)
                JSONText.quote(pair.key, into: &out)
                out += ": "
                pair.value.write(into: &out, indent: indent + 1)
            }
            out += "\n" + String(repeating: "  ", count: indent) + "}"
        }
    }
}

extension ExportValue {
    /// One key and value of an `ExportValue.object`.
    public struct Pair: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: ExportValue

        /// Creates a pair.
        public init(_ key: String, _ value: ExportValue) {
            self.key = key
            self.value = value
        }
    }
}
