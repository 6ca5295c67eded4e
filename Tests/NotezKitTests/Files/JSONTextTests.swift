import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Every JSON string notez writes parses back to the text it was given, whether or not the text
/// needed an escape (plain text is copied whole, the rest scalar by scalar).
@Suite("JSON text")
struct JSONTextTests {
    @Test(arguments: [
        "", "plain", "quote \" and \\ backslash", "tab\there\nnewline\r", "\u{0}\u{1F}\u{7F}", "é ü 日本 🎉", "line\u{2028}sep\u{2029}",
        "e\u{301}", "\u{9B}csi", "…",
    ])
    func roundTrips(_ text: String) throws {
        for forScript in [false, true] {
            var out = ""
            JSONText.quote(text, into: &out, forScript: forScript)
            let parsed = try JSONSerialization.jsonObject(with: Data(("[" + out + "]").utf8)) as? [String]
            expect(parsed, equals: [text])
            expect(!out.contains("\u{7F}"))
            expect(!out.unicodeScalars.contains { $0.value < 0x20 })
            expect(out.contains("\u{2028}"), equals: (!forScript && text.contains("\u{2028}")))
        }
    }

    @Test func escapesAsBefore() {
        var out = ""
        JSONText.quote("a\"b\\c\nd\u{1}e\u{2028}", into: &out, forScript: true)
        expect(out, equals: #""a\"b\\c\nd\u0001e\u2028""#)
        out = ""
        JSONText.quote("plain é", into: &out)
        expect(out, equals: "\"plain é\"")
    }
}
