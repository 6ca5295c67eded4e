/// The rules for property names (`notez set NOTE key=value`, `--prop`, schemas).
public enum PropertyKey {
    /// A plain YAML key: ASCII letters, digits, `_`, `-`, `.`, starting with a letter or digit or `_`, at most 64 bytes.
    static func isValid(_ key: String) -> Bool {
        guard let first = key.utf8.first, key.utf8.count <= 64, first != 0x2D, first != 0x2E else { return false }
        return key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D || byte == 0x2E
        }
    }

    /// Keys notez manages with its own commands (tags, pinning, dates): not settable as properties.
    static func isReserved(_ key: String) -> Bool {
        let lower = key.lowercased()
        return FrontMatterKeys.tags.contains(lower) || FrontMatterKeys.pinned.contains(lower)
            || FrontMatterKeys.created.contains(lower) || FrontMatterKeys.modified.contains(lower)
    }

    /// Splits `key=value` (the value may be empty; it may contain `=`).
    public static func assignment(_ text: String) -> (key: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]))
    }
}
