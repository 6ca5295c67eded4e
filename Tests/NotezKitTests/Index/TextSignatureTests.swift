import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A text signature never rules out a note that contains the text, and rules out most that do not.
@Suite("text signature")
struct TextSignatureTests {
    @Test func noFalseNegatives() {
        var generator = SeededGenerator(seed: 3)
        let words = ["quokka", "Zürich", "ÉCOLE", "naïve", "日本語", "straße", "İstanbul", "\u{212A}elvin", "e\u{301}t\u{E9}", "a b"]
        for _ in 0..<300 {
            let body = (0..<Int.random(in: 0...30, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: ["", " ", "\n", "-"].randomElement(using: &generator)!)
            let title = words.randomElement(using: &generator)!
            let signature = TextSignature.make(title: title, body: Array(body.utf8)[...])
            expect(signature.count * 8 >= TextSignature.minimumBits)
            for word in words {
                let needle = TextFold.fold(Array(word.utf8)[...])
                let inText = FullTextMatcher.contains(TextFold.fold(Array(body.utf8)[...]), needle)
                    || FullTextMatcher.contains(TextFold.fold(Array(title.utf8)[...]), needle)
                guard inText, let trigrams = TextSignature.trigrams(needle) else { continue }
                expect(signature.withUnsafeBytes { TextSignature.mayContain($0, trigrams) }, "\(word) in \(title) / \(body)")
            }
        }
    }

    @Test func rulesOutMostNotesWithoutTheWord() {
        var generator = SeededGenerator(seed: 9)
        let vocabulary = (0..<500).map { _ in String((0..<Int.random(in: 3...9, using: &generator)).map { _ in "abcdefghijklmnoprstuvwy".randomElement(using: &generator)! }) }
        let needle = TextSignature.trigrams(Array("quokka".utf8))!
        var passed = 0
        for _ in 0..<1000 {
            let body = (0..<300).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: " ")
            let signature = TextSignature.make(title: "Title", body: Array(body.utf8)[...])
            if signature.withUnsafeBytes({ TextSignature.mayContain($0, needle) }) { passed += 1 }
        }
        // About 1% by the design's estimate; a broken filter passes most or all.
        expect(passed < 60, "\(passed) of 1000 notes without the word passed")
    }

    /// Format 7: two bits per byte of folded text, rounded up to a power of two (one bit per byte
    /// left about 1,000 false positives of `quokka` at 100,000 notes, half the files a search read).
    @Test func twoBitsPerByteOfText() {
        for length in [10, 31, 32, 33, 100, 1000, 5000, 20_000, 40_000] {
            let body = Array(String(repeating: "w", count: length).utf8)[...]
            let bits = TextSignature.make(title: "T", body: body).count * 8
            let wanted = min(TextSignature.maximumBits, max(TextSignature.minimumBits, 2 * (length + 2)))
            expect(bits >= wanted, "\(length) bytes: \(bits) bits")
            expect(bits < 2 * wanted || bits == TextSignature.minimumBits, "\(length) bytes: \(bits) bits")
            expect(bits.nonzeroBitCount, equals: 1)
        }
    }

