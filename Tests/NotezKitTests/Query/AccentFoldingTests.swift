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
        try expect(paths("creme", accents: false), equals: ["Three.md"])
        try expect(paths("creme", accents: true), equals: ["One.md", "Three.md"])
        try expect(paths("crème", accents: true), equals: ["One.md", "Three.md"])
        try expect(paths("title:cafe", accents: true), equals: ["One.md"])
        try expect(paths("title:cafe", accents: false), equals: [])
        try expect(paths("résumé", accents: false), equals: ["Two.md"])
        try expect(paths("resume", accents: true), equals: ["Two.md"])
    }
}
