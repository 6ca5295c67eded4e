import Testing

@testable import NotezKit
import NotezTestSupport

/// `LinkRewriter`: every link form keeps its form and finds the same note after a rename or move.
@Suite struct LinkRewriterTests {
    static func targets(_ paths: [String], aliases: [String: [String]] = [:]) -> [LinkResolver.Target] {
        paths.map { LinkResolver.Target(path: $0, title: VaultPath.fileTitle(of: $0), aliases: aliases[$0] ?? []) }
    }

    func rewritten(
        _ text: String, source: String, paths: [String], moves: [String: String], folders: [(from: String, to: String)] = [],
        aliases: [String: [String]] = [:]
    ) -> String {
        let rewriter = LinkRewriter(targets: Self.targets(paths, aliases: aliases), movedNotes: moves, movedFolders: folders)
        guard let result = rewriter.rewrite(Array(text.utf8), source: source) else { return text }
        return String(decoding: result.after, as: UTF8.self)
    }

    static let paths = ["a/Old.md", "b/Other.md", "Top.md"]
    static let rename = ["a/Old.md": "a/New name.md"]

    /// With the vault's files (a plan that moves attachments), every form of an attachment link
    /// follows its file: left alone while it still finds it, else rewritten in its own form.
    @Test func attachmentLinksFollowMovedFilesInEveryForm() {
        let files = AttachmentScan(files: ["W/att/a b.png", "W/att/c.pdf"])
        let rewriter = LinkRewriter(
            targets: Self.targets(["W/N.md"]), movedNotes: ["W/N.md": "P/N.md"],
            movedFolders: [("W/att/a b.png", "P/att/a b 2.png"), ("W/att/c.pdf", "P/att/c.pdf")], attachments: files)
        let text = "![](att/a%20b.png) ![](<att/a b.png>) ![[a b.png|9]] ![[att/a b.png]] [c](att/c.pdf) ![[c.pdf]] ![](att/gone.png)\n"
        let result = rewriter.rewrite(Array(text.utf8), source: "W/N.md")
        expect(
            result.map { String(decoding: $0.after, as: UTF8.self) }, equals: "![](att/a%20b%202.png) ![](<att/a b 2.png>) ![[a b 2.png|9]] ![[att/a b 2.png]] [c](att/c.pdf) ![[c.pdf]] "
                + "![](../W/att/gone.png)\n")
        expect(result?.changed == 5 && result?.failed.isEmpty == true)

        // Another note's wikilink by name found the shallower `A/x.png`; the moved file, now
        // shallower still, would take it over: it gets the path of the file it found.
        let takeover = LinkRewriter(
            targets: Self.targets(["A/N.md", "B/c/d/M.md"]), movedNotes: ["B/c/d/M.md": "M.md"],
            movedFolders: [("B/c/d/x.png", "x.png")], attachments: AttachmentScan(files: ["A/b/x.png", "B/c/d/x.png"]))
        let other = takeover.rewrite(Array("![[x.png]] ![](b/x.png)\n".utf8), source: "A/N.md")
        expect(other.map { String(decoding: $0.after, as: UTF8.self) }, equals: "![[A/b/x.png]] ![](b/x.png)\n")
    }

    @Test func wikilinksKeepLabelsFragmentsAndForm() {
        let text = "[[Old]] [[Old|label]] [[Old#Heading]] [[Old#^block]] ![[Old]] [[a/Old]] [[Old.md]] [[a/Old.md|x]] [[old]]\n"
        expect(
            rewritten(text, source: "b/Other.md", paths: Self.paths, moves: Self.rename), equals: "[[New name]] [[New name|label]] [[New name#Heading]] [[New name#^block]] ![[New name]] [[a/New name]] "
                + "[[New name.md]] [[a/New name.md|x]] [[New name]]\n")
    }

