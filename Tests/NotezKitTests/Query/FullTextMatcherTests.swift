import NotezTestSupport
import Testing

@testable import NotezKit

/// The in-place ASCII search finds exactly what folding the body and searching it finds.
@Suite("full-text matcher")
struct FullTextMatcherTests {
    @Test func asciiSearchAgreesWithFolding() {
        var generator = SeededGenerator(seed: 5)
        let alphabet = Array("aAbBkK zZ09-_/\n\t[]QuOkKa".utf8)
        for _ in 0..<2000 {
            let body = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = TextFold.fold((0..<Int.random(in: 1...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }[...])
            expect(
                FullTextMatcher.containsIgnoringASCIICase(body[...], needle), equals: FullTextMatcher.contains(TextFold.fold(body[...]), needle),
                "\(String(decoding: body, as: UTF8.self)) / \(String(decoding: needle, as: UTF8.self))")
        }
    }

    /// The first match at or after each offset (found with `memchr` for both spellings of the
    /// needle's first byte) is the one a byte-by-byte scan finds.
    @Test func firstMatchFromEveryOffsetAgreesWithAScan() {
        var generator = SeededGenerator(seed: 17)
        let alphabet = Array("aAbBkK qQuUoO-_\n".utf8)
        for _ in 0..<800 {
            let body = (0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = TextFold.fold((0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }[...])
            let slice = body.isEmpty ? body[...] : body[1...]
            for from in 0...slice.count {
                let expected = from > slice.count - needle.count ? nil : (from...(slice.count - needle.count)).first { start in
                    (0..<needle.count).allSatisfy { offset in
                        let byte = slice[slice.startIndex + start + offset]
                        return (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == needle[offset]
                    }
                }
                expect(FullTextMatcher.firstMatchIgnoringASCIICase(slice, needle, from: from), equals: expected)
            }
        }
    }

    @Test func asciiDetectionAndCases() {
        expect(ASCIIBytes.only(Array("plain text, long enough for words".utf8)[...]))
        expect(!ASCIIBytes.only(Array("eight b\u{E9}".utf8)[...]))
        expect(!ASCIIBytes.only(Array("0123456789abcdef\u{212A}".utf8)[...]))
        expect(FullTextMatcher.containsIgnoringASCIICase(Array("The QUOKKA smiles".utf8)[...], Array("quokka".utf8)))
        expect(!FullTextMatcher.containsIgnoringASCIICase(Array("quokk".utf8)[...], Array("quokka".utf8)))
        expect(FullTextMatcher.containsIgnoringASCIICase(Array("a-b".utf8)[2...], Array("b".utf8)))
        // A body with the Kelvin sign is not ASCII, so the folding path (which maps it to k) decides.
        var body = FullTextMatcher.Body(bytes: Array("\u{212A}elvin".utf8)[...], isASCII: false)
        let found = body.contains(Array("kelvin".utf8), ignoreAccents: false)
        expect(found)
    }

    /// A non-ASCII body is searched for an ASCII needle by a raw byte scan first; whatever the scan
    /// rejects, folding would have rejected too (random text around the scalars that fold to ASCII,
    /// combining marks that swallow an ASCII letter, dotted capital I, invalid UTF-8).
    @Test func rawPrefilterAgreesWithFolding() {
        var generator = SeededGenerator(seed: 9)
        let pieces = [
            "a", "b", "e", "K", "k", "i", "I", ";", "`", " ", "\u{301}", "\u{308}", "\u{307}", "\u{212A}", "\u{130}", "\u{37E}",
            "\u{1FEF}", "é", "ß", "Σ", "日", "\u{FB01}", "\u{2126}", "\u{212B}",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3]]
        for _ in 0..<5000 {
            let body = (0..<Int.random(in: 0...12, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            let raw = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Array("abeKki;` ".utf8).randomElement(using: &generator)! }
            let needle = TextFold.fold(raw[...])
            var scanned = FullTextMatcher.Body(bytes: body[...], isASCII: ASCIIBytes.only(body[...]))
            let expected = FullTextMatcher.contains(TextFold.fold(body[...]), needle)
            let found = scanned.contains(needle, ignoreAccents: false)
            expect(found, equals: expected, "\(body) / \(String(decoding: needle, as: UTF8.self))")
        }
        var composed = FullTextMatcher.Body(bytes: Array("cafe\u{301} x".utf8)[...], isASCII: false)
        let exact = composed.contains(Array("cafe".utf8), ignoreAccents: false)
        expect(!exact)
        // The first raw match ends before a mark that composes with its last letter; a later one does not.
        var twice = FullTextMatcher.Body(bytes: Array("entropy\u{301} and entropy.".utf8)[...], isASCII: false)
        let later = twice.contains(Array("entropy".utf8), ignoreAccents: false)
        expect(later)
        var once = FullTextMatcher.Body(bytes: Array("entropy\u{301} only".utf8)[...], isASCII: false)
        let none = once.contains(Array("entropy".utf8), ignoreAccents: false)
        expect(!none)
        var stripped = FullTextMatcher.Body(bytes: Array("cafe\u{301} x".utf8)[...], isASCII: false)
        let withoutAccents = stripped.contains(Array("cafe".utf8), ignoreAccents: true)
        expect(withoutAccents)
    }

    @Test func scalarsThatFoldToASCIIAreDetected() {
        for scalar in ["\u{37E}", "\u{1FEF}", "\u{212A}", "\u{130}"] {
            expect(TextFold.mayFoldToASCII(Array(("x" + scalar + "y").utf8)[...]), "\(scalar)")
        }
        for text in ["plain", "café", "\u{2126}\u{212B}", "日本語", "\u{E2}\u{84}", ""] {
            expect(!TextFold.mayFoldToASCII(Array(text.utf8)[...]), "\(text)")
        }
        // ASCII is skipped eight bytes at a time: each scalar at every offset around a word's
        // edge, and as the last bytes, is still found; long text without them is not.
        for scalar in ["\u{37E}", "\u{1FEF}", "\u{212A}", "\u{130}"] {
            for before in 0...17 {
                for after in [0, 1, 9] {
                    let text = String(repeating: "a", count: before) + scalar + String(repeating: "b", count: after)
                    expect(TextFold.mayFoldToASCII(Array(text.utf8)[...]), "\(before) \(scalar) \(after)")
                    let slice = Array(("zz" + text).utf8)[2...]
                    expect(TextFold.mayFoldToASCII(slice), "sliced \(before) \(scalar) \(after)")
                }
            }
        }
        for before in 0...17 {
            expect(!TextFold.mayFoldToASCII(Array((String(repeating: "a", count: before) + "é\u{2126}" + String(repeating: "c", count: 11)).utf8)[...]))
        }
    }
}
