import NotezTestSupport
import Testing

@testable import NotezKit

/// The bit-vector set a query evaluates over: its listing and filtering agree with plain arrays
/// (they walk the words' bits without making an array of positions first).
@Suite("position set")
struct PositionSetTests {
    @Test func positionsAndFilterMatchArrays() {
        var generator = SeededGenerator(seed: 17)
        for capacity in [0, 1, 63, 64, 65, 130, 1000] {
            for _ in 0..<20 {
                let members = (0..<capacity).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
                let set = PositionSet(capacity: capacity, positions: members.shuffled(using: &generator))
                #expect(set.positions == members)
                #expect(set.count == members.count)
                let modulus = Int.random(in: 1...5, using: &generator)
                var asked: [Int] = []
                let kept = set.filter { position in
                    asked.append(position)
                    return position % modulus == 0
                }
                // Each member asked once, in increasing order; only the members kept.
                #expect(asked == members)
                #expect(kept.positions == members.filter { $0 % modulus == 0 })
                #expect(kept.capacity == capacity)
            }
            let full = PositionSet(capacity: capacity, full: true)
            #expect(full.positions == Array(0..<capacity))
            #expect(full.filter { _ in true } == full)
        }
    }
}
