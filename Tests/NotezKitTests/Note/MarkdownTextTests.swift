import Testing

@testable import NotezKit
import NotezTestSupport

struct MarkdownTextTests {
    @Test(arguments: [
        ("# Title\n\nSome *emphasis* and **bold** text.", "Title Some emphasis and bold text."),
        ("- item one\n- [ ] task two\n1. numbered", "item one task two numbered"),
        ("> quoted [link text](http://x.y) and ![alt](img.png)", "quoted link text and alt"),
        ("See [[Other Note]] and [[Target|shown]].", "See Other Note and shown."),
        ("```swift\nlet hidden = 1\n```\nAfter code", "After code"),
        ("<div class=\"x\">inside</div> `code`", "inside code"),
        ("line one\nline two\r\nline three   ", "line one line two line three"),
        ("---\n\n| a | b |\n|---|---|", "a b"),
        // Code keeps its text as written; `_` inside a word is no emphasis.
        ("Got `SSH2_MSG_USERAUTH_SUCESS` and ``a ` b`` in snake_case, _em_", "Got SSH2_MSG_USERAUTH_SUCESS and a ` b in snake_case, em"),
    ])
    func snippet(_ body: String, _ expected: String) {
        expect(MarkdownText.snippet(body[...]), equals: expected)
    }

    @Test func snippetIsCutAt120Characters() {
        let body = String(repeating: "word ", count: 100)
        let snippet = MarkdownText.snippet(body[...])
        expect(snippet.count <= 120)
        expect(snippet.hasPrefix("word word"))
        expect(!snippet.hasSuffix(" "))
    }
}

extension MarkdownTextTests {
    @Test(arguments: [
        ("Plain title", "Plain title"),
        ("**Bold** and *em* and `code`", "Bold and em and code"),
        ("Meeting with [[People/Dana|Dana]] about [[Alpha#Plan]]", "Meeting with Dana about Alpha"),
        ("See [the spec](spec.md) ![logo](l.png)", "See the spec logo"),
        ("_emphasis_ but snake_case stays", "emphasis but snake_case stays"),
        ("~~struck~~ and a~b", "struck and a~b"),
        ("**", "**"),
    ])
    func titleText(_ heading: String, _ expected: String) {
        expect(MarkdownText.titleText(heading), equals: expected)
    }
}
