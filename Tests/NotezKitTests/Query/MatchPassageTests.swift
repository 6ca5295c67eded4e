import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The passages of ranked results: best lines, marked occurrences, offsets in Unicode scalars.
@Suite struct MatchPassageTests {
    func best(_ terms: [String], _ body: String, ignoreAccents: Bool = false, limit: Int = 3) -> [MatchPassage] {
        MatchPassage.best(terms, in: Array(body.utf8)[...], ignoreAccents: ignoreAccents, limit: limit)
    }

    @Test func theLineWithMostTermsComesFirst() {
        let found = best(["binary", "search"], "intro\nbinary trees\nnothing\nA Binary Search halves it; search on\n")
        expect(found.map(\.line), equals: [4, 2])
        expect(found[0].text, equals: "A Binary Search halves it; search on")
        expect(found[0].matches, equals: [2..<8, 9..<15, 27..<33])
        expect(best(["binary"], "binary\nbinary binary\n", limit: 1).map(\.line), equals: [2])
    }

    @Test func offsetsCountUnicodeScalarsOfTheTextAsWritten() {
        let found = best(["zürich"], "🇫🇷 é Zu\u{308}rich and ZÜRICH\n")
        expect(found.count, equals: 1)
        let passage = found[0]
        expect(passage.text, equals: "🇫🇷 é Zu\u{308}rich and ZÜRICH")
        // 🇫🇷 is two scalars; the decomposed ü is two.
        expect(passage.matches, equals: [5..<12, 17..<23])
        expect(passage.marked(open: "<mark>", close: "</mark>") { $0 }, equals: "🇫🇷 é <mark>Zu\u{308}rich</mark> and <mark>ZÜRICH</mark>")
    }

    @Test func inlineCodeAndMarkupStayAsWritten() {
        let found = best(["config"], "Run `notez config --json` **now**\n")
        expect(found.first?.text == "Run `notez config --json` **now**")
        expect(found.first?.matches == [11..<17])
    }

    @Test func longLinesAreCutAroundTheFirstOccurrence() {
        let line = String(repeating: "x", count: 300) + " needle " + String(repeating: "y", count: 300)
        let passage = best(["needle"], line)[0]
        expect(passage.text, equals: String(repeating: "x", count: 79) + " needle " + String(repeating: "y", count: 79))
        expect(passage.matches, equals: [80..<86])
    }

    @Test func accentsIgnoredWhenAsked() {
        expect(best(["cafe"], "un café\n").isEmpty)
        expect(best(["cafe"], "un café\n", ignoreAccents: true).first?.matches == [3..<7])
    }

    @Test func escapingIsAppliedToPiecesNotMarks() {
        let passage = best(["a"], "<a> & b\n")[0]
        let html = passage.marked(open: "<mark>", close: "</mark>") {
            $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        expect(html, equals: "&lt;<mark>a</mark>&gt; &amp; b")
    }
}
