import NotezKit
import NotezTestSupport
import Testing

@testable import NotezServer

@Suite("Derived lists: the most used tags selected in one pass equal the sorted list's head")
struct DerivedListsTests {
    @Test("random counts with many ties, limits below, at and above the number of tags", arguments: [1, 2, 3, 4] as [UInt64])
    func mostUsedEqualsSortedPrefix(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let tags = (0..<Int.random(in: 0...600, using: &random)).map { index in
            TagSummary(key: TagKey("t\(index)-\(Int.random(in: 0...9, using: &random))"), name: "t\(index)",
                count: Int.random(in: 0...12, using: &random), color: nil, registered: false)
        }
        let sorted = tags.sorted { $0.count > $1.count || ($0.count == $1.count && $0.key < $1.key) }
        for limit in [1, 100, 200, 1000] {
            expect(DerivedLists.mostUsed(tags, limit: limit), equals: Array(sorted.prefix(limit)), "seed \(seed), limit \(limit)")
        }
    }
}
