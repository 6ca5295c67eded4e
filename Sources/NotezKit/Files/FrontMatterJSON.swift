/// Front matter YAML as JSON, for exports: mappings become objects (in file order), sequences
/// arrays, plain `true`/`false` booleans, plain numbers numbers, null null, every other scalar a
/// string. The exact text is exported beside it, so this is for reading, not for restoring.
enum FrontMatterJSON {
    static func value(_ yaml: YAMLValue) -> JSONValue {
        switch yaml {
        case .null: return .null
        case .sequence(let items): return .array(items.map(value))
        case .mapping(let pairs): return .object(pairs.map { ($0.key, value($0.value)) })
        case .scalar(let text, let plain):
            guard plain else { return .string(text) }
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return isJSONNumber(text) ? .number(text) : .string(text)
            }
        }
    }

    /// The first key that appears twice in one mapping, anywhere in the tree (JSON objects cannot hold it).
    static func duplicateKey(_ yaml: YAMLValue) -> String? {
        switch yaml {
        case .sequence(let items): return items.lazy.compactMap(duplicateKey).first
        case .mapping(let pairs):
            var seen: Set<String> = []
            for pair in pairs where !seen.insert(pair.key).inserted { return pair.key }
            return pairs.lazy.compactMap { duplicateKey($0.value) }.first
        default: return nil
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, at most 30 characters (YAML's `012`,
    /// `.5`, `1_000` and `0x1F` stay strings).
    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 30 else { return false }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return false }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return false }
        }
        return i == bytes.count
    }
}
