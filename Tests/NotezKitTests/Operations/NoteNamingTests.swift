import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct NoteNamingTests {
    @Test(arguments: [
        ("Plan", "Plan"),
        ("a/b: c?", "a-b- c-"),
        ("..hidden", "hidden"),
        ("  spaced  ", "spaced"),
        ("", "Untitled"),
        ("...", "Untitled"),
        ("tab\there", "tab-here"),
        ("Ünïcödé 日本", "Ünïcödé 日本"),
        ("<x|y>*\"\\", "-x-y----"),
    ])
    func stems(title: String, expected: String) {
        expect(NoteNaming.stem(for: title), equals: expected)
    }

    @Test func longTitlesFitAFileName() {
        expect(NoteNaming.stem(for: String(repeating: "é", count: 300)).utf8.count <= 248)
    }

    @Test(arguments: [
        ("ideas", "ideas"), ("project/alpha", "project/alpha"), ("2023", "\"2023\""), ("yes", "\"yes\""),
        ("#x", "\"#x\""), ("a, b", "\"a, b\""), ("null", "\"null\""), ("with space", "with space"), ("a: b", "\"a: b\""),
    ])
    func flowScalars(text: String, expected: String) {
        expect(NoteNaming.scalar(text, flow: true), equals: expected)
    }

    @Test func newNoteText() {
        let text = NoteNaming.newNoteText(
            title: "Idea", stem: "Idea", tags: ["inbox", "2023"], pinned: true, body: "hello", now: 1_714_554_000)
        expect(
            text, equals: "---\ncreated: 2024-05-01T09:00:00Z\nmodified: 2024-05-01T09:00:00Z\ntags: [inbox, \"2023\"]\npinned: true\n---\nhello\n"
        )
        let renamed = NoteNaming.newNoteText(title: "a/b", stem: "a-b", tags: [], pinned: false, body: "", now: 0)
        expect(renamed, equals: "---\ntitle: a/b\ncreated: 1970-01-01T00:00:00Z\nmodified: 1970-01-01T00:00:00Z\ntags: []\n---\n")
    }
}
