/// Writes strings as YAML scalars that read back as exactly that string: plain when safe, quoted otherwise.
enum YAMLScalarWriter {
    /// Where a scalar is written: flow context (`[a, b]`) forbids more characters in plain scalars.
    public enum Context: Sendable {
        /// A block mapping value or a `- item`.
        case block
        /// An item of a flow list `[...]`.
        case flow
    }

    /// The text to write for `text`: plain when YAML reads it as that string, else double-quoted.
    public static func scalar(_ text: String, in context: Context) -> String {
        needsQuoting(text, in: context) ? doubleQuoted(text) : text
    }

    /// True when a plain scalar `text` would be read as something other than that string (or not parse).
    static func needsQuoting(_ text: String, in context: Context) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if isSpace(first) || isSpace(last) { return true }
        if text.unicodeScalars.contains(where: isSpecial) { return true }
        // YAML 1.1 booleans and nulls, and other implicitly typed words.
        let reserved: Set<String> = [
            "null", "~", "true", "false", "yes", "no", "y", "n", "on", "off",
            ".inf", "-.inf", "+.inf", ".nan", "<<", "=",
        ]
        if reserved.contains(text.lowercased()) { return true }
        if looksNumeric(text) { return true }
        // Indicators that cannot start a plain scalar.
        if "#&*!|>'\"%@`[]{},".unicodeScalars.contains(first) { return true }
        // `?` and `:` cannot start a plain scalar in a flow list (PyYAML), and `- ` or a lone
        // indicator never can; `---` and `...` look like document markers to some readers.
        if "?:".unicodeScalars.contains(first) { return true }
        if first == "-" {
            let scalars = Array(text.unicodeScalars)
            if scalars.count == 1 || isSpace(scalars[1]) { return true }
        }
        if text.hasPrefix("---") || text.hasPrefix("...") { return true }
        // Readers differ on a trailing `?` (an indicator in some flow contexts); quoting is always safe.
        if last == "?" { return true }
        if text.contains(": ") || text.contains(":\t") || text.hasSuffix(":") { return true }
        if text.contains(" #") || text.contains("\t#") { return true }
        // PyYAML ends a plain scalar in a flow list at any `?` as well.
        if context == .flow, text.unicodeScalars.contains(where: { ",[]{}:?".unicodeScalars.contains($0) }) {
            return true
        }
        return false
    }

    /// `"text"` with `\`, `"` and control characters escaped.
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if isSpecial(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `'text'` with `'` doubled; nil when `text` holds characters only double quotes can write.
    static func singleQuoted(_ text: String) -> String? {
        if text.unicodeScalars.contains(where: isSpecial) { return nil }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Writes `text` in `style`, falling back to plain-or-double-quoted when the style cannot hold it.
    public static func scalar(_ text: String, style: YAMLEvent.ScalarStyle, in context: Context) -> String {
        switch style {
        case .singleQuoted: return singleQuoted(text) ?? doubleQuoted(text)
        case .doubleQuoted: return doubleQuoted(text)
        default: return scalar(text, in: context)
        }
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar.properties.isWhitespace
    }

    /// Control characters, line breaks, the BOM, and U+FFFE/U+FFFF (which YAML readers refuse as
    /// raw characters): only writable escaped in double quotes.
    static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0xFEFF
            || scalar.value == 0x2028 || scalar.value == 0x2029 || (scalar.value >= 0x80 && scalar.value < 0xA0)
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// Numbers, dates and times in YAML 1.1 or 1.2 spelling (`2023`, `1.0`, `1e5`, `0x1F`, `1_000`,
    /// `12:30`, `2024-05-01...`); `18f` or `3d-printing` are strings.
    static func looksNumeric(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == 0x2B || first == 0x2D { bytes = bytes.dropFirst() }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        guard let head = bytes.first else { return false }
        let chars = Array(bytes)
        if chars.count >= 5, chars[0..<4].allSatisfy(isDigit), chars[4] == 0x2D { return true }
        if head == 0x30, chars.count > 2 {
            let rest = chars[2...]
            switch chars[1] {
            case 0x78: return rest.allSatisfy { isDigit($0) || $0 == 0x5F || (0x61...0x66).contains($0 | 0x20) }
            case 0x6F: return rest.allSatisfy { (0x30...0x37).contains($0) || $0 == 0x5F }
            case 0x62: return rest.allSatisfy { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }
            default: break
            }
        }
        var index = 0
        var digits = 0
        while index < chars.count, isDigit(chars[index]) || chars[index] == 0x5F || (digits > 0 && chars[index] == 0x3A) {
            if isDigit(chars[index]) { digits += 1 }
            index += 1
        }
        if index < chars.count, chars[index] == 0x2E {
            index += 1
            while index < chars.count, isDigit(chars[index]) || chars[index] == 0x5F {
                if isDigit(chars[index]) { digits += 1 }
                index += 1
            }
        }
        if digits > 0, index < chars.count, chars[index] | 0x20 == 0x65 {
            index += 1
            if index < chars.count, chars[index] == 0x2B || chars[index] == 0x2D { index += 1 }
            let start = index
            while index < chars.count, isDigit(chars[index]) { index += 1 }
            if index == start { return false }
        }
        return digits > 0 && index == chars.count
    }
}
