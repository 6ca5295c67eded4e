import Testing

@testable import NotezKit
import NotezTestSupport

struct MarkdownHTMLTests {
    @Test func rendersCommonMarkAndTheGitHubExtensions() {
        let html = MarkdownHTML.render(
            markdown: """
                # Plan

                Some *emphasis* and ~~gone~~ text, see https://example.org.

                | a | b |
                |---|---|
                | 1 | 2 |

                - [x] done
                - [ ] open
                """)
        expect(html.contains("<h1>Plan</h1>"))
        expect(html.contains("<em>emphasis</em>"))
        expect(html.contains("<del>gone</del>"))
        expect(html.contains("<a href=\"https://example.org\">https://example.org</a>"))
        expect(html.contains("<table>"))
        expect(html.contains("<td>2</td>"))
        expect(html.contains("type=\"checkbox\" checked=\"\" disabled=\"\""))
        expect(html.contains("type=\"checkbox\" disabled=\"\""))
    }

    @Test(arguments: [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<div onclick=\"alert(1)\">x</div>",
        "text <span onmouseover=alert(1)>inline</span> text",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<svg onload=alert(1)>",
        "<style>body{display:none}</style>",
    ])
    func rawHTMLIsOmitted(_ markdown: String) {
        let html = MarkdownHTML.render(markdown: markdown)
        for needle in ["<script", "onerror", "onclick", "onmouseover", "onload", "<iframe", "<svg", "<style", "<img", "<div", "<span"] {
            expect(!html.contains(needle), "\(needle) in \(html)")
        }
    }

    @Test(arguments: [
        "[x](javascript:alert(1))",
        "[x](JavaScript:alert(1))",
        "[x](vbscript:msgbox)",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "![x](javascript:alert(1))",
        "<javascript:alert(1)>",
        "[x]: javascript:alert(1)\n\n[y][x]",
    ])
    func dangerousLinksAreEmptied(_ markdown: String) {
        // The text may still read "javascript:..."; no attribute may carry it.
        let html = MarkdownHTML.render(markdown: markdown).lowercased()
        for scheme in ["javascript:", "vbscript:", "data:text/html"] {
            expect(!html.contains("href=\"\(scheme)"), "\(html)")
            expect(!html.contains("src=\"\(scheme)"), "\(html)")
        }
        expect(html.contains("href=\"\"") || html.contains("src=\"\""), "\(html)")
    }

    @Test func frontMatterIsNotRendered() {
        let note = Array("---\ntitle: Secret <b>\ntags: [a]\n---\n# Body\n".utf8)
        let html = MarkdownHTML.render(note: note)
        expect(html, equals: "<h1>Body</h1>\n")
    }

    @Test func byteOrderMarkAndNoFrontMatter() {
        let note: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("plain *text*\n".utf8)
        expect(MarkdownHTML.render(note: note), equals: "<p>plain <em>text</em></p>\n")
    }

    @Test func unterminatedFrontMatterIsShownAsText() {
        let html = MarkdownHTML.render(note: Array("---\ntitle: x\nbody\n".utf8))
        expect(html.contains("title: x"))
    }

    @Test func invalidUTF8AndNULBytesAreReplaced() {
        let html = MarkdownHTML.render(note: [0x61, 0xFF, 0x00, 0x62])
        expect(html, equals: "<p>a\u{FFFD}\u{FFFD}b</p>\n")
    }

    @Test func textIsEscaped() {
        expect(MarkdownHTML.render(markdown: "a < b & \"c\""), equals: "<p>a &lt; b &amp; &quot;c&quot;</p>\n")
    }

    @Test func hugeBodyIsCut() {
        let body = String(repeating: "word ", count: MarkdownHTML.maxBytes / 5 + 1000)
        let html = MarkdownHTML.render(markdown: body)
        expect(html.utf8.count < MarkdownHTML.maxBytes + 100)
    }

    @Test func linkTargetsCanBeRewrittenAndStaySafe() {
        let note = Array("![a](pic.png) [b](Other.md) [c](javascript:alert(1))\n".utf8)
        let html = MarkdownHTML.render(note: note) { url in
            url.hasPrefix("javascript") ? "javascript:still(1)" : "/file?path=" + url
        }
        expect(html.contains("<img src=\"/file?path=pic.png\" alt=\"a\" />"))
        expect(html.contains("<a href=\"/file?path=Other.md\">b</a>"))
        expect(html.contains("<a href=\"\">c</a>"))
    }
}
