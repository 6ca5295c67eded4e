/// JSON string literals, the one escaping rule of every JSON notez writes (CLI, export, web UI).
public enum JSONText {
    /// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as is; `forScript` also escapes U+2028 and U+2029, which end a line in JavaScript.
    public static func quote(_ text: String, into out: inout String, forScript: Bool = false) {
        out += "\""
        // Most strings need no escape: copied whole. Every escaped scalar is below 0x20, `"`, `\`,
        // 0x7F, or (U+2028, U+2029) starts with 0xE2.
        var copy = text
        let plain = copy.withUTF8 { bytes in
            !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || (forScript && $0 == 0xE2) })
        }
        if plain {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let separator = forScript && (scalar == "\u{2028}" || scalar == "\u{2029}")
                if scalar.value < 0x20 || scalar.value == 0x7F || separator {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
