import NotezTestSupport
import Testing

@testable import NotezKit

/// The bit-vector set a query evaluates over: its listing and filtering agree with plain arrays
/// (they walk the words' bits without making an array of positions first).
@Suite("position set")
struct PositionSetTests {
    /// The ranges a signature test splits a set into (one part a core): consecutive, covering
    /// every word, at most as many as asked, and about as many members in each.
    @Test func wordRangesCoverTheWordsInBalancedParts() {
        var generator = SeededGenerator(seed: 29)
        for capacity in [0, 1, 64, 65, 1000, 100_000] {
            for parts in [1, 2, 3, 8] {
                let members = (0..<capacity).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }
                let set = PositionSet(capacity: capacity, positions: members)
                let ranges = set.wordRanges(parts: parts)
                expect(ranges.count <= max(1, parts))
                expect(ranges.first?.lowerBound == 0)
                expect(ranges.last?.upperBound == set.words.count)
                expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                let sizes = ranges.map { range in range.reduce(0) { $0 + set.words[$1].nonzeroBitCount } }
                expect(sizes.reduce(0, +), equals: members.count)
                if members.count >= 64 * parts * 4 {
                    // Within a word's members of an even share.
                    expect(ranges.count, equals: parts)
                    expect(sizes.allSatisfy { abs($0 - members.count / parts) <= 65 }, "\(capacity), \(parts): \(sizes)")
                }
            }
        }
    }

    @Test func positionsAndFilterMatchArrays() {
        var generator = SeededGenerator(seed: 17)
        for capacity in [0, 1, 63, 64, 65, 130, 1000] {
            for _ in 0..<20 {
                let members = (0..<capacity).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
                let set = PositionSet(capacity: capacity, positions: members.shuffled(using: &generator))
                expect(set.positions, equals: members)
                expect(set.count, equals: members.count)
                let modulus = Int.random(in: 1...5, using: &generator)
                var asked: [Int] = []
                let kept = set.filter { position in
                    asked.append(position)
                    return position % modulus == 0
                }
                // Each member asked once, in increasing order; only the members kept.
                expect(asked, equals: members)
                expect(kept.positions, equals: members.filter { $0 % modulus == 0 })
                expect(kept.capacity, equals: capacity)
            }
            let full = PositionSet(capacity: capacity, full: true)
            expect(full.positions, equals: Array(0..<capacity))
            expect(full.filter { _ in true }, equals: full)
        }
    }
}
