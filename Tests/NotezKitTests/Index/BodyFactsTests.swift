import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// What `check` reads every body for, recorded in the index cache (`BodyFacts`): `check` answers
/// from the cache exactly as from the notes, and reads a note again when its record is not current.
struct BodyFactsTests {
    static let bodies: [String: String] = [
        "merge.md": "# M\n\ntext\n<<<<<<< ours\nA\n=======\nB\n>>>>>>> theirs\n",
        "dates.md": "---\ncreated: not a date\nModified: [1, 2]\nupdated: 2024-01-02\n---\nbody\n",
        "quoted.md": "---\n\"cr\\u0065ated\": soon\n---\nbody\n",
        "fine.md": "---\ntitle: Fine\ntags: [a]\n---\nno dates here\n",
        "sub/both.md": "---\ndate: yesterday-ish\n---\n<<<<<<< a\n=======\n>>>>>>> b\n",
        "broken.md": "---\ncreated: [unclosed\n---\n<<<<<<< a\n=======\n>>>>>>> b\n",
    ]

    @Test func checkFromTheCacheFindsWhatReadingEveryNoteFinds() throws {
        let vault = try ScratchFolder()
        let old = Date(timeIntervalSinceNow: -3600)
        for (path, text) in BodyFactsTests.bodies { try vault.write(path, text, modified: old) }
        _ = try IndexBuilder.build(root: vault.path)
        let index = try IndexBuilder.build(root: vault.path)
        let cached = try #require(CachedCheckData(index: index))
        // Every note has a current record, so none is read.
        expect(cached.facts.allSatisfy { $0 != nil })
        expect(cached.resolutions != nil)
        let fromCache = VaultCheck.bodyFindings(index, cached: cached)
        let fromNotes = VaultCheck.bodyFindings(index, cached: nil)
        expect(fromCache.dates, equals: fromNotes.dates)
        expect(fromCache.markers, equals: fromNotes.markers)
        // The vault has what the check looks for, so the comparison means something.
        expect(fromNotes.markers.compactMap { $0 }, equals: [4, 4, 4])
        expect(fromNotes.dates.count, equals: 4)
        expect(Set(fromNotes.dates.map(\.path)), equals: ["dates.md", "quoted.md", "sub/both.md"])
        // A note changed since the cache was written is read again, not answered from its record.
        try vault.write("fine.md", "---\ncreated: later\n---\n<<<<<<< x\n=======\n>>>>>>> y\n", modified: old)
        let changed = try IndexBuilder.build(root: vault.path, useCache: false)
        let stale = try #require(CachedCheckData(index: changed))
        expect(stale.facts[try #require(changed.notes.firstIndex { $0.path == "fine.md" })] == nil)
        expect(stale.resolutions == nil)
        let again = VaultCheck.bodyFindings(changed, cached: stale)
        expect(again.dates, equals: VaultCheck.bodyFindings(changed, cached: nil).dates)
        expect(again.markers, equals: VaultCheck.bodyFindings(changed, cached: nil).markers)
        expect(again.dates.contains { $0.path == "fine.md" })
    }

    @Test func theDateKeyFilterNeverSkipsADateKey() {
        for text in BodyFactsTests.bodies.values {
            let bytes = Array(text.utf8)
            if !BodyFacts.mayHaveDates(bytes) { expect(VaultCheck.unreadableDates(bytes, path: "x").isEmpty, "\(text)") }
        }
        expect(!BodyFacts.mayHaveDates(Array("---\ntitle: x\n---\n".utf8)))
        expect(BodyFacts.mayHaveDates(Array("---\nLastMod: x\n---\n".utf8)))
        expect(BodyFacts.mayHaveDates(Array("---\n\"cr\\u0065ated\": x\n---\n".utf8)))
    }

    @Test func storedFactsRoundTripAndCorruptOnesAreRefused() {
        let facts = BodyFacts(markerLine: 7, dates: [(2, 1, "created: 'x' is not a date notez can read; the file's time is used")])
        expect(BodyFacts.decode(facts.encoded), equals: facts)
        expect(BodyFacts.decode(BodyFacts(markerLine: nil, dates: []).encoded), equals: BodyFacts(markerLine: nil, dates: []))
        expect(BodyFacts.decode(BodyFacts.unknown) == nil)
        let bytes = facts.encoded
        for cut in 1..<bytes.count { expect(BodyFacts.decode(Array(bytes.prefix(cut))) == nil) }
    }
}
