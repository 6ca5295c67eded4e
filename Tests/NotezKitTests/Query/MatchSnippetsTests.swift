import Testing

@testable import NotezKit
import NotezTestSupport

/// The lines where a query's words occur (`search_snippets`).
@Suite struct MatchSnippetsTests {
    @Test func termsAreThePositiveWordsAndPhrases() throws {
        expect(
            MatchSnippets.terms(of: try QueryParser.parse("tag:x budget \"next year\" -draft (a OR b)")), equals: [
                "budget", "next year", "a", "b",
            ])
        expect(MatchSnippets.terms(of: try QueryParser.parse("tag:x")), equals: [])
    }

    @Test func findsLinesWithContextInBodyOrder() {
        let body = Array("intro\nThe Budget for 2025 is set.\nnothing\nbudget again and budget\n".utf8)
        let found = MatchSnippets.find(["budget"], in: body, context: 4, limit: 10)
        expect(found.map(\.line), equals: [2, 4, 4])
        expect(found.first?.text == "The Budget for")
        expect(MatchSnippets.find(["budget"], in: body, context: 4, limit: 2).count, equals: 2)
    }

    @Test func neverSplitsACharacter() {
        let body = Array("ééééé budget ééééé\n".utf8)
        let found = MatchSnippets.find(["budget"], in: body, context: 3, limit: 1)
        expect(found.first?.text == "é budget é")
    }
}
