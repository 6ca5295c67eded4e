/// Escaping untrusted vault text for HTML, shared by the static export and the web UI.
public enum HTMLText {
    /// Escapes text for an element's content or a quoted attribute value; control characters
    /// (from a hostile file name) become U+FFFD.
    public static func escape(_ text: String) -> String {
        // Most names and titles need nothing: checked by bytes, returned as they are.
        guard text.utf8.contains(where: { replacements[Int($0)] != nil }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let replacement = replacements[Int(byte)] {
                out += replacement
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What each ASCII byte becomes, when it is not kept: the markup characters and the control
    /// characters (tab, line feed and carriage return are kept). Every other byte, including
    /// those of multi-byte characters, is copied.
    private static let replacements: [[UInt8]?] = (0..<256).map { byte -> [UInt8]? in
        switch byte {
        case 0x26: Array("&amp;".utf8)
        case 0x3C: Array("&lt;".utf8)
        case 0x3E: Array("&gt;".utf8)
        case 0x22: Array("&quot;".utf8)
        case 0x27: Array("&#39;".utf8)
        case 0x09, 0x0A, 0x0D: nil
        case 0x00...0x1F, 0x7F: Array("\u{FFFD}".utf8)
        default: nil
        }
    }

    /// Percent-encodes every byte outside the unreserved set (and `/` unless `keepSlash`).
    public static func percentEncoded(_ text: String, keepSlash: Bool = false) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: "/") where keepSlash:
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
