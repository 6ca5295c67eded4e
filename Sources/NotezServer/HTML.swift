import NotezKit

/// Building HTML text: escaping of untrusted vault text and URL parts.
enum HTML {
    /// Escapes text for an element's content or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters from a hostile file name would only confuse the page.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Percent-encodes a query parameter value (everything but unreserved characters).
    static func queryValue(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// A link target `path?name=value&...`, escaped for an attribute.
    static func href(_ path: String, _ parameters: [(String, String)] = []) -> String {
        if parameters.isEmpty { return escape(path) }
        return escape(path + "?" + parameters.map { "\($0.0)=\(queryValue($0.1))" }.joined(separator: "&"))
    }

    /// The CSS class of a folder or tag color (the colors are in /assets/colors.css, since the
    /// Content-Security-Policy forbids inline styles).
    static func colorClass(_ color: ColorName?) -> String {
        guard let color else { return "" }
        return " c-" + color.text.replacingOccurrences(of: "#", with: "x")
    }
}
