/// An `application/x-www-form-urlencoded` body or query string: ordered name/value pairs.
struct FormData: Sendable {
    /// The pairs in order (a name may repeat).
    var pairs: [(String, String)]

    /// Parses `a=1&b=x+y`; malformed percent escapes are kept as written.
    init(_ text: String) {
        pairs = text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (FormData.decode(parts[0]), FormData.decode(parts.count > 1 ? parts[1] : ""))
        }
    }

    /// The first value of `name`.
    subscript(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    /// Every value of `name`.
    func all(_ name: String) -> [String] { pairs.filter { $0.0 == name }.map(\.1) }

    /// Decodes `+` and `%XX`; invalid UTF-8 becomes U+FFFD.
    static func decode<S: StringProtocol>(_ text: S) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), i + 2 < utf8.count,
                let value = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                i += 2
            } else {
                bytes.append(byte)
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
