import Testing

@testable import NotezKit
import NotezTestSupport

struct LinkScannerTests {
    func summary(_ text: String) -> [String] {
        LinkScanner.links(in: text).map { link in
            "\(link.kind.rawValue):\(link.target)" + (link.fragment.map { "#" + $0 } ?? "") + (link.label.map { "|" + $0 } ?? "")
        }
    }

    @Test(arguments: [
        ("[[Target]]", ["wikilink:Target"]),
        ("[[Target|label]] and [[Target#Heading]] and [[Target#^block1]]",
         ["wikilink:Target|label", "wikilink:Target#Heading", "wikilink:Target#^block1"]),
        ("![[diagram.png]] ![[Note#Part|shown]]", ["embed:diagram.png", "embed:Note#Part|shown"]),
        ("[[#Local heading]]", ["wikilink:#Local heading"]),
        ("[text](Other%20Note.md) [t](../Up/Note) [t](<With Space.md>) ![img](pics/a.png)",
         ["markdown:Other Note.md|text", "markdown:../Up/Note|t", "markdown:With Space.md|t", "image:pics/a.png|img"]),
        ("[ext](https://example.org/a.md) [mail](mailto:a@b) [anchor](#top) [net](//host/x)", []),
        ("[frag](Note.md#Some%20Heading \"title\")", ["markdown:Note.md#Some Heading|frag"]),
        ("[![badge](b.svg)](Target.md)", ["markdown:Target.md|![badge](b.svg)", "image:b.svg|badge"]),
        ("escaped \\[[not]] and `[[code]]`", []),
        ("CJK [[日本語のノート]] and emoji [[🎉 party]]", ["wikilink:日本語のノート", "wikilink:🎉 party"]),
        ("crlf [[A]]\r\n[b](B.md)\r\n", ["wikilink:A", "markdown:B.md|b"]),
        ("end without newline [[Last]]", ["wikilink:Last"]),
        ("[x]({{ site.baseurl }}/a.svg) is a template, not a link", []),
        ("[blog]({{ \"/blog/\" | url }}) neither", []),
        ("[t](Note.md 'title') [u](Other.md (title))", ["markdown:Note.md|t", "markdown:Other.md|u"]),
    ])
    func forms(_ text: String, _ expected: [String]) {
        expect(summary(text), equals: expected)
    }

    @Test func codeAndCommentsAreSkipped() {
        let text = "```\n[[fenced]]\n```\n~~~\n[x](tilde.md)\n~~~\n\n    [[indented]]\n\n<!-- [[comment]] -->\n| [[In Table]] | x |\n- [[In List]]\n"
        expect(summary(text), equals: ["wikilink:In Table", "wikilink:In List"])
    }

    @Test func rangesPointAtTheTarget() {
        let text = "see [[Some Note|label]] and [x](a%20b.md#h)"
        let bytes = Array(text.utf8)
        let links = LinkScanner.links(in: text)
        expect(links.count, equals: 2)
        expect(String(decoding: bytes[links[0].targetRange], as: UTF8.self), equals: "Some Note")
        expect(String(decoding: bytes[links[0].range], as: UTF8.self), equals: "[[Some Note|label]]")
        expect(String(decoding: bytes[links[1].targetRange], as: UTF8.self), equals: "a%20b.md")
    }
}

extension LinkScannerTests {
    /// Lines made of brackets: the scanners stop searching at `maxLinkLength`, so the cost is linear.
    @Test func hostileBracketLines() {
        let size = 1 << 16
        expect(LinkScanner.links(in: String(repeating: "[[", count: size / 2)).isEmpty)
        expect(LinkScanner.links(in: String(repeating: "](", count: size / 2) + ")").isEmpty)
        expect(LinkScanner.links(in: String(repeating: "[a", count: size / 2) + "]").isEmpty)
        // An unclosed `[[` is no wikilink: the tags after it count.
        expect(InlineTagScanner.tags(in: String(repeating: "[[ #a", count: size / 5)).count, equals: size / 5)
        expect(InlineTagScanner.tags(in: String(repeating: "<a #b ", count: size / 6)).count, equals: size / 6)
        // Many code spans and `$` on one line: each is looked past once, not searched to the line's end each time.
        expect(LinkScanner.links(in: String(repeating: "`a` [", count: size / 5) + "]").isEmpty)
        expect(InlineTagScanner.tags(in: String(repeating: "$a #t ", count: size / 6)).count, equals: size / 6)
    }
}

extension LinkScannerTests {
    @Test("a link made from its parts is the link as written, or nothing")
    func textFromPartsIsExactOrNil() {
        let written = [
            "[[Note]]", "![[Note]]", "[[Folder/Note.md#Head|label]]", "[[Note#^block]]", "[[ Note ]]", "[[Note\\|label]]",
            "[[Note|a|b]]", "[[Note#a#b]]", "[t](Note.md)", "[[Zürich trip|Zü]]", "![[pic.png|300]]",
        ]
        var made = 0
        for text in written {
            let links = LinkScanner.links(in: Array(("x " + text + " y").utf8)[...])
            expect(links.count, equals: 1, "\(text)")
            guard let link = links.first, let parts = link.textFromParts else { continue }
            expect(parts, equals: text)
            made += 1
        }
        expect(made, equals: 8)
    }
}
