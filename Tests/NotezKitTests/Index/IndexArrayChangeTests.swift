import NotezTestSupport
import Testing

@testable import NotezKit

/// `VaultIndex.change` brings an array shared by an index update (its notes, a link table's
/// links) to the new array in place: it must give exactly the new array, count a note replaced
/// between the same two kept notes as no move, and leave an edit of many notes unshared with the
/// live index that gave it (else the live index copies every note at its next change).
@Suite("Index arrays changed in place")
struct IndexArrayChangeTests {
    /// An old array, the positions that leave it (each taken out, or edited where it is), and the
    /// new array with further elements put in at random places.
    private static func randomChange(_ random: inout SeededGenerator, count: Int, leavingCount: Int, arrivingCount: Int)
        -> (old: [String], new: [String], leaving: [Int], arriving: [Int])
    {
        let old = (0..<count).map { "old \($0)" }
        let leaving = Array((0..<count).shuffled(using: &random).prefix(leavingCount)).sorted()
        let leavingSet = Set(leaving)
        let editsInPlace = Bool.random(using: &random)
        var new: [String] = []
        for position in old.indices {
            if !leavingSet.contains(position) {
                new.append(old[position])
            } else if editsInPlace && Bool.random(using: &random) {
                new.append("edited \(position)")
            }
        }
        for number in 0..<arrivingCount {
            new.insert("new \(number)", at: Int.random(in: 0...new.count, using: &random))
        }
        let arriving = new.indices.filter { !new[$0].hasPrefix("old ") }
        return (old, new, leaving, arriving)
    }

    /// The elements that must be removed or inserted: in each gap between kept elements, those a
    /// leaving and an arriving element do not pair off.
    private static func moves(leaving: [Int], arriving: [Int]) -> Int {
        var leavingByGap: [Int: Int] = [:]
        var arrivingByGap: [Int: Int] = [:]
        for (rank, position) in leaving.enumerated() { leavingByGap[position - rank, default: 0] += 1 }
        for (rank, position) in arriving.enumerated() { arrivingByGap[position - rank, default: 0] += 1 }
        let paired = leavingByGap.reduce(0) { $0 + min($1.value, arrivingByGap[$1.key] ?? 0) }
        return leaving.count + arriving.count - 2 * paired
    }

    @Test("gives the new array whenever it changes in place; refuses only past the limit of moves", arguments: [1, 2, 3, 4] as [UInt64])
    func equalsNew(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var refused = 0
        // Changes of more positions than the limit that still went in place, by pairing.
        var paired = 0
        for _ in 0..<400 {
            let count = Int.random(in: 0...300, using: &random)
            let leavingCount = Int.random(in: 0...min(count, 120), using: &random)
            let arrivingCount = Int.random(in: 0...(Bool.random(using: &random) ? 120 : 8), using: &random)
            let (old, new, leaving, arriving) = Self.randomChange(
                &random, count: count, leavingCount: leavingCount, arrivingCount: arrivingCount)
            var elements = old
            if VaultIndex.change(&elements, to: new, leaving: leaving, arriving: arriving) {
                expect(elements, equals: new)
                expect(Self.moves(leaving: leaving, arriving: arriving) <= VaultIndex.inPlaceLimit)
                if leaving.count + arriving.count > VaultIndex.inPlaceLimit { paired += 1 }
            } else {
                refused += 1
                expect(elements, equals: old)
                expect(Self.moves(leaving: leaving, arriving: arriving) > VaultIndex.inPlaceLimit)
            }
        }
        // Every outcome was seen.
        expect(refused > 0 && refused < 400 && paired > 0)
    }

    @Test("an edit of 500 notes and two renames change in place: the edits and the rename between the same neighbours move nothing")
    func manyEditsInPlace() {
        let old = (0..<10_000).map { "note \(100_000 + $0)" }
        var new = old
        let edited = stride(from: 3, to: 10_000, by: 20).map { $0 }
        for position in edited { new[position] += " edited" }
        // A rename that keeps the note between the same two neighbours, and one that moves it far.
        new[7000] = "note 107000 renamed"
        let moved = new.remove(at: 9000)
        new.insert(moved.replacingOccurrences(of: "note", with: "moved"), at: 10)
        let leaving = (edited + [7000, 9000]).sorted()
        let arriving = new.indices.filter { !new[$0].hasPrefix("note ") || new[$0].hasSuffix("edited") || new[$0].hasSuffix("renamed") }
        expect(arriving.count, equals: leaving.count)
        var elements = old
        expect(VaultIndex.change(&elements, to: new, leaving: leaving, arriving: arriving))
        expect(elements, equals: new)
    }

    @Test("an update of more notes than the limit leaves the index's notes its own, not the live index's")
    func updateKeepsItsOwnNotes() {
        let notes = (0..<500).map { TitleTableTests.note("n\(100 + $0).md", title: "n\(100 + $0)", tags: $0 % 3 == 0 ? ["a"] : []) }
        var index = VaultIndex(root: "/vault", config: VaultConfig(), notes: notes, folders: [])
        var newNotes = notes
        let changed = stride(from: 0, to: 500, by: 5).map { $0 }
        for position in changed { newNotes[position] = TitleTableTests.note(notes[position].path, title: "edited", tags: ["b"]) }
        let replaced = index.update(
            changing: Set(changed.map { PathKey(notes[$0].path) }), notes: newNotes, isSymlink: { _ in false }, folders: nil,
            trashCount: 0)
        expect(replaced == nil)
        expect(index.notes.map(\.title), equals: newNotes.map(\.title))
        let shared = index.notes.withUnsafeBufferPointer { $0.baseAddress } == newNotes.withUnsafeBufferPointer { $0.baseAddress }
        expect(!shared)
        expect(index.positions(taggedWith: TagKey("b")), equals: changed)
    }
}
