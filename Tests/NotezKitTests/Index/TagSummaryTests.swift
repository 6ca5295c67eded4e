import NotezTestSupport
import Testing

@testable import NotezKit

@Suite("Tag summaries in the tag list's order")
struct TagSummaryTests {
    @Test("sorted by name is the order of nameLess, whatever order the summaries come in")
    func sortedByNameFollowsNameLess() {
        var random = SeededGenerator(seed: 11)
        // NFC text only: Swift's own String comparison is not transitive on some decomposed
        // strings ("ae\u{301}e\u{301}" and "ae\u{301}\u{e9}b" are neither equal nor ordered), which
        // would make any sort of them, this test's oracle included, ill-defined.
        let pieces = "abAB-/z".map(String.init) + ["é", "É", "ß"]
        var names = Set<String>()
        while names.count < 2_000 {
            names.insert((0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        let summaries = names.shuffled(using: &random).map {
            TagSummary(key: TagKey($0), name: $0, count: 1, color: nil, registered: false)
        }
        expect(TagSummary.sortedByName(summaries).map(\.name), equals: names.sorted(by: Ordering.nameLess))
        expect(TagSummary.sortedByName([]).isEmpty)
    }
}
