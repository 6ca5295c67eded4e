import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `listOrder` breaks ties in pinned and modified by position instead of comparing paths: the
/// order must stay the one `Ordering.noteLess` gives (pinned first, newest first, then by path),
/// for the full index and for the cached view alike.
@Suite("list order")
struct ListOrderTests {
    @Test func tiesGoInPathOrderAsNoteLessSays() throws {
        var generator = SeededGenerator(seed: 53)
        let vault = try ScratchFolder()
        // Few distinct times and many notes: most comparisons are ties; paths mix case, accents
        // and folders so that path order is not creation order.
        let names = ["b", "A", "é", "e", "Z", "a b", "ß", "日本", "x/y", "x/a", "B/c", "0"]
        let times = [Date(timeIntervalSince1970: 1_600_000_000), Date(timeIntervalSince1970: 1_700_000_000)]
        var written = 0
        for name in names {
            for copy in 0..<4 {
                let pinned = Int.random(in: 0..<5, using: &generator) == 0
                let text = pinned ? "---\npinned: true\n---\nbody\n" : "body \(copy)\n"
                _ = try vault.write("\(name)\(copy).md", text, modified: times.randomElement(using: &generator)!)
                written += 1
            }
        }
        let index = try IndexBuilder.build(root: vault.path)
        expect(index.notes.count, equals: written)
        let cached = IndexBuilder.collection(root: vault.path)
        expect(cached is CachedIndex)
        for round in 0..<20 {
            let positions = index.notes.indices.filter { _ in round == 0 || Bool.random(using: &generator) }
            let expected = index.notes.withUnsafeBufferPointer { notes in
                positions.sorted { Ordering.noteLess(notes[$0], notes[$1]) }.map { notes[$0].path }
            }
            expect(index.listOrder(positions, limit: nil).map { index.notes[$0].path }, equals: expected)
            expect(cached.listOrder(positions, limit: nil).map { cached.path(at: $0) }, equals: expected)
            expect(index.listOrder(positions, limit: 3).map { index.notes[$0].path }, equals: Array(expected.prefix(3)))
        }
        // Ties happened: the rule after pinned and modified was exercised.
        let keys = index.notes.map { "\($0.pinned) \($0.modified)" }
        expect(Set(keys).count < keys.count / 4)
    }

    @Test("the integer sort keeps listLess's order on any times, and a NaN takes the comparison sort")
    func integerKeysOrderAsListLess() {
        var generator = SeededGenerator(seed: 31)
        let special: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-300, 1_700_000_000, 1_700_000_000.5]
        // Up to 300 notes (a comparison sort), and rounds of thousands whose positions come in
        // ascending order (a radix sort) or not, with times that tie or spread over many bytes.
        for round in 0..<60 {
            let large = round >= 40
            let count = large ? Int.random(in: 300...3_000, using: &generator) : Int.random(in: 0...300, using: &generator)
            var times = (0..<count).map { _ in
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: special.randomElement(using: &generator)!
                case 1 where large: Double.random(in: -1e12...1e12, using: &generator)
                default: Double(Int.random(in: -5...5, using: &generator)) * 1e9
                }
            }
            if round % 10 == 9, count > 2 { times[count / 2] = .nan }
            let pins = (0..<count).map { _ in Int.random(in: 0..<6, using: &generator) == 0 }
            let kept = Array(0..<count).filter { _ in Int.random(in: 0..<4, using: &generator) != 0 }
            let positions = large && round % 3 != 0 ? kept : kept.shuffled(using: &generator)
            let expected = Ordering.comparisonOrder(positions, limit: nil, pinned: { pins[$0] }, modified: { times[$0] })
            for limit in [nil, 0, 1, 7, count] as [Int?] {
                let ordered = Ordering.listPositions(positions, limit: limit, pinned: { pins[$0] }, modified: { times[$0] })
                expect(ordered, equals: Array(expected.prefix(limit ?? expected.count)), "round \(round) limit \(String(describing: limit))")
            }
        }
        for a in special {
            for b in special {
                expect((Ordering.descendingKey(a) < Ordering.descendingKey(b)), equals: (a > b), "\(a) \(b)")
                expect((Ordering.descendingKey(a) == Ordering.descendingKey(b)), equals: (a == b), "\(a) \(b)")
            }
        }
    }

    @Test("members of the full order are the members sorted, at any limit; another snapshot's positions are refused")
    func membersOfTheFullOrder() {
        var generator = SeededGenerator(seed: 71)
        for round in 0..<30 {
            let count = Int.random(in: 0...400, using: &generator)
            let times = (0..<count).map { _ in Double(Int.random(in: 0...6, using: &generator)) }
            let pins = (0..<count).map { _ in Int.random(in: 0..<7, using: &generator) == 0 }
            let all = Ordering.listPositions(Array(0..<count), limit: nil, pinned: { pins[$0] }, modified: { times[$0] })
            let positions = Array(0..<count).shuffled(using: &generator).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }
            for limit in [nil, 0, 1, 5, positions.count, positions.count + 3] as [Int?] {
                let sorted = Ordering.listPositions(positions, limit: limit, pinned: { pins[$0] }, modified: { times[$0] })
                expect(Ordering.members(positions, in: all, limit: limit), equals: sorted, "round \(round) limit \(String(describing: limit))")
            }
        }
        expect(Ordering.members([0, 3], in: [2, 1, 0], limit: nil) == nil)
        expect(Ordering.members([-1], in: [0], limit: nil) == nil)
    }

    @Test("paths lent for many positions, in any order and with repeats, are each position's path")
    func pathsOfManyPositions() {
        var generator = SeededGenerator(seed: 5)
        // Short paths (kept inside the string), long ones and non-ASCII ones; more notes than a
        // window of `forEachPath`, so runs cross windows.
        let count = VaultIndex.pathWindow + 3000
        let notes = (0..<count).map { number -> Note in
            let name = number % 3 == 0 ? "n\(number)" : "Folder \(number % 17)/Ünïcode note number \(number) of many"
            return Note(
                path: name + ".md", folder: "", title: name, tags: [], tagKeys: [], pinned: false, created: 0, modified: 0, snippet: "",
                stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1))
        }
        let index = VaultIndex(root: "/memory", config: VaultConfig(), notes: notes, folders: [])
        let shuffled = Array(0..<count).shuffled(using: &generator)
        let repeated = shuffled.prefix(5000) + shuffled.prefix(20)
        for positions in [shuffled, Array(shuffled.prefix(VaultIndex.pathWindow / 4)), Array(shuffled.prefix(40)), Array(repeated), []] {
            var lent: [String] = []
            index.forEachPath(at: positions[...]) { lent.append(String(decoding: $0, as: UTF8.self)) }
            expect(lent, equals: positions.map { index.path(at: $0) })
        }
        var lent: [String] = []
        index.forEachPath(at: shuffled[100..<9000]) { lent.append(String(decoding: $0, as: UTF8.self)) }
        expect(lent, equals: shuffled[100..<9000].map { index.path(at: $0) })
    }
}
