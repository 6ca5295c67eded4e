/// Byte scans that let a row's text skip the `String` work: ASCII, and nothing to escape.
enum ByteText {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte is below 0x80 (eight at a time).
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var at = 0
        while at + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) & high != 0 { return false }
            at += 8
        }
        while at < bytes.count {
            if bytes[at] >= 0x80 { return false }
            at += 1
        }
        return true
    }

    /// True when UTF-8 `bytes` hold no byte `TerminalText.safe` looks at: below 0x20, 0x7F, or the
    /// lead bytes 0xC2 (C1 controls) and 0xE2 (bidi controls). False does not mean there is something
    /// to escape, only that `TerminalText.safe` must decide.
    static func needsNoEscape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var at = 0
        while at + 8 <= bytes.count {
            // Four word-at-a-time tests, each exact as a yes or no (a byte below 0x20; a byte
            // equal to 0x7F, 0xC2 or 0xE2), whatever the other bytes are.
            let word = bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            if (word &- ones &* 0x20) & ~word & high != 0 || hasByte(word, 0x7F) || hasByte(word, 0xC2) || hasByte(word, 0xE2) {
                return false
            }
            at += 8
        }
        while at < bytes.count {
            if flagged(bytes[at]) { return false }
            at += 1
        }
        return true
    }

    /// Whether some byte of `word` is `byte`.
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let masked = word ^ (ones &* UInt64(byte))
        return (masked &- ones) & ~masked & high != 0
    }

    private static func flagged(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }
}
