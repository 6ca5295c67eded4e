import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

struct NoteRendererTests {
    static let notes = [
        "Home.md", "Projects/Plan.md", "Projects/Deep/Plan.md", "Loop A.md", "Loop B.md", "Sections.md", "Hostile.md",
    ]
    static let files = ["attachments/chart.png", "attachments/doc.pdf", "attachments/evil.svg", "attachments/page.html"]

    /// The bodies transclusion reads.
    static let bodies: [String: String] = [
        "Loop A.md": "A says\n\n![[Loop B]]\n",
        "Loop B.md": "B says\n\n![[Loop A]]\n",
        "Sections.md": "# One\n\nfirst part\n\n## Two\n\nsecond part\n\n# Three\n\nthird part\n\nA block line ^blk1\n",
        "Projects/Plan.md": "The plan.\n",
    ]

    static func renderer() -> NoteRenderer {
        let resolver = LinkResolver(
            targets: notes.map { LinkResolver.Target(path: $0, title: VaultPath.fileTitle(of: $0), aliases: []) },
            files: AttachmentScan(files: files))
        let addresses = NoteRenderer.Addresses(
            note: { path, fragment in "/note?path=" + HTMLText.percentEncoded(path) + (fragment.map { "#" + HTMLText.percentEncoded($0) } ?? "") },
            file: { "/file?path=" + HTMLText.percentEncoded($0) },
            tag: { "/tag?name=" + HTMLText.percentEncoded($0) },
            create: { title, folder in "/new?title=" + HTMLText.percentEncoded(title) + "&folder=" + HTMLText.percentEncoded(folder) })
        return NoteRenderer(resolver: resolver, attachments: AttachmentScan(files: files), addresses: addresses) { path in
            bodies[path].map { Array($0.utf8) }
        }
    }

    static func render(_ markdown: String, path: String = "Home.md") -> String {
        renderer().render(path: path, bytes: Array(markdown.utf8))
    }

    static func count(_ needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }

    @Test func wikilinksResolveToNotePagesWithAnchors() {
        let html = Self.render("See [[Plan]], [[Plan#Next Steps|the steps]], [[Home#^abc123]] and [[#Local heading]].")
        expect(html.contains("<a class=\"internal-link\" href=\"/note?path=Projects%2FPlan.md\">Plan</a>"))
        expect(html.contains("<a class=\"internal-link\" href=\"/note?path=Projects%2FPlan.md#next-steps\">the steps</a>"))
        expect(html.contains("href=\"/note?path=Home.md#%5Eabc123\">Home › ^abc123</a>"))
        expect(html.contains("<a class=\"internal-link\" href=\"#local-heading\">Local heading</a>"))
    }

    @Test func unresolvedLinksOfferToCreateTheNote() {
        let html = Self.render("A [[Missing note]] and [text](Nowhere.md).", path: "Projects/Plan.md")
        expect(html.contains("<a class=\"internal-link unresolved\" href=\"/new?title=Missing%20note&amp;folder=Projects\""))
        expect(html.contains("href=\"/new?title=Nowhere&amp;folder=Projects\""))
        expect(html.contains(">text</a>"))
    }

    @Test func markdownLinksToNotesAreResolvedLikeWikilinks() {
        let html = Self.render("[Custom *name*](Projects/Plan.md#Next%20Steps) and [out](https://example.org)")
        expect(html.contains("<a class=\"internal-link\" href=\"/note?path=Projects%2FPlan.md#next-steps\">Custom <em>name</em></a>"))
        expect(html.contains("<a href=\"https://example.org\">out</a>"))
    }

    @Test func imagesFromTheVaultShowWithTheirSize() {
        let html = Self.render("![[chart.png|300]] ![[chart.png|300x200]] ![Chart|120](attachments/chart.png) ![[doc.pdf]] ![[gone.png]]")
        expect(html.contains("<img src=\"/file?path=attachments%2Fchart.png\" alt=\"chart.png\" loading=\"lazy\" width=\"300\">"))
        expect(html.contains("width=\"300\" height=\"200\">"))
        expect(html.contains("<img src=\"/file?path=attachments%2Fchart.png\" alt=\"Chart\" loading=\"lazy\" width=\"120\">"))
        expect(html.contains("<a class=\"internal-link file-link\" href=\"/file?path=attachments%2Fdoc.pdf\">doc.pdf</a>"))
        expect(html.contains("<span class=\"internal-link unresolved\" title=\"No such file\">gone.png</span>"))
    }

    @Test func embeddedNotesAreTransclusedAndCyclesCut() {
        let html = Self.render("![[Loop A]]", path: "Home.md")
        // Home embeds A, A embeds B, B would embed A again: a frame with a link and the reason.
        expect(Self.count("<div class=\"embed\">", in: html), equals: 3)
        expect(html.contains("A says") && html.contains("B says"))
        expect(Self.count("already shown here (a cycle)", in: html), equals: 1)
    }

