#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte string in a text in linear time (Knuth-Morris-Pratt): both may be megabytes of
/// untrusted input, where a naive search takes quadratic time on inputs like `aaaa…ab`.
enum ByteSearch {
    /// The start offsets of the non-overlapping occurrences of `needle` in `hay`, at most `limit`;
    /// ASCII letters compared without case when `ignoringASCIICase`.
    static func occurrences(
        of needle: [UInt8], in hay: some RandomAccessCollection<UInt8>, ignoringASCIICase: Bool = false, limit: Int = .max
    ) -> [Int] {
        func fold(_ byte: UInt8) -> UInt8 { ignoringASCIICase && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        let pattern = needle.map(fold)
        guard !pattern.isEmpty, pattern.count <= hay.count, limit > 0 else { return [] }
        var failure = [Int](repeating: 0, count: pattern.count)
        var k = 0
        for i in 1..<pattern.count {
            while k > 0, pattern[i] != pattern[k] { k = failure[k - 1] }
            if pattern[i] == pattern[k] { k += 1 }
            failure[i] = k
        }
        var found: [Int] = []
        var matched = 0
        var offset = 0
        for raw in hay {
            let byte = fold(raw)
            while matched > 0, byte != pattern[matched] { matched = failure[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            offset += 1
            if matched == pattern.count {
                found.append(offset - pattern.count)
                if found.count == limit { break }
                matched = 0
            }
        }
        return found
    }
}

extension ByteSearch {
    /// Whether `needle` (ASCII letters lowercased) occurs in `hay` with A-Z read as a-z. Sixteen
    /// positions at a time are tested on the needle's first two bytes, and only those hits in full:
    /// a screen of a first run tests every note of the vault this way (`NoteScreen`).
    static func containsIgnoringASCIICase(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= hay.count else { return false }
        // A letter of the needle matches either case: its case bit is set in the text before comparing.
        func caseBit(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? 0x20 : 0 }
        func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return hay.withUnsafeBytes { text in
            let base = text.baseAddress!
            func matches(at offset: Int) -> Bool {
                for index in 1..<needle.count where fold(text[offset + index]) != needle[index] { return false }
                return true
            }
            let last = text.count - needle.count
            guard needle.count > 1 else {
                let other = first >= 0x61 && first <= 0x7A ? first & ~0x20 : first
                return memchr(base, Int32(first), text.count) != nil || memchr(base, Int32(other), text.count) != nil
            }
            let second = needle[1]
            let (bit0, bit1) = (SIMD16<UInt8>(repeating: caseBit(first)), SIMD16<UInt8>(repeating: caseBit(second)))
            let (want0, want1) = (SIMD16<UInt8>(repeating: first), SIMD16<UInt8>(repeating: second))
            // Text like `aaaa…` and a needle like `aa…ab` would make every position a hit to test in
            // full: past a budget of such tests the linear search takes over.
            var budget = 1024 + text.count / 8
            var offset = 0
            // Whole blocks while the second byte's block stays inside the text.
            while offset + 17 <= text.count {
                let block0 = base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) | bit0
                let block1 = base.loadUnaligned(fromByteOffset: offset + 1, as: SIMD16<UInt8>.self) | bit1
                // The mask read as two words: `any(_:)` was a call per block (the scan took 2.7 times as long).
                let words = unsafeBitCast((block0 .== want0) .& (block1 .== want1), to: SIMD2<UInt64>.self)
                if words[0] | words[1] != 0 {
                    for half in 0..<2 {
                        var word = words[half]
                        while word != 0 {
                            let at = offset + half * 8 + word.trailingZeroBitCount / 8
                            word &= ~(UInt64(0xFF) << UInt64(word.trailingZeroBitCount & ~7))
                            guard at <= last else { continue }
                            if matches(at: at) { return true }
                            budget -= 1
                            if budget == 0 { return !occurrences(of: needle, in: text, ignoringASCIICase: true, limit: 1).isEmpty }
                        }
                    }
                }
                offset += 16
            }
            while offset <= last {
                if fold(text[offset]) == first && matches(at: offset) { return true }
                offset += 1
            }
            return false
        }
    }

    /// Whether `byte` occurs in `hay`.
    static func contains(_ byte: UInt8, in hay: [UInt8]) -> Bool {
        hay.withUnsafeBytes { text in text.count > 0 && memchr(text.baseAddress!, Int32(byte), text.count) != nil }
    }
}
