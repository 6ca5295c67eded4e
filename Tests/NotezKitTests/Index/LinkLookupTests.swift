import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The compact lookup (`LinkLookup`) answers as a dictionary of names to positions, and a lookup
/// carried through changes equals one built afresh.
@Suite("compact link lookup")
struct LinkLookupTests {
    static func keys(_ random: inout SeededGenerator) -> [String] {
        let names = ["alpha", "beta", "café", "cafe\u{301}", "x.md", "x", "", "a b", "dup", "Dup"]
        return Array(Set((0..<Int.random(in: 0..<4, using: &random)).map { _ in names.randomElement(using: &random)! }))
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func answersAsADictionaryAndCarriesAsABuild(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var notes = (0..<60).map { _ in LinkLookupTests.keys(&random) }
        for _ in 0..<40 {
            let lookup = LinkLookup(notes.indices) { notes[$0] }
            // Names compare by bytes (the lookups' names are folded: NFC, lower case), so `café` in
            // NFC and in NFD are two names here, as in the cache's link key table.
            var expected: [[UInt8]: [Int]] = [:]
            for (position, keys) in notes.enumerated() { for key in keys { expected[Array(key.utf8), default: []].append(position) } }
            for (key, positions) in expected {
                let name = String(decoding: key, as: UTF8.self)
                expect(lookup.positions(of: name), equals: positions, "\(name)")
            }
            expect(lookup.positions(of: "nobody"), equals: [])
            // A change: some notes edited, some removed, some added (positions move, order kept).
            let old = notes
            var leaving: [Int] = []
            var kept: [[String]] = []
            var remap = [Int](repeating: -1, count: old.count)
            for position in old.indices {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: leaving.append(position)
                case 1:
                    leaving.append(position)
                    remap[position] = kept.count
                    kept.append(LinkLookupTests.keys(&random))
                default:
                    remap[position] = kept.count
                    kept.append(old[position])
                }
            }
            var arriving = leaving.compactMap { remap[$0] >= 0 ? remap[$0] : nil }
            var next: [[String]] = []
            var finalRemap = [Int](repeating: -1, count: old.count)
            var shift: [Int] = []
            for (position, keys) in kept.enumerated() {
                if Int.random(in: 0..<8, using: &random) == 0 { next.append(LinkLookupTests.keys(&random)) }
                shift.append(next.count)
                next.append(keys)
                _ = position
            }
            for position in old.indices where remap[position] >= 0 { finalRemap[position] = shift[remap[position]] }
            arriving = arriving.map { shift[$0] }
            for position in next.indices where !shift.contains(position) { arriving.append(position) }
            arriving.sort()
            var carried = lookup
            carried.carry(leaving: leaving, remap: finalRemap, arriving: arriving, new: { next[$0] })
            notes = next
            expect(carried, equals: LinkLookup(notes.indices) { notes[$0] })
        }
    }
}
