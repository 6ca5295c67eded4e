/// Standard base64 (RFC 4648, with padding) for bytes that are not UTF-8 text: in exports and in
/// journaled writes of such files.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64 text, nil when it is not valid base64 (white space is not allowed).
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var position = 0
        while position < input.count {
            var values: [UInt8] = []
            var padding = 0
            for offset in 0..<4 {
                let c = input[position + offset]
                if c == UInt8(ascii: "=") {
                    // Padding only at the very end, at most two.
                    guard position + 4 == input.count, offset >= 2 else { return nil }
                    padding += 1
                    values.append(0)
                    continue
                }
                guard padding == 0, let value = sextet(c) else { return nil }
                values.append(value)
            }
            out.append(values[0] << 2 | values[1] >> 4)
            if padding < 2 { out.append((values[1] & 0x0F) << 4 | values[2] >> 2) }
            if padding < 1 { out.append((values[2] & 0x03) << 6 | values[3]) }
            position += 4
        }
        return out
    }

    private static func sextet(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
