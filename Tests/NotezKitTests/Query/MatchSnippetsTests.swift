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

    @Test func findsTheBestLinesFirstWithContext() {
        let body = Array("intro\nThe Budget for 2025 is set.\nnothing\nbudget again and budget\nplan and budget\n".utf8)
        // The line with most occurrences first, then the earliest; one snippet a line.
        let found = MatchSnippets.find(["budget"], in: body[...], context: 4, limit: 10)
        expect(found.map(\.line), equals: [4, 2, 5])
        expect(found.map(\.text), equals: ["budget aga", "The Budget for", "and budget"])
        expect(MatchSnippets.find(["budget"], in: body[...], context: 4, limit: 2).map(\.line), equals: [4, 2])
        // Most distinct terms beat most occurrences; each line is named by the term found first on it.
        let two = MatchSnippets.find(["budget", "plan"], in: body[...], context: 80, limit: 10)
        expect(two.map(\.line), equals: [5, 4, 2])
        expect(two.map(\.term), equals: ["plan", "budget", "budget"])
    }

    @Test func matchesAsTheSearchDoesFolded() {
        // Case beyond ASCII and NFD spellings, as the search folds them; accents only when asked.
        let body = Array("ÉLAN here\nelan there\nE\u{301}lan again\n".utf8)
        expect(MatchSnippets.find(["élan"], in: body[...], context: 80, limit: 10).map(\.line), equals: [1, 3])
        expect(MatchSnippets.find(["élan"], in: body[...], context: 80, limit: 10, ignoreAccents: true).map(\.line), equals: [1, 2, 3])
    }

    @Test func neverSplitsACharacter() {
        let body = Array("ééééé budget ééééé\n".utf8)
        let found = MatchSnippets.find(["budget"], in: body[...], context: 3, limit: 1)
        expect(found.first?.text == "éé budget éé")
        // No context: the occurrence alone.
        expect(MatchSnippets.find(["budget"], in: body[...], context: 0, limit: 1).first?.text == "budget")
    }
}
