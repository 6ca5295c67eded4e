import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The journaled body change keeps only what differs, and still gives back exact bytes: applied
/// to the text before it gives the text after, its swap does the reverse, and a file that is not
/// exactly the expected text (in the kept middle or anywhere else) is refused.
@Suite struct WholeFileChangeTests {
    /// Text with multi-byte characters at every position a cut could fall.
    static let pieces = ["a", "é", "€", "😀", "\n", "[[", "]]", "Target", "Renamed", "ß", "\u{301}", " "]

    static func randomText(_ generator: inout some RandomNumberGenerator, length: Int) -> [UInt8] {
        Array((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
    }

    @Test("a random edit round-trips through JSON, forward and back, byte for byte")
    func roundTrips() throws {
        var generator = SeededGenerator(seed: 25)
        var compact = 0
        for _ in 0..<2_000 {
            let old = Self.randomText(&generator, length: Int.random(in: 0...80, using: &generator))
            var new = old
            // One to three splices, as a link or tag rewrite makes.
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let text = Self.randomText(&generator, length: Int.random(in: 0...4, using: &generator))
                var cut = Int.random(in: 0...new.count, using: &generator)
                var end = min(new.count, cut + Int.random(in: 0...6, using: &generator))
                // Whole characters only: both texts stay UTF-8.
                while cut > 0, cut < new.count, new[cut] & 0xC0 == 0x80 { cut -= 1 }
                while end < new.count, new[end] & 0xC0 == 0x80 { end += 1 }
                new.replaceSubrange(cut..<end, with: text)
            }
            let change = try #require(WholeFileChange.between(old, new))
            if change.hashes != nil { compact += 1 }
            let decoded = try JSONDecoder().decode(WholeFileChange.self, from: JSONEncoder().encode(change))
            expect(decoded, equals: change)
            expect(decoded.apply(to: old), equals: new)
            expect(decoded.swapped.apply(to: new), equals: old)
            // Kept whole, or only the middle and at least `leastShared` bytes left out.
            if change.hashes == nil {
                expect(Array(change.before.utf8), equals: old)
            } else {
                expect(change.prefix + change.suffix >= WholeFileChange.leastShared)
                expect(change.before.utf8.count + change.prefix + change.suffix, equals: old.count)
            }
        }
        expect(compact > 200, "only \(compact) changes were kept compact")
    }

    @Test("a file changed anywhere since is refused, in the middle, before it or after it")
    func refusesAChangedFile() throws {
        let prefix = String(repeating: "Words before the link. ", count: 8)
        let suffix = String(repeating: " Words after it.", count: 8)
        let old = Array((prefix + "See [[Old]] here." + suffix).utf8)
        let new = Array((prefix + "See [[New]] here." + suffix).utf8)
        let change = try #require(WholeFileChange.between(old, new))
        expect(change.hashes != nil)
        expect(change.before, equals: "Old")
        expect(change.apply(to: old), equals: new)
        var edited = old
        edited[3] = UInt8(ascii: "X")
        expect(change.apply(to: edited) == nil)
        edited = old
        edited[old.count - 2] = UInt8(ascii: "X")
        expect(change.apply(to: edited) == nil)
        expect(change.apply(to: old + [0x0A]) == nil)
        expect(change.apply(to: new) == nil)
        expect(change.swapped.apply(to: old) == nil)
    }

    @Test("a record written before (the whole texts) still applies; a partial text without hashes is refused")
    func readsOlderRecords() throws {
        let older = #"{"before": "A [[Old]] link\n", "after": "A [[New]] link\n"}"#
        let change = try JSONDecoder().decode(WholeFileChange.self, from: Data(older.utf8))
        expect(change.apply(to: Array("A [[Old]] link\n".utf8)), equals: Array("A [[New]] link\n".utf8))
        expect(change.swapped.apply(to: Array("A [[New]] link\n".utf8)), equals: Array("A [[Old]] link\n".utf8))
        let forged = #"{"before": "Old", "after": "New", "prefix": 4, "suffix": 7}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WholeFileChange.self, from: Data(forged.utf8)) }
    }
}
