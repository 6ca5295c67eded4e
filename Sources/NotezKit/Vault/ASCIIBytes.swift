/// The one test of "every byte is ASCII", eight bytes at a time, and the one lower-casing of an
/// ASCII byte; in the lowest layer so that vault paths, notes and the index share them.
enum ASCIIBytes {
    /// Whether every byte is below 0x80.
    static func only(_ raw: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= raw.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < raw.count {
            if raw[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// Whether every byte is below 0x80.
    static func only(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { only($0) }
    }

    /// A byte with A-Z lowercased.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether every byte of the text's UTF-8 is below 0x80.
    static func only(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { only(UnsafeRawBufferPointer($0)) }
    }
}
