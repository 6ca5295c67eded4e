/// Fuzzy matching of what was typed against a candidate, both lowercased UTF-8: the typed bytes
/// must appear in order; a prefix scores highest, then a match at word starts, then a substring,
/// then a scattered subsequence. Works on bytes so that 100,000 names take a few milliseconds.
enum EditorFuzzy {
    /// The score of `candidate` for `typed` (higher is better); nil when it does not match.
    static func score<Candidate: RandomAccessCollection<UInt8>>(_ typed: [UInt8], _ candidate: Candidate) -> Int? where Candidate.Index == Int {
        if typed.isEmpty { return 0 }
        let (base, count) = (candidate.startIndex, candidate.count)
        if typed.count > count { return nil }
        if candidate.starts(with: typed) { return 1000 - count }
        if let at = firstOffset(of: typed, in: candidate) {
            let wordStart = at > 0 && isSeparator(candidate[base + at - 1])
            return (wordStart ? 800 : 600) - at - count / 4
        }
        // Subsequence: fewer gaps score higher.
        var position = 0
        var gaps = 0
        var last = -1
        for byte in typed {
            while position < count, candidate[base + position] != byte { position += 1 }
            guard position < count else { return nil }
            if last >= 0, position != last + 1 { gaps += 1 }
            last = position
            position += 1
        }
        return 300 - gaps * 10 - count / 4
    }

    /// The offset from `haystack`'s start where `needle` first occurs.
    static func firstOffset<Haystack: RandomAccessCollection<UInt8>>(of needle: [UInt8], in haystack: Haystack) -> Int? where Haystack.Index == Int {
        let (base, count) = (haystack.startIndex, haystack.count)
        guard let first = needle.first, needle.count <= count else { return nil }
        var start = 0
        while start + needle.count <= count {
            if haystack[base + start] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[base + start + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return start }
            }
            start += 1
        }
        return nil
    }

    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")
    }
}
