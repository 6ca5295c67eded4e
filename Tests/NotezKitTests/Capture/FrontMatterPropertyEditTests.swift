import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct FrontMatterPropertyEditTests {
    func edit(_ text: String, _ edits: [FrontMatterEdit]) throws -> String {
        String(decoding: try FrontMatterEditor.apply(edits, to: Array(text.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        ("---\nstatus: todo # soon\ntags: [a]\n---\nbody\n", " done", "---\nstatus: done # soon\ntags: [a]\n---\nbody\n"),
        ("---\nstatus: 'todo'\n---\n", " done", "---\nstatus: done\n---\n"),
        ("---\nstatus:\ntags: [a]\n---\n", " done", "---\nstatus: done\ntags: [a]\n---\n"),
        ("---\nstatus:\n  - a\n  - b\nx: 1\n---\n", " [c]", "---\nstatus: [c]\nx: 1\n---\n"),
        ("---\nx: 1\n---\n", " done", "---\nx: 1\nstatus: done\n---\n"),
        ("no front matter\n", " done", "---\nstatus: done\n---\nno front matter\n"),
        ("---\r\nx: 1\r\n---\r\nb\r\n", " done", "---\r\nx: 1\r\nstatus: done\r\n---\r\nb\r\n"),
    ])
    func setReplacesOnlyTheValue(before: String, text: String, after: String) throws {
        try expect(edit(before, [.setProperty("status", text: text)]), equals: after)
    }

    @Test func removeTakesTheKeysLinesAndUndoRestoresTheValue() throws {
        let before = "---\ntitle: T\nstatus:\n  - a\n  - b\nx: 1\n---\nbody\n"
        let old = try FrontMatterEditor.propertyText("status", in: Array(before.utf8))
        expect(old, equals: "\n  - a\n  - b")
        let removed = try edit(before, [.removeProperty("status")])
        expect(removed, equals: "---\ntitle: T\nx: 1\n---\nbody\n")
        try expect(edit(removed, [.setProperty("status", text: old!)]), equals: "---\ntitle: T\nx: 1\nstatus:\n  - a\n  - b\n---\nbody\n")
        try expect(edit(before, [.setProperty("status", text: " [c]"), .setProperty("status", text: old!)]), equals: before)
    }

    @Test(arguments: [
        "---\nstatus: &a x\n---\n", "---\nstatus: |\n  a\n---\n", "---\nstatus: {a: 1}\n---\n",
        "---\nstatus:\n  # why\n  - a\n---\n", "---\nstatus: x\nstatus: y\n---\n",
    ])
    func unsafeValuesAreRefused(before: String) {
        expect(throws: EditRefusal.self) { try edit(before, [.setProperty("status", text: " y")]) }
    }

    @Test func aValueThatWouldAddKeysIsRefused() {
        expect(throws: EditRefusal.self) { try edit("---\nx: 1\n---\n", [.setProperty("status", text: " a\ny: 2")]) }
        expect(throws: EditRefusal.self) { try edit("---\nx: 1\n---\n", [.setProperty("../x", text: " a")]) }
    }
}
