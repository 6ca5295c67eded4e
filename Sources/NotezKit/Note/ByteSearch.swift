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
