import NotezTestSupport
import Testing

@testable import NotezKit

/// The plain-name shortcut of `StoredLink.targetKeys` gives the general rule's keys, in its order.
@Suite("stored link keys")
struct StoredLinkTests {
    /// Pieces of targets and labels: plain names and everything that leaves the shortcut
    /// (paths, spaces and tabs at the ends, non-ASCII, Dendron prefixes, suffixes, fragments).
    static let pieces = [
        "Note", "note", "NOTE", "Jeannette Wing", "a.md", "B.MD", "c.markdown", "x.md.md", "v1.2", "C++", "[x]",
        "Folder/Note", "/", "a/", " lead", "trail ", "\ttab", "tab\t", "in\tside", "Café", "cafe\u{301}", "日本",
        "dendron://vault/Note", "dendron://", "#", "#heading", "Note#heading", "Note#", "", "K\u{212A}", "%20", ".",
    ]

    @Test("the shortcut's keys are the general rule's, for random links of every kind")
    func shortcutAgreesWithTheRule() {
        var random = SeededGenerator(seed: 32)
        var plain = 0
        for _ in 0..<20_000 {
            let kind = [NoteLink.Kind.wikilink, .embed, .markdown, .image].randomElement(using: &random)!
            let target = (0..<Int.random(in: 1...3, using: &random)).map { _ in StoredLinkTests.pieces.randomElement(using: &random)! }.joined()
            let label = Bool.random(using: &random) ? nil : (0..<Int.random(in: 1...2, using: &random)).map { _ in StoredLinkTests.pieces.randomElement(using: &random)! }.joined()
            let link = NoteLink(kind: kind, target: target, fragment: nil, label: label, range: 0..<1, targetRange: 0..<1)
            let source = ["n.md", "Folder/n.md", "A/B/n.md"].randomElement(using: &random)!
            if StoredLink.plainTargetKeys(link) != nil { plain += 1 }
            expect(StoredLink.targetKeys(link, source: source), equals: StoredLink.generalTargetKeys(link, source: source), "\(kind) \(target) | \(label ?? "-")")
        }
        // Both paths were taken often enough for the comparison to mean something.
        expect(plain > 1_000)
        expect(plain < 15_000)
    }

    @Test("a wikilink to a plain name is filed under its folded name with and without .md")
    func plainKeys() {
        let link = NoteLink(kind: .wikilink, target: "Old Note.MD", fragment: nil, label: "Other#x", range: 0..<1, targetRange: 0..<1)
        expect(StoredLink.plainTargetKeys(link), equals: ["old note.md", "old note", "other"])
        let path = NoteLink(kind: .wikilink, target: "F/Old Note", fragment: nil, label: nil, range: 0..<1, targetRange: 0..<1)
        expect(StoredLink.plainTargetKeys(path) == nil)
    }
}
