import Testing

@testable import NotezKit
import NotezTestSupport

/// Where attachment links point and which files are orphans.
@Suite struct AttachmentScanTests {
    let scan = AttachmentScan(files: [
        "Work/attachments/photo one.png", "Work/attachments/report.pdf", "img/logo.svg", "Other/attachments/logo.svg",
        "Work/attachments/unused.png", "attachments/root.png",
    ])

    func resolved(_ text: String, from source: String) -> (String?, Bool) {
        let link = LinkScanner.links(in: text)[0]
        let (path, exists) = scan.resolve(link, from: source)
        return (path, exists)
    }

    @Test func markdownLinksAreRelativeToTheNote() {
        expect(resolved("![](attachments/photo%20one.png)", from: "Work/Plan.md") == ("Work/attachments/photo one.png", true))
        expect(resolved("![](<attachments/photo one.png>)", from: "Work/Plan.md") == ("Work/attachments/photo one.png", true))
        expect(resolved("[r](/Work/attachments/report.pdf)", from: "x.md") == ("Work/attachments/report.pdf", true))
        expect(resolved("[r](../img/logo.svg)", from: "Work/Plan.md") == ("img/logo.svg", true))
        expect(resolved("[r](attachments/REPORT.pdf)", from: "Work/Plan.md") == ("Work/attachments/report.pdf", true))
        // A bare name: found by file name, the shortest path winning.
        expect(resolved("![](logo.svg)", from: "Work/Plan.md") == ("img/logo.svg", true))
        expect(resolved("![](attachments/gone.png)", from: "Work/Plan.md") == ("Work/attachments/gone.png", false))
        expect(resolved("![](../../../etc/passwd.txt)", from: "Work/Plan.md") == (nil, false))
    }

    @Test func wikilinksAsObsidianFindsThem() {
        expect(resolved("![[report.pdf]]", from: "Work/Plan.md") == ("Work/attachments/report.pdf", true))
        expect(resolved("![[attachments/root.png]]", from: "Work/Plan.md") == ("attachments/root.png", true))
        expect(resolved("![[attachments/report.pdf]]", from: "Plan.md") == ("Work/attachments/report.pdf", true))
        expect(resolved("![[logo.svg]]", from: "Work/Plan.md") == ("img/logo.svg", true))
        expect(resolved("![[missing.png]]", from: "Work/Plan.md") == ("missing.png", false))
    }

    /// `resolve`'s shortcut for a bare wikilink name no file has answers as the path rules do,
    /// for names at its edges (spaces, tabs, dots, slashes, case, non-ASCII, a combining mark).
    @Test func theBareNameShortcutAgreesWithTheRules() {
        let scan = AttachmentScan(files: ["Work/attachments/Photo.PNG", "img/café.png", "a/b/x.pdf", "top.txt", "...", "x/.."])
        let names = [
            "missing", "missing.png", "photo.png", "PHOTO.png", "Photo.PNG", "café.png", "cafe\u{301}.png", "CAFÉ.PNG", " photo.png",
            "photo.png ", "\tphoto.png", "photo.png\t", " ", "\t", ".", "..", "...", "./photo.png", "../top.txt", "/top.txt", "b/x.pdf",
            "x.pdf", "a//b/x.pdf", "top.txt", "Top.TXT", ". .", "\u{301}", " \u{301}", "/\u{301}x", "x/", "/", "", "née",
        ]
        for name in names {
            // Made directly: the scanner trims targets, a stored link need not have been.
            for kind in [NoteLink.Kind.wikilink, .embed, .markdown, .image] {
                let link = NoteLink(kind: kind, target: name, fragment: nil, label: nil, range: 0..<1, targetRange: 0..<1)
                for source in ["Work/Plan.md", "Plan.md", "img/Note.md"] {
                    let fast = scan.resolve(link, from: source)
                    let rules = scan.resolveByRules(link, from: source)
                    expect(fast.path == rules.path && fast.exists == rules.exists, "\(kind) \(name) from \(source)")
                }
            }
            // The shortcut takes exactly the names the rules give back unchanged as a bare path.
            if let bare = AttachmentScan.bareName(name) {
                expect(bare == name && !name.contains("/") && LinkResolver.normalized(name.trimmingSpaces) == name, "\(name)")
            }
        }
        expect(AttachmentScan.bareName(" x") == nil && AttachmentScan.bareName("x\t") == nil && AttachmentScan.bareName("..") == nil)
        expect(AttachmentScan.bareName("a/b") == nil && AttachmentScan.bareName("") == nil && AttachmentScan.bareName("...") == "...")
    }

    @Test func orphansAreUnlinkedFilesInAttachmentFolders() {
        let entries = [
            ("Work/Plan.md", "![](attachments/photo%20one.png) [[report.pdf]]"),
            ("Other/N.md", "![[Other/attachments/logo.svg]] ![](missing.png)"),
        ]
        var references: [AttachmentScan.Reference] = []
        for (source, text) in entries {
            for link in LinkScanner.links(in: text) {
                let (path, exists) = scan.resolve(link, from: source)
                references.append(
                    AttachmentScan.Reference(source: source, line: 1, text: "", target: link.target, path: path, exists: exists))
            }
        }
        let folders: Set<String> = ["Work/attachments", "Other/attachments", "attachments"]
        expect(scan.orphans(folders: folders, references: references), equals: ["Work/attachments/unused.png", "attachments/root.png"])
        // Files outside the attachment folders are never orphans; a folder's own files only, not its subfolders'.
        expect(scan.orphans(folders: [], references: []), equals: [])
        expect(scan.orphans(folders: ["img", "Work"], references: references), equals: ["img/logo.svg"])
    }
}