    @Test func aHeadingEmbedShowsItsSectionOnly() {
        let html = Self.render("![[Sections#One]]\n\n![[Sections#^blk1]]")
        expect(html.contains("first part") && html.contains("second part"))
        expect(!html.contains("third part"))
        expect(html.contains("A block line"))
    }

    @Test func embedsStopAtTheDepthLimit() {
        // A chain deeper than the limit: each note embeds the next.
        let names = (0...6).map { "Chain \($0).md" }
        let resolver = LinkResolver(targets: names.map { LinkResolver.Target(path: $0, title: VaultPath.fileTitle(of: $0), aliases: []) })
        let addresses = NoteRenderer.Addresses(note: { p, _ in "/n/" + p }, file: { "/f/" + $0 }, tag: { "/t/" + $0 }, create: { t, _ in "/c/" + t })
        let renderer = NoteRenderer(resolver: resolver, attachments: nil, addresses: addresses) { path in
            let number = Int(path.dropFirst(6).prefix(1)) ?? 0
            return Array("level \(number)\n\n![[Chain \(number + 1)]]\n".utf8)
        }
        let html = renderer.render(path: "Chain 0.md", bytes: Array("![[Chain 1]]".utf8))
        expect(Self.count("<div class=\"embed\">", in: html), equals: NoteRenderer.maxDepth + 1)
        expect(html.contains("embeds nest at most \(NoteRenderer.maxDepth) deep"))
    }

    @Test func calloutsHaveTypeTitleIconAndFoldState() {
        let html = Self.render(
            """
            > [!warning] Mind the *gap*
            > Body line.

            > [!faq]- Folded
            > Hidden.

            > [!tip]+
            > Open.

            > plain quote
            """)
        let compact = html.replacingOccurrences(of: "\n", with: "")
        expect(compact.contains("<div class=\"callout callout-warning\"><p class=\"callout-title\"><svg class=\"icon\""))
        expect(compact.contains("<span dir=\"auto\">Mind the <em>gap</em></span></p><div class=\"callout-content\"><p>Body line.</p></div></div>"))
        expect(compact.contains("<details class=\"callout callout-question\"><summary class=\"callout-title\">"))
        expect(compact.contains("<span dir=\"auto\">Folded</span></summary><div class=\"callout-content\"><p>Hidden.</p>"))
        expect(compact.contains("<details class=\"callout callout-tip\" open>"))
        expect(compact.contains("<span dir=\"auto\">Tip</span>"))
        expect(html.contains("<blockquote>\n<p>plain quote</p>"))
        expect(!html.contains("[!"))
    }

    @Test func highlightsTagsBlockIdsAndHeadings() {
        let html = Self.render(
            """
            # Big Title

            Some ==marked **bold**== text with #project/alpha and `#notatag` and a === b.

            A paragraph to point at. ^para-1

            ## Big Title
            """)
        expect(html.contains("<mark>marked <strong>bold</strong></mark>"))
        expect(html.contains("<a class=\"tag\" href=\"/tag?name=project%2Falpha\">#project/alpha</a>"))
        expect(html.contains("<code>#notatag</code>"))
        expect(html.contains("a === b"))
        expect(html.contains("<p><span class=\"block-id\" id=\"^para-1\"></span>A paragraph to point at. </p>"))
        expect(!html.contains("^para-1</"))
        expect(html.contains("<h1><span class=\"anchor\" id=\"big-title\"></span>Big Title</h1>"))
        expect(html.contains("<span class=\"anchor\" id=\"big-title-1\"></span>"))
    }

    @Test func tasksFootnotesAndTablesStayCmarksOwn() {
        let html = Self.render("- [ ] open\n- [x] done\n\nText[^1].\n\n[^1]: The note.\n\n| a | b |\n|---|---|\n| [[Plan]] | 2 |\n")
        expect(Self.count("type=\"checkbox\"", in: html), equals: 2)
        expect(html.contains("<section class=\"footnotes\""))
        expect(html.contains("<table>"))
        // cmark-gfm's table cells take no custom nodes: notez's pass puts its HTML in after rendering.
        expect(html.contains("<td><a class=\"internal-link\" href=\"/note?path=Projects%2FPlan.md\">Plan</a></td>"))
    }

    @Test func wikilinksHighlightsTagsAndMathInTableCells() {
        let html = Self.render(
            "| link | rest |\n|---|---|\n| [[Plan\\|the plan]] | ==hot== and #cell and $x*y*z$ |\n| ![[chart.png\\|20]] | ==open and [[Missing]] |\n")
        expect(html.contains("<td><a class=\"internal-link\" href=\"/note?path=Projects%2FPlan.md\">the plan</a></td>"))
        expect(html.contains("<td><mark>hot</mark> and <a class=\"tag\" href=\"/tag?name=cell\">#cell</a> and <span class=\"math\" title=\"TeX\">x*y*z</span></td>"))
        expect(html.contains("<td><img src=\"/file?path=attachments%2Fchart.png\" alt=\"chart.png\" loading=\"lazy\" width=\"20\"></td>"))
        // A highlight left open is its text; an unresolved link offers to create the note.
        expect(html.contains("<td>==open and <a class=\"internal-link unresolved\" href=\"/new?title=Missing&amp;folder=\""))
        expect(!html.unicodeScalars.contains { $0.value == 0xFDD0 || $0.value == 0xFDD1 })
    }

