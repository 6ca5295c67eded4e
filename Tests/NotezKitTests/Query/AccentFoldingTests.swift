import Testing
import NotezTestSupport

@testable import NotezKit

/// `QueryEvaluator.ignoresAccents`: `cafe` finds `café` in bodies and titles, only when asked.
@Suite struct AccentFoldingTests {
    @Test func wordsAndTitlesIgnoreAccentsOnlyWhenAsked() throws {
        let vault = try ScratchFolder()
        try vault.write("One.md", "---\ntitle: Le Café\n---\nUne crème brûlée.\n")
        // NFD spelling: e + combining acute.
        try vault.write("Two.md", "# Resume\n\nMy re\u{301}sume\u{301}.\n")
        try vault.write("Three.md", "# Plain\n\ncafe creme\n")
        let index = try IndexBuilder.build(root: vault.path, useCache: false)
        func paths(_ query: String, accents: Bool) throws -> [String] {
            var evaluator = QueryEvaluator(index: index)
            evaluator.ignoresAccents = accents
            return evaluator.notes(matching: try QueryParser.parse(query)).map(\.path).sorted()
        }
        #expect(try paths("creme", accents: false) == ["Three.md"])
        #expect(try paths("creme", accents: true) == ["One.md", "Three.md"])
        #expect(try paths("crème", accents: true) == ["One.md", "Three.md"])
        #expect(try paths("title:cafe", accents: true) == ["One.md"])
        #expect(try paths("title:cafe", accents: false) == [])
        #expect(try paths("résumé", accents: false) == ["Two.md"])
        #expect(try paths("resume", accents: true) == ["Two.md"])
    }
}
