import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

@Suite("Tag keys: NFC and lower case, by one rule")
struct TagKeyTests {
    @Test("a key's bytes are the name's NFC form lower-cased, whether the name is its own key or not")
    func keyIsNormalizedLowerCase() {
        var random = SeededGenerator(seed: 5)
        let pieces = "aZ09-_/ ".map(String.init) + ["é", "e\u{301}", "Ü", "u\u{308}", "Σ", "ß", "İ", "Ǆ"]
        for _ in 0..<5_000 {
            let name = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = name.precomposedStringWithCanonicalMapping.lowercased()
            expect(Array(TagKey(name).rawValue.utf8), equals: Array(expected.utf8), "\(name.debugDescription)")
        }
        expect(TagKey("Work") == TagKey("work") && TagKey("WORK") == TagKey("work"))
        expect(Array(TagKey("Zu\u{308}rich").rawValue.utf8), equals: Array(TagKey("zürich").rawValue.utf8))
        expect(TagKey("plain-tag/child").rawValue, equals: "plain-tag/child")
    }
}
