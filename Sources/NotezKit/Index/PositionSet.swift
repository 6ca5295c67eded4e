/// A set of note positions (indexes into `VaultIndex.notes`) as a bit vector.
struct PositionSet: Equatable {
    private(set) var words: [UInt64]
    let capacity: Int

    init(capacity: Int, full: Bool = false) {
        self.capacity = capacity
        words = [UInt64](repeating: full ? ~0 : 0, count: (capacity + 63) / 64)
        if full, capacity % 64 != 0 { words[words.count - 1] = (1 << UInt64(capacity % 64)) - 1 }
    }

    /// The set whose bit vector is `words` (`(capacity + 63) / 64` of them, no bit at or past `capacity`).
    init(capacity: Int, words: [UInt64]) {
        precondition(words.count == (capacity + 63) / 64)
        self.capacity = capacity
        self.words = words
    }

    init<S: Sequence>(capacity: Int, positions: S) where S.Element == Int {
        self.init(capacity: capacity)
        for position in positions { insert(position) }
    }

    mutating func insert(_ position: Int) { words[position >> 6] |= 1 << UInt64(position & 63) }

    func contains(_ position: Int) -> Bool { words[position >> 6] & (1 << UInt64(position & 63)) != 0 }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    func intersection(_ other: PositionSet) -> PositionSet {
        var result = self
        for index in words.indices { result.words[index] &= other.words[index] }
        return result
    }

    func union(_ other: PositionSet) -> PositionSet {
        var result = self
        for index in words.indices { result.words[index] |= other.words[index] }
        return result
    }

    func subtracting(_ other: PositionSet) -> PositionSet {
        var result = self
        for index in words.indices { result.words[index] &= ~other.words[index] }
        return result
    }

    /// The positions in increasing order.
    var positions: [Int] {
        var result: [Int] = []
        // Sized once: grown by appending, a set of 100,000 positions was copied a dozen times
        // (a twentieth of a warm full-text search).
        result.reserveCapacity(count)
        for (index, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                result.append(index << 6 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        return result
    }

    /// Splits the words into at most `parts` consecutive ranges holding about as many members
    /// each (a pass over the members on several cores, each on its own words).
    func wordRanges(parts: Int) -> [Range<Int>] {
        let total = count
        let parts = max(1, min(parts, words.count))
        guard parts > 1, total > 0 else { return [0..<words.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        var seen = 0
        for (index, word) in words.enumerated() where ranges.count < parts - 1 {
            seen += word.nonzeroBitCount
            if seen * parts >= total * (ranges.count + 1) {
                ranges.append(start..<index + 1)
                start = index + 1
            }
        }
        ranges.append(start..<words.count)
        return ranges
    }

    /// The members for which `predicate` holds, in increasing order of position (no array of the
    /// positions is made).
    func filter(_ predicate: (Int) -> Bool) -> PositionSet {
        var result = PositionSet(capacity: capacity)
        for (index, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                let bit = rest & (~rest &+ 1)
                if predicate(index << 6 + rest.trailingZeroBitCount) { result.words[index] |= bit }
                rest &= rest - 1
            }
        }
        return result
    }
}
