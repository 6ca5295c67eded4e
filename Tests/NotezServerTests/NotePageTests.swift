import Testing

@testable import NotezServer

struct NotePageTests {
    @Test(arguments: [
        ("pic.png", "Work", "/file?path=Work%2Fpic.png"),
        ("../img/a b.png", "Work/Meetings", "/file?path=Work%2Fimg%2Fa%20b.png"),
        ("Other%20note.md", "", "/note?path=Other%20note.md"),
        ("./sub/x.md#part", "A", "/note?path=A%2Fsub%2Fx.md"),
    ])
    func relativeTargetsBecomeServerURLs(_ url: String, _ folder: String, _ expected: String) {
        #expect(NotePage.localURL(url, folder: folder) == expected)
    }

    @Test(arguments: ["https://example.org/x.png", "javascript:alert(1)", "mailto:a@b.c", "#top", "/etc/passwd", "../../x.png", ""])
    func otherTargetsAreLeftAlone(_ url: String) {
        #expect(NotePage.localURL(url, folder: "Work") == nil)
    }
}