    /// Format 8: above 512 bits both positions of a trigram lie in one 512-bit block (one cache
    /// line a trigram), and a long note (blocked signature) still has no false negatives.
    @Test func blockedLayoutKeepsBothBitsInOneBlockWithoutFalseNegatives() {
        for logBits in UInt32(10)...19 {
            for trigram in stride(from: UInt32(0), to: 0x100_0000, by: 40_503) {
                let (first, second) = TextSignature.positions(trigram, logBits: logBits)
                expect(first >> 9 == second >> 9, "\(trigram) at \(logBits) bits")
                expect(first < 1 << logBits && second < 1 << logBits)
            }
        }
        // Blocks are all used: the block numbers of many trigrams cover every block.
        let blocks = Set(stride(from: UInt32(0), to: 0x100_0000, by: 997).map { TextSignature.positions($0, logBits: 14).0 >> 9 })
        expect(blocks.count == 1 << 5)
        var generator = SeededGenerator(seed: 11)
        let words = ["quokka", "Zürich", "ÉCOLE", "naïve", "日本語", "straße", "İstanbul", "\u{212A}elvin", "lorem", "ipsum", "dolor"]
        for _ in 0..<40 {
            let body = (0..<Int.random(in: 100...3000, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: " ")
            let signature = TextSignature.make(title: "T", body: Array(body.utf8)[...])
            expect(signature.count * 8 > TextSignature.blockBits)
            let folded = TextFold.fold(Array(body.utf8)[...])
            for word in words + ["quokka ipsum", "m zür"] {
                let needle = TextFold.fold(Array(word.utf8)[...])
                guard FullTextMatcher.contains(folded, needle), let trigrams = TextSignature.trigrams(needle) else { continue }
                expect(signature.withUnsafeBytes { TextSignature.mayContain($0, trigrams) }, "\(word)")
            }
        }
    }

    /// The bytes a pass prefetches for a later note (`TextSignature.prefetch`) are the bytes
    /// `mayContain` reads first: inside the signature, one block a trigram once blocked, and each
    /// of them decides (a signature of ones with one of them cleared rules the word out).
    @Test func prefetchedBytesAreTheOnesMayContainReadsFirst() {
        var generator = SeededGenerator(seed: 21)
        for logBytes in 3...16 {
            let count = 1 << logBytes
            for _ in 0..<40 {
                let trigrams = (0..<Int.random(in: 1...6, using: &generator)).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
                var offsets: [Int] = []
                trigrams.withUnsafeBufferPointer { list in TextSignature.forEachFirstByte(count: count, list) { offsets.append($0) } }
                expect(offsets.count, equals: 2 * min(2, trigrams.count))
                expect(offsets.allSatisfy { (0..<count).contains($0) }, "\(count) bytes: \(offsets)")
                if count * 8 > TextSignature.blockBits {
                    for pair in stride(from: 0, to: offsets.count, by: 2) {
                        expect(offsets[pair] / 64, equals: offsets[pair + 1] / 64, "one block a trigram")
                    }
                }
                for offset in Set(offsets) {
                    var signature = [UInt8](repeating: 0xFF, count: count)
                    expect(signature.withUnsafeBytes { TextSignature.mayContain($0, trigrams) })
                    signature[offset] = 0
                    expect(!signature.withUnsafeBytes { TextSignature.mayContain($0, trigrams) }, "\(count) bytes, byte \(offset)")
                }
            }
        }
        // A signature `mayContain` does not read (unknown, or not a power of two) is not fetched.
        for count in [0, 4, 24, 100] {
            var offsets: [Int] = []
            [UInt32(0x61_6263)].withUnsafeBufferPointer { list in TextSignature.forEachFirstByte(count: count, list) { offsets.append($0) } }
            expect(offsets.isEmpty)
        }
    }

    @Test func unknownSignatureAndShortNeedlesNeverFilter() {
        expect([UInt8]().withUnsafeBytes { TextSignature.mayContain($0, [0x717569]) })
        expect(TextSignature.trigrams(Array("ab".utf8)) == nil)
    }

    @Test func cachedFullTextReadsOnlyCandidates() throws {
        let vault = try ScratchFolder()
        for number in 0..<200 {
            let text = number % 50 == 0 ? "a quokka here \(number)" : "nothing of note \(number), just words"
            try vault.write("n\(number).md", "---\ntags: [x]\n---\n\(text)\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        let matcher = FullTextMatcher(notes: cached, needles: ["QUOKKA"])
        let found = matcher.matching(0, in: PositionSet(capacity: 200, full: true))
        expect(found.count, equals: 4)
        expect(matcher.loadedCount < 20)
        let full = try IndexBuilder.build(root: vault.path)
        expect(FullTextMatcher(notes: full, needles: ["QUOKKA"]).matching(0, in: PositionSet(capacity: 200, full: true)), equals: found)
    }
}
