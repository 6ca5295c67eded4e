/// Makes note content safe to print: control characters become visible escapes.
enum TerminalText {
    /// Escapes C0, DEL and C1 control characters (including ESC) as `\u{1B}`; newlines too unless `keepNewlines`.
    static func safe(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepNewlines: keepNewlines) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepNewlines: keepNewlines) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        if keepNewlines && (scalar == "\n" || scalar == "\t" || scalar == "\r") { return false }
        let value = scalar.value
        return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
            || value == 0x202E || value == 0x2066 || value == 0x2067 || value == 0x2068 || value == 0x2069
    }

    /// Pads with spaces to a width in characters.
    static func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// Right-aligns a number in a width.
    static func right(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// Cuts text to a width in characters with an ellipsis.
    static func cut(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}