    @Test func obsidianCommentsAreHidden() {
        let html = Self.render(
            "Before %%inline secret%% after.\n\n%%\nblock secret [[Plan]] #hidden\n%%\n\nVisible `%%code%%` text.\n\nLast %%open secret\n\nnever shown\n")
        expect(html.contains("<p>Before  after.</p>"))
        expect(html.contains("<p>Visible <code>%%code%%</code> text.</p>"))
        expect(html.contains("<p>Last</p>"))
        for hidden in ["secret", "Plan", "hidden", "never shown"] { expect(!html.contains(hidden), "\(hidden)") }
    }

    @Test func mathIsShownAsItsSourceUntouchedByEmphasis() {
        let html = Self.render("Inline $a*b*c$ and $$x_1 + y_1$$ cost $5 and $10.\n\n$$\n\\sum_{i=1}^n *i* <b>\n$$\n")
        expect(html.contains("Inline <span class=\"math\" title=\"TeX\">a*b*c</span> and <span class=\"math math-display\" title=\"TeX\">x_1 + y_1</span> cost $5 and $10."))
        expect(html.contains("<span class=\"math math-display\" title=\"TeX\">\n\\sum_{i=1}^n *i* &lt;b&gt;\n</span>"))
        expect(!html.contains("<em>"))
    }

    @Test func mermaidFencesAreLabelledCodeBlocks() {
        let html = Self.render("```mermaid\ngraph TD\nA-->B\n```\n\n```swift\nlet a = 1\n```\n")
        expect(html.contains("<figure class=\"diagram diagram-mermaid\"><figcaption>Mermaid diagram (its source; diagrams are not drawn)</figcaption>\n<pre lang=\"mermaid\"><code>graph TD\nA--&gt;B\n</code></pre>\n</figure>"))
        expect(Self.count("<figure", in: html), equals: 1)
        expect(!html.contains("<script"))
    }

    @Test func anEmbeddedNotesIdsArePrefixed() {
        let html = Self.render("# One\n\n![[Sections]]\n\n[[#One]] and [[Sections#Two]]\n")
        expect(html.contains("<h1><span class=\"anchor\" id=\"one\"></span>One</h1>"))
        expect(html.contains("<span class=\"anchor\" id=\"embed-1-one\"></span>One</h1>"))
        expect(html.contains("id=\"embed-1-^blk1\""))
        expect(Self.count("id=\"one\"", in: html), equals: 1)
        expect(html.contains("<a class=\"internal-link\" href=\"#one\">One</a>"))
    }

    @Test func nothingInACodeBlockChanges() {
        let html = Self.render("```\n[[Plan]] #tag ==x== ^id\n> [!note]\n```\n")
        expect(html.contains("<pre><code>[[Plan]] #tag ==x== ^id\n&gt; [!note]\n</code></pre>"))
    }

    @Test(arguments: [
        "<script>alert(1)</script>",
        "[x](javascript:alert(1))",
        "[[javascript:alert(1)]]",
        "![[javascript:alert(1).png]]",
        "[[a\" onmouseover=\"alert(1)|b\" onclick=\"x]]",
        "> [!note\" onclick=\"alert(1)] t",
        "> [!note] <img src=x onerror=alert(1)>",
        "![x\" onerror=\"alert(1)|100](attachments/chart.png)",
        "#tag\"onclick=alert(1)",
        String(Character(Unicode.Scalar(UInt32(0xFDD0))!)) + "0" + String(Character(Unicode.Scalar(UInt32(0xFDD1))!)) + " [[Plan]]",
    ])
    func hostileNotesMakeNoActiveHTML(_ markdown: String) {
        let html = Self.render(markdown)
        expect(!html.contains("<script"))
        expect(!html.contains("href=\"javascript") && !html.contains("src=\"javascript"))
        expect(!html.contains(" onmouseover=\""))
        expect(!html.contains(" onclick=\""))
        expect(!html.contains(" onerror=\"") && !html.contains(" onerror=alert"))
        expect(!html.contains("<img src=x"))
    }

    @Test func slugsMatchBetweenLinksAndHeadings() {
        expect(NoteRenderer.slug("Next  Steps: phase 2!"), equals: "next-steps-phase-2")
        expect(NoteRenderer.slug("Über Ärger"), equals: "über-ärger")
        expect(NoteRenderer.anchor(ofFragment: "Top#Sub heading"), equals: "sub-heading")
        expect(NoteRenderer.anchor(ofFragment: "^abc"), equals: "^abc")
    }
}
