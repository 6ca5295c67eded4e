import Testing

@testable import NotezKit

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
        #expect(resolved("![](attachments/photo%20one.png)", from: "Work/Plan.md") == ("Work/attachments/photo one.png", true))
        #expect(resolved("![](<attachments/photo one.png>)", from: "Work/Plan.md") == ("Work/attachments/photo one.png", true))
        #expect(resolved("[r](/Work/attachments/report.pdf)", from: "x.md") == ("Work/attachments/report.pdf", true))
        #expect(resolved("[r](../img/logo.svg)", from: "Work/Plan.md") == ("img/logo.svg", true))
        #expect(resolved("[r](attachments/REPORT.pdf)", from: "Work/Plan.md") == ("Work/attachments/report.pdf", true))
        // A bare name: found by file name, the shortest path winning.
        #expect(resolved("![](logo.svg)", from: "Work/Plan.md") == ("img/logo.svg", true))
        #expect(resolved("![](attachments/gone.png)", from: "Work/Plan.md") == ("Work/attachments/gone.png", false))
        #expect(resolved("![](../../../etc/passwd.txt)", from: "Work/Plan.md") == (nil, false))
    }

    @Test func wikilinksAsObsidianFindsThem() {
        #expect(resolved("![[report.pdf]]", from: "Work/Plan.md") == ("Work/attachments/report.pdf", true))
        #expect(resolved("![[attachments/root.png]]", from: "Work/Plan.md") == ("attachments/root.png", true))
        #expect(resolved("![[attachments/report.pdf]]", from: "Plan.md") == ("Work/attachments/report.pdf", true))
        #expect(resolved("![[logo.svg]]", from: "Work/Plan.md") == ("img/logo.svg", true))
        #expect(resolved("![[missing.png]]", from: "Work/Plan.md") == ("missing.png", false))
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
        #expect(scan.orphans(folders: folders, references: references) == ["Work/attachments/unused.png", "attachments/root.png"])
        // Files outside the attachment folders are never orphans; a folder's own files only, not its subfolders'.
        #expect(scan.orphans(folders: [], references: []) == [])
        #expect(scan.orphans(folders: ["img", "Work"], references: references) == ["img/logo.svg"])
    }
}
