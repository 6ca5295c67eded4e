/// Writes strings as YAML scalars that read back as exactly that string: plain when safe, quoted otherwise.
public enum YAMLScalarWriter {
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
    public static func needsQuoting(_ text: String, in context: Context) -> Bool {
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
        if "-?:".unicodeScalars.contains(first) {
            let scalars = Array(text.unicodeScalars)
            if scalars.count == 1 || isSpace(scalars[1]) { return true }
        }
        if text.contains(": ") || text.contains(":\t") || text.hasSuffix(":") { return true }
        if text.contains(" #") || text.contains("\t#") { return true }
        if context == .flow, text.unicodeScalars.contains(where: { ",[]{}:".unicodeScalars.contains($0) }) {
            return true
        }
        return false
    }

    /// `"text"` with `\`, `"` and control characters escaped.
    public static func doubleQuoted(_ text: String) -> String {
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
    public static func singleQuoted(_ text: String) -> String? {
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

    /// Control characters, line breaks, the BOM: only writable escaped in double quotes.
    static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0xFEFF
            || scalar.value == 0x2028 || scalar.value == 0x2029 || (scalar.value >= 0x80 && scalar.value < 0xA0)
    }

    /// Numbers, dates and times in any YAML spelling (`2023`, `1.0`, `0x1F`, `1_000`, `12:30`, `2024-05-01`).
    static func looksNumeric(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
        guard let head = scalars.first else { return false }
        let isDigit = head.properties.numericType != nil && head.isASCII
        let dotDigit = head == "." && scalars.dropFirst().first.map { $0.isASCII && $0.properties.numericType != nil } == true
        guard isDigit || dotDigit else { return false }
        let allowed = Set("0123456789abcdefABCDEFxXoO_.:+-tTzZ ".unicodeScalars)
        return scalars.allSatisfy { allowed.contains($0) }
    }
}
