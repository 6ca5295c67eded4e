import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// `BodyEdit` (the text rule) and `BodyEditPlanner` (the journaled, undoable plan).
@Suite struct BodyEditTests {
    @Test func appendAndPrependKeepOneNewlineBetween() throws {
        try expect(BodyEdit.append("new").apply(to: "a\nb"), equals: "a\nb\nnew\n")
        try expect(BodyEdit.append("new\n").apply(to: "a\n"), equals: "a\nnew\n")
        try expect(BodyEdit.append("new").apply(to: ""), equals: "new\n")
        try expect(BodyEdit.prepend("top").apply(to: "a\n"), equals: "top\na\n")
        expect(throws: NotezError.self) { try BodyEdit.append("").apply(to: "a\n") }
    }

    @Test func underHeadingInsertsAtTheEndOfItsSection() throws {
        let body = "# Plan\nintro\n## Tasks\n- one\n\n### Detail\nd\n## Later\nl\n"
        // The section of '## Tasks' ends at '## Later' (its subsections belong to it).
        try expect(
            BodyEdit.underHeading(heading: "Tasks", text: "- two").apply(to: body), equals: "# Plan\nintro\n## Tasks\n- one\n\n### Detail\nd\n- two\n## Later\nl\n")
        // Blank lines before the next heading stay after the insertion.
        try expect(
            BodyEdit.underHeading(heading: "## Tasks", text: "x").apply(to: "## Tasks\na\n\n\n## B\n"), equals: "## Tasks\na\nx\n\n\n## B\n")
        // The last section, without a final newline.
        try expect(BodyEdit.underHeading(heading: "Later", text: "x").apply(to: "## Later\nl"), equals: "## Later\nl\nx\n")
        // A closing run of #s is not part of the heading; CRLF lines are lines.
        // In a CRLF note the inserted lines end with CRLF too.
        try expect(BodyEdit.underHeading(heading: "A", text: "x\ny").apply(to: "## A ##\r\ny\r\n"), equals: "## A ##\r\ny\r\nx\r\ny\r\n")
        try expect(BodyEdit.append("z").apply(to: "a\r\nb"), equals: "a\r\nb\r\nz\r\n")
    }

    @Test func underHeadingRefusesMissingAmbiguousAndCodeHeadings() throws {
        expect(throws: NotezError.self) { try BodyEdit.underHeading(heading: "Nope", text: "x").apply(to: "# A\n") }
        expect(throws: NotezError.self) { try BodyEdit.underHeading(heading: "A", text: "x").apply(to: "# A\n## A\n") }
        // With its level the twin is told apart.
        try expect(BodyEdit.underHeading(heading: "## A", text: "x").apply(to: "# A\n## A\n"), equals: "# A\n## A\nx\n")
        // A heading inside a fenced code block is code, not a heading.
        expect(throws: NotezError.self) { try BodyEdit.underHeading(heading: "A", text: "x").apply(to: "```\n# A\n```\n") }
        expect(throws: NotezError.self) { try BodyEdit.underHeading(heading: "#", text: "x").apply(to: "# A\n") }
    }

    @Test func afterBlockInsertsOnTheNextLine() throws {
        try expect(BodyEdit.afterBlock(id: "^b1", text: "- c").apply(to: "- a\n- b ^b1\n- d\n"), equals: "- a\n- b ^b1\n- c\n- d\n")
        try expect(BodyEdit.afterBlock(id: "b1", text: "x").apply(to: "p ^b1"), equals: "p ^b1\nx\n")
        expect(throws: NotezError.self) { try BodyEdit.afterBlock(id: "b1", text: "x").apply(to: "p ^b12\n") }
        expect(throws: NotezError.self) { try BodyEdit.afterBlock(id: "b1", text: "x").apply(to: "a ^b1\nb ^b1\n") }
        expect(throws: NotezError.self) { try BodyEdit.afterBlock(id: "../x", text: "x").apply(to: "a\n") }
    }

    @Test func replaceNeedsTheExactTextTheExpectedNumberOfTimes() throws {
        try expect(BodyEdit.replace(old: "cat", new: "dog", count: nil).apply(to: "a cat sat"), equals: "a dog sat")
        expect(throws: NotezError.self) { try BodyEdit.replace(old: "Cat", new: "dog", count: nil).apply(to: "a cat") }
        expect(throws: NotezError.self) { try BodyEdit.replace(old: "a", new: "b", count: nil).apply(to: "a a") }
        try expect(BodyEdit.replace(old: "a", new: "b", count: 2).apply(to: "a a"), equals: "b b")
        try expect(BodyEdit.replace(old: "aa", new: "", count: 2).apply(to: "aaaa"), equals: "")
        try expect(BodyEdit.replace(old: "é", new: "e", count: nil).apply(to: "café\n"), equals: "cafe\n")
        expect(throws: NotezError.self) { try BodyEdit.replace(old: "", new: "x", count: nil).apply(to: "a") }
    }

    @Test func hostileSizesAreLinear() throws {
        // A naive search would compare ~10^11 bytes here.
        let body = String(repeating: "a", count: 400_000) + "\n"
        let old = String(repeating: "a", count: 200_000) + "b"
        let start = Date()
        expect(throws: NotezError.self) { try BodyEdit.replace(old: old, new: "", count: nil).apply(to: body) }
        expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func planKeepsTheFrontMatterSetsModifiedAndUndoRestoresTheBytes() throws {
        let original = "---\ntags: [a]   # keep\nmodified: 2024-01-01T00:00:00Z\n---\n# N\n## Tasks\n- one\n"
        let vault = try TemporaryVault(["n.md": original, "plain.md": "just text\n"])
        defer { vault.remove() }
        let plan = try BodyEditPlanner.plan(
            .underHeading(heading: "Tasks", text: "- two"), note: "n", now: 1_800_000_000, index: vault.index(), files: vault.files)
        expect(plan.dryRunText().contains("+- two"))
        expect(vault.text("n.md"), equals: original, "planning writes nothing")
        let result = try vault.run(plan)
        let edited = try #require(vault.text("n.md"))
        expect(edited.hasPrefix("---\ntags: [a]   # keep\nmodified: ") && !edited.contains("2024-01-01"), "\(edited)")
        expect(edited.hasSuffix("# N\n## Tasks\n- one\n- two\n"))
        let history = JournalHistory(records: try Journal(writer: vault.writer()).records())
        try vault.run(JournalUndo.plan(id: result.id, history: history, index: vault.index(), files: vault.files))
        expect(vault.text("n.md"), equals: original)
        // No front matter: none is added.
        try vault.run(BodyEditPlanner.plan(.append("more"), note: "plain", now: 1_800_000_000, index: vault.index(), files: vault.files))
        expect(vault.text("plain.md"), equals: "just text\nmore\n")
    }

    @Test func planRefusesSymlinksAndUnclosedFrontMatter() throws {
        let outside = try TemporaryVault(["secret.md": "secret\n"])
        defer { outside.remove() }
        let vault = try TemporaryVault(["open.md": "---\ntags: [a]\nbody without a closing line\n"])
        defer { vault.remove() }
        try FileManager.default.createSymbolicLink(atPath: vault.root + "/link.md", withDestinationPath: outside.root + "/secret.md")
        expect(throws: NotezError.self) {
            try BodyEditPlanner.plan(.append("x"), note: "link", now: 1, index: vault.index(), files: vault.files)
        }
        expect(throws: NotezError.self) {
            try BodyEditPlanner.plan(.append("x"), note: "open", now: 1, index: vault.index(), files: vault.files)
        }
        expect(outside.text("secret.md"), equals: "secret\n")
    }
}
