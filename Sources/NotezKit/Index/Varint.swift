/// The index cache's small numbers: unsigned LEB128, 7 bits a byte, low bits first. Link lists,
/// stored resolutions and body facts all write them.
enum Varint {
    /// Appends `value`.
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            out.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }

    /// The number at `at`, which moves past it; nil when the bytes end first or it exceeds
    /// `Int32.max` (the cache is untrusted input: no count or offset above that is valid).
    static func read(_ bytes: UnsafeRawBufferPointer, at: inout Int) -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while at < bytes.count, shift < 63 {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value <= UInt64(Int32.max) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }
}