    @Test func markdownLinksKeepEncodingExtensionAndTitle() {
        let text = "[x](../a/Old.md) [y](../a/Old.md#h \"t\") [z](<../a/Old.md>) [w](../a/Old) [v](./../a/Old.md?q=1) [abs](/a/Old.md)\n"
        expect(
            rewritten(text, source: "b/Other.md", paths: Self.paths, moves: Self.rename), equals: "[x](../a/New%20name.md) [y](../a/New%20name.md#h \"t\") [z](<../a/New name.md>) [w](../a/New%20name) "
                + "[v](../a/New%20name.md?q=1) [abs](/a/New%20name.md)\n")
        let encoded = "[e](../a/My%20Old.md) [u](../a/My Old.md)\n"
        let paths = ["a/My Old.md", "b/Other.md"]
        expect(
            rewritten(encoded, source: "b/Other.md", paths: paths, moves: ["a/My Old.md": "a/Été (1).md"]), equals: "[e](../a/%C3%89t%C3%A9%20%281%29.md) [u](../a/My Old.md)\n")
        let plain = "[p](<../a/My Old.md>) [q](../a/My%20Old.md)\n"
        expect(
            rewritten(plain, source: "b/Other.md", paths: paths, moves: ["a/My Old.md": "a/Été.md"]), equals: "[p](<../a/Été.md>) [q](../a/%C3%89t%C3%A9.md)\n")
    }

    @Test func linksThatStillResolveCodeAndOutsideAreLeftAlone() {
        let text = "[[Ancient]] [[Other]] `[[Old]]` [out](../../Old.md) [web](https://x.org/Old.md)\r\n```\n[[Old]]\n```\n~~~\n[x](../a/Old.md)\n~~~\n"
        expect(
            rewritten(text, source: "b/Other.md", paths: Self.paths, moves: Self.rename, aliases: ["a/Old.md": ["Ancient"]]), equals: text)
    }

    @Test func crlfIsKept() {
        let text = "one [[Old]]\r\ntwo [x](../a/Old.md)\r\n"
        expect(
            rewritten(text, source: "b/Other.md", paths: Self.paths, moves: Self.rename), equals: "one [[New name]]\r\ntwo [x](../a/New%20name.md)\r\n")
    }

    @Test func aNameThatWouldBeAmbiguousGetsThePath() {
        let paths = ["a/Old.md", "c/New.md", "b/Other.md"]
        expect(
            rewritten("[[Old]] [[Old|l]]\n", source: "b/Other.md", paths: paths, moves: ["a/Old.md": "a/New.md"]), equals: "[[a/New]] [[a/New|l]]\n")
    }

    @Test func movedNoteKeepsItsRelativeLinks() {
        let paths = ["notes/Moved.md", "Top.md", "b/Other.md"]
        let text = "[t](../Top.md) ![i](pics/a.png) [o](../b/Other.md) [[Other]] [self](Moved.md)\n"
        expect(
            rewritten(text, source: "notes/Moved.md", paths: paths, moves: ["notes/Moved.md": "deep/er/Moved.md"]), equals: "[t](../../Top.md) ![i](../../notes/pics/a.png) [o](../../b/Other.md) [[Other]] [self](Moved.md)\n")
        // A note that links to the moved one.
        expect(
            rewritten("[m](../notes/Moved.md)\n", source: "b/Other.md", paths: paths, moves: ["notes/Moved.md": "deep/er/Moved.md"]), equals: "[m](../deep/er/Moved.md)\n")
    }

    @Test func folderMoveRewritesPathsIntoIt() {
        let paths = ["f/A.md", "f/sub/B.md", "Top.md"]
        expect(
            rewritten("[a](f/A.md) [[f/sub/B]] [[B]] ![p](f/p.png)\n", source: "Top.md", paths: paths, moves: [:], folders: [("f", "h")]), equals: "[a](h/A.md) [[h/sub/B]] [[B]] ![p](h/p.png)\n")
        // Into a subfolder: `[[f/sub/B]]` and `[a](f/A.md)` still find `g/f/...` by their path's end
        // (Markdown links are looked up as wikilinks are, docs/obsidian-compatibility.md L9).
        let folders = [(from: "f", to: "g/f")]
        expect(
            rewritten("[a](f/A.md) [[f/sub/B]]\n", source: "Top.md", paths: paths, moves: [:], folders: folders), equals: "[a](f/A.md) [[f/sub/B]]\n")
        // Inside the folder: links between moved notes stay; links out get one more `..`.
        expect(
            rewritten("[b](sub/B.md) [t](../Top.md)\n", source: "f/A.md", paths: paths, moves: [:], folders: folders), equals: "[b](sub/B.md) [t](../../Top.md)\n")
    }

    @Test func relativePaths() {
        expect(VaultPath.relative("a/b.md", fromFolder: ""), equals: "a/b.md")
        expect(VaultPath.relative("a/b.md", fromFolder: "a"), equals: "b.md")
        expect(VaultPath.relative("a/b.md", fromFolder: "a/c"), equals: "../b.md")
        expect(VaultPath.relative("b.md", fromFolder: "x/y"), equals: "../../b.md")
    }
}
