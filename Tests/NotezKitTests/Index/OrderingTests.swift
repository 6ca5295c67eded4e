import NotezTestSupport
import Testing

@testable import NotezKit

@Suite("Ordering: names case-insensitively, ties by the exact text")
struct OrderingTests {
    /// The rule as written in the design: lower-case both, compare, and break ties by the exact text.
    private static func reference(_ lhs: String, _ rhs: String) -> Bool {
        let (a, b) = (lhs.lowercased(), rhs.lowercased())
        return a != b ? a < b : lhs < rhs
    }

    @Test("the ASCII comparison without copies agrees with the rule, on random names and their case variants")
    func nameLessAgreesWithTheRule() {
        var random = SeededGenerator(seed: 17)
        let alphabet = "aAbBzZ09-_/ .~é".map(String.init) + ["e\u{301}", "Σ", "ß"]
        func name() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined() }
        for _ in 0..<20_000 {
            let (a, b) = (name(), name())
            expect(Ordering.nameLess(a, b), equals: Self.reference(a, b), "\(a.debugDescription) < \(b.debugDescription)")
            let upper = a.uppercased()
            expect(Ordering.nameLess(a, upper), equals: Self.reference(a, upper), "\(a.debugDescription) < \(upper.debugDescription)")
        }
        expect(Ordering.nameLess("Apple", "apple"))
        expect(!Ordering.nameLess("apple", "Apple"))
        expect(Ordering.nameLess("apple", "Banana"))
        expect(Ordering.nameLess("ab", "ABC"))
        expect(!Ordering.nameLess("same", "same"))
    }
}
