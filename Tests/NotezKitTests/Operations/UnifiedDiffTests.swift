import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct UnifiedDiffTests {
    @Test func showsOnlyTheChangedLinesWithContext() {
        let before = "---\ntitle: A\ntags: [a]\n---\nbody 1\nbody 2\nbody 3\nbody 4\nbody 5\n"
        let after = "---\ntitle: A\ntags: [a, b]\n---\nbody 1\nbody 2\nbody 3\nbody 4\nbody 5\n"
        let diff = UnifiedDiff.render(path: "n.md", before: Array(before.utf8), after: Array(after.utf8))
        expect(
            diff, equals: """
                --- a/n.md
                +++ b/n.md
                @@ -1,6 +1,6 @@
                 ---
                 title: A
                -tags: [a]
                +tags: [a, b]
                 ---
                 body 1
                 body 2

                """)
    }

    @Test func newFileIsAllAdditions() {
        let diff = UnifiedDiff.render(path: "n.md", before: [], after: Array("a\nb\n".utf8), isNew: true)
        expect(diff, equals: "--- /dev/null\n+++ b/n.md\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    @Test func identicalTextsHaveNoDiff() {
        expect(UnifiedDiff.render(path: "x", before: Array("a\n".utf8), after: Array("a\n".utf8)).isEmpty)
    }

    @Test func controlCharactersAreNotPrinted() {
        let diff = UnifiedDiff.render(path: "x", before: Array("a\n".utf8), after: Array("\u{1B}[31m\n".utf8))
        expect(!diff.contains("\u{1B}"))
    }
}
