/// JSON string literals, the one escaping rule of every JSON notez writes (CLI, export, web UI).
public enum JSONText {
    /// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as is; `forScript` also escapes U+2028 and U+2029, which end a line in JavaScript.
    public static func quote(_ text: String, into out: inout String, forScript: Bool = false) {
        var bytes: [UInt8] = []
        quote(text, into: &bytes, forScript: forScript)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `quote` appending UTF-8 bytes, for writers that build large documents.
    static func quote(_ text: String, into out: inout [UInt8], forScript: Bool = false) {
        out.append(0x22)
        // Most strings need no escape: copied whole. Every escaped scalar is below 0x20, `"`, `\`,
        // 0x7F, or (U+2028, U+2029) starts with 0xE2.
        var copy = text
        let plain = copy.withUTF8 { bytes in
            if bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || (forScript && $0 == 0xE2) }) {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if plain {
            out.append(0x22)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            default:
                let separator = forScript && (scalar == "\u{2028}" || scalar == "\u{2029}")
                if scalar.value < 0x20 || scalar.value == 0x7F || separator {
                    let hex = String(scalar.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                }
            }
        }
        out.append(0x22)
    }
}
