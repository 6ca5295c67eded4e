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
            #expect(
                FullTextMatcher.containsIgnoringASCIICase(body[...], needle) == FullTextMatcher.contains(TextFold.fold(body[...]), needle),
                "\(String(decoding: body, as: UTF8.self)) / \(String(decoding: needle, as: UTF8.self))")
        }
    }

    @Test func asciiDetectionAndCases() {
        #expect(TextFold.isASCII(Array("plain text, long enough for words".utf8)[...]))
        #expect(!TextFold.isASCII(Array("eight b\u{E9}".utf8)[...]))
        #expect(!TextFold.isASCII(Array("0123456789abcdef\u{212A}".utf8)[...]))
        #expect(FullTextMatcher.containsIgnoringASCIICase(Array("The QUOKKA smiles".utf8)[...], Array("quokka".utf8)))
        #expect(!FullTextMatcher.containsIgnoringASCIICase(Array("quokk".utf8)[...], Array("quokka".utf8)))
        #expect(FullTextMatcher.containsIgnoringASCIICase(Array("a-b".utf8)[2...], Array("b".utf8)))
        // A body with the Kelvin sign is not ASCII, so the folding path (which maps it to k) decides.
        var body = FullTextMatcher.Body(bytes: Array("\u{212A}elvin".utf8)[...], isASCII: false)
        let found = body.contains(Array("kelvin".utf8), ignoreAccents: false)
        #expect(found)
    }
}
