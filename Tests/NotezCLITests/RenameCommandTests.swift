import Foundation
import Testing
import NotezTestSupport

/// `notez rename` and the link rewriting of `mv` and `folder rename`, end to end: links keep
/// finding their notes, undo gives back every byte and every file name.
@Suite struct RenameCommandTests {
    /// The vault's files without notez's own state (journal, lock, cache).
    static func notes(_ vault: TempVault) throws -> [String: Data] {
        try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
    }

    static func text(_ vault: TempVault, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
    }

    static func backlinkCount(_ vault: TempVault, _ note: String) throws -> Int {
        let result = try vault.run(["backlinks", note, "--json"])
        guard result.status == 0 else { return 0 }
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [Any]).count
    }

    /// The link forms a note may use for `Projects/Old Plan.md` from `folder`.
    static func forms(from folder: String) -> [String] {
        let up = folder.isEmpty ? "" : String(repeating: "../", count: folder.split(separator: "/").count)
        return [
            "[[Old Plan]]", "[[Old Plan|the plan]]", "[[Old Plan#Goals]]", "[[Old Plan#^b1]]", "![[Old Plan]]",
            "[[Projects/Old Plan]]", "[[Old Plan.md]]", "[[old plan]]",
            "[md](\(up)Projects/Old%20Plan.md)", "[md](<\(up)Projects/Old Plan.md>)", "[h](\(up)Projects/Old%20Plan.md#Goals \"t\")",
            "[noext](\(up)Projects/Old%20Plan)", "[abs](/Projects/Old%20Plan.md)",
        ]
    }

    func vaultWithBacklinks() throws -> TempVault {
        let vault = try TempVault()
        try vault.write(
            "Projects/Old Plan.md", "---\ntitle: Old Plan\naliases: [Blueprint]\ntags: [work]\n---\n# Goals\nSelf: [[Old Plan#Goals]] [me](Old%20Plan.md)\n")
        try vault.write("Projects/Old.md", "# Unrelated\n")
        let folders = ["", "Projects", "Archive/2023", "Notes"]
        for number in 0..<50 {
            let folder = folders[number % folders.count]
            let forms = Self.forms(from: folder)
            let form = forms[number % forms.count]
            let newline = number % 3 == 0 ? "\r\n" : "\n"
            let body = [
                "Note \(number) links \(form) and [[Blueprint]].", "```", "[[Old Plan]] in code", "```",
                "`[[Old Plan]]` [web](https://example.org/Old%20Plan.md) [out](../../../Old%20Plan.md)",
            ].joined(separator: newline) + newline
            try vault.write(VaultPathJoin.join(folder, "Linker \(number).md"), body)
        }
        return vault
    }

    @Test func renameWithFiftyBacklinksThenUndo() throws {
        let vault = try vaultWithBacklinks()
        let before = try Self.notes(vault)
        let linksBefore = try Self.backlinkCount(vault, "Projects/Old Plan")
        // `[[Blueprint]]` names the alias: no link in Obsidian (docs/obsidian-compatibility.md L12).
        expect(linksBefore, equals: 50 + 2)

        let dry = try vault.run(["rename", "Projects/Old Plan", "New: Plan", "--dry-run"])
        expect(dry.status, equals: 0, "\(dry.stderr)")
        expect(dry.stdout.contains("move Projects/Old Plan.md -> Projects/New- Plan.md"))
        expect(dry.stdout.contains("+Note 0 links [[New- Plan]] and [[Blueprint]]."))
        try expect(Self.notes(vault), equals: before)

        let result = try vault.run(["rename", "Projects/Old Plan", "New: Plan"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let after = try Self.notes(vault)
        expect(after["Projects/Old Plan.md"] == nil)
        let renamed = try Self.text(vault, "Projects/New- Plan.md")
        expect(renamed.hasPrefix("---\ntitle: \"New: Plan\"\naliases: [Blueprint]\ntags: [work]\n---\n# Goals\n"))
        expect(renamed.hasSuffix("Self: [[New- Plan#Goals]] [me](New-%20Plan.md)\n"))
        try expect(Self.backlinkCount(vault, "Projects/New- Plan"), equals: linksBefore)
        try expect(Self.backlinkCount(vault, "Projects/Old"), equals: 0)
        // Each linking note: only the link changed; code, external links, aliases and links out of the vault stay.
        let first = try Self.text(vault, "Linker 0.md")
        expect(first, equals: "Note 0 links [[New- Plan]] and [[Blueprint]].\r\n```\r\n[[Old Plan]] in code\r\n```\r\n"
            + "`[[Old Plan]]` [web](https://example.org/Old%20Plan.md) [out](../../../Old%20Plan.md)\r\n")
        let expected = [
            "Projects/Linker 1.md": "[[New- Plan|the plan]]", "Archive/2023/Linker 2.md": "[[New- Plan#Goals]]",
            "Notes/Linker 3.md": "[[New- Plan#^b1]]", "Linker 4.md": "![[New- Plan]]", "Projects/Linker 5.md": "[[Projects/New- Plan]]",
            "Archive/2023/Linker 6.md": "[[New- Plan.md]]", "Notes/Linker 7.md": "[[New- Plan]]",
            "Linker 8.md": "[md](Projects/New-%20Plan.md)", "Projects/Linker 9.md": "[md](<New- Plan.md>)",
            "Archive/2023/Linker 10.md": "[h](../../Projects/New-%20Plan.md#Goals \"t\")",
            "Notes/Linker 11.md": "[noext](../Projects/New-%20Plan)", "Linker 12.md": "[abs](/Projects/New-%20Plan.md)",
        ]
        for (path, link) in expected {
            expect(try Self.text(vault, path).contains(" links \(link) and [[Blueprint]]."), "\(path)")
        }

        let undo = try vault.run(["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        try expect(Self.notes(vault), equals: before)
    }

    /// The case of Obsidian's help vault: a note whose file name another note shares, linked in every
    /// form Obsidian writes (label, `.md`, table `\|`, heading, embed, relative, vault-root and
    /// absolute Markdown links); the label never decides, and rename rewrites every form in its own form.
    @Test func renameKeepsEveryObsidianFormThenUndo() throws {
        let vault = try TempVault()
        try vault.write("B c/Templates.md", "# Heading\nclipper templates\n")
        try vault.write("P/Templates.md", "the plugin\n")
        let forms = [
            "[[B c/Templates|templates]]", "[[B c/Templates.md|templates]]", "| [[B c/Templates\\|templates]] |",
            "[[B c/Templates#Heading|label]]", "![[B c/Templates]]", "[rel](../B%20c/Templates.md)", "[root](B%20c/Templates.md)",
            "[abs](/B%20c/Templates.md)", "[angle](<B c/Templates.md>)", "[[Templates]]",
        ]
        try vault.write("Notes/Linker.md", forms.joined(separator: "\n") + "\n")
        let before = try Self.notes(vault)
        let links = try vault.run(["links", "Notes/Linker", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(links.stdout.utf8)) as! [[String: Any]]
        expect(rows.map { $0["path"] as? String }, equals: Array(repeating: "B c/Templates.md", count: 9) + ["P/Templates.md"])
        expect(rows.allSatisfy { $0["status"] as? String == "resolved" })

        let dry = try vault.run(["rename", "B c/Templates", "Clipper templates", "--dry-run"])
        expect(dry.status, equals: 0, "\(dry.stderr)")
        expect(dry.stdout.contains("+| [[B c/Clipper templates\\|templates]] |"), "\(dry.stdout)")
        try expect(Self.notes(vault), equals: before)

        let result = try vault.run(["rename", "B c/Templates", "Clipper templates"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let expected = [
            "[[B c/Clipper templates|templates]]", "[[B c/Clipper templates.md|templates]]", "| [[B c/Clipper templates\\|templates]] |",
            "[[B c/Clipper templates#Heading|label]]", "![[B c/Clipper templates]]", "[rel](../B%20c/Clipper%20templates.md)",
            "[root](B%20c/Clipper%20templates.md)", "[abs](/B%20c/Clipper%20templates.md)", "[angle](<B c/Clipper templates.md>)",
            "[[Templates]]",
        ]
        try expect(Self.text(vault, "Notes/Linker.md"), equals: expected.joined(separator: "\n") + "\n")
        let summary = try vault.run(["links", "--summary"])
        expect(summary.stdout.contains("broken 0"), "\(summary.stdout)")
        try expect(Self.backlinkCount(vault, "B c/Clipper templates"), equals: 9)

        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(Self.notes(vault), equals: before)
    }

    @Test func folderRenameAndMvKeepRelativeLinksThenUndo() throws {
        let vault = try TempVault()
        try vault.write("Top.md", "[a](Area/A.md) [b](Area/Sub/B.md) ![p](Area/pic.png) [[Area/A]] [[A]]\n")
        try vault.write("Area/A.md", "[top](../Top.md) [b](Sub/B.md) ![p](pic.png) [far](../Other/C.md)\n")
        try vault.write("Area/Sub/B.md", "[a](../A.md) [top](../../Top.md)\n")
        try vault.write("Area/pic.png", "PNG")
        try vault.write("Other/C.md", "[a](../Area/A.md) [b](<../Area/Sub/B.md>)\n")
        // `folder rename` writes .notez/folders.yaml; with .notez there, undo has no folder to remove.
        try vault.write(".notez/folders.yaml", "")
        let before = try Self.notes(vault)

        let rename = try vault.run(["folder", "rename", "Area", "Zone"])
        expect(rename.status, equals: 0, "\(rename.stderr)")
        try expect(Self.text(vault, "Top.md"), equals: "[a](Zone/A.md) [b](Zone/Sub/B.md) ![p](Zone/pic.png) [[Zone/A]] [[A]]\n")
        try expect(Self.text(vault, "Zone/A.md"), equals: "[top](../Top.md) [b](Sub/B.md) ![p](pic.png) [far](../Other/C.md)\n")
        try expect(Self.text(vault, "Other/C.md"), equals: "[a](../Zone/A.md) [b](<../Zone/Sub/B.md>)\n")
        let check = try vault.run(["links", "--summary"])
        expect(check.stdout.contains("resolved 11, ambiguous 0, self 0, attachment 2, broken 0"), "\(check.stdout)")
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(Self.notes(vault), equals: before)

        // folder delete: notes and files inside move to the root, subfolders up; links follow.
        let delete = try vault.run(["folder", "delete", "Area", "--yes"])
        expect(delete.status, equals: 0, "\(delete.stderr)")
        try expect(Self.text(vault, "Top.md"), equals: "[a](A.md) [b](Sub/B.md) ![p](pic.png) [[A]] [[A]]\n")
        try expect(Self.text(vault, "A.md"), equals: "[top](Top.md) [b](Sub/B.md) ![p](pic.png) [far](Other/C.md)\n")
        try expect(Self.text(vault, "Sub/B.md"), equals: "[a](../A.md) [top](../Top.md)\n")
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(Self.notes(vault), equals: before)

        // mv a note one level deeper: its links out get one more `..`, links to it follow.
        let mv = try vault.run(["mv", "Area/A", "Other/Deep", "--create"])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        // `[b](Sub/B.md)` still finds `Area/Sub/B.md` by its path's end (Obsidian's lookup): left alone.
        try expect(Self.text(vault, "Other/Deep/A.md"), equals: "[top](../../Top.md) [b](Sub/B.md) ![p](../../Area/pic.png) [far](../C.md)\n")
        try expect(Self.text(vault, "Area/Sub/B.md"), equals: "[a](../../Other/Deep/A.md) [top](../../Top.md)\n")
        try expect(Self.text(vault, "Top.md"), equals: "[a](Other/Deep/A.md) [b](Area/Sub/B.md) ![p](Area/pic.png) [[Other/Deep/A]] [[A]]\n")
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(Self.notes(vault), equals: before)
    }

    @Test func titleFieldAsSpelledAndHeadingLeftAlone() throws {
        let vault = try TempVault()
        try vault.write("Caps.md", "---\r\nTitle: Caps\r\ntags: [a]\r\n---\r\nbody\r\n")
        try vault.write("Heading.md", "# Heading title\nbody\n")
        try vault.write("Links.md", "[[Caps]] [[Heading title]] [[Heading]]\n")
        try expect(vault.run(["rename", "Caps", "Upper"]).status, equals: 0)
        try expect(Self.text(vault, "Upper.md"), equals: "---\r\nTitle: Upper\r\ntags: [a]\r\n---\r\nbody\r\n")
        try expect(vault.run(["rename", "Heading", "Plain"]).status, equals: 0)
        // The heading stays (and stays the title), no `title:` is added: the file name carries the title.
        try expect(Self.text(vault, "Plain.md"), equals: "# Heading title\nbody\n")
        try expect(Self.text(vault, "Links.md"), equals: "[[Upper]] [[Heading title]] [[Plain]]\n")
        let same = try vault.run(["rename", "Plain", "Plain"])
        expect(same.status == 0 && same.stderr.contains("already named"), "\(same.stderr)")
    }

    @Test func hostileRenames() throws {
        let vault = try vaultWithBacklinks()
        let before = try Self.notes(vault)
        // A title with `/` and `..` names a file in the same folder, never a path.
        let slashes = try vault.run(["rename", "Projects/Old Plan", "../../etc/passwd"])
        expect(slashes.status, equals: 0, "\(slashes.stderr)")
        expect(FileManager.default.fileExists(atPath: vault.url.appendingPathComponent("Projects/-..-etc-passwd.md").path))
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(Self.notes(vault), equals: before)
        let dots = try vault.run(["rename", "Projects/Old Plan", ".."])
        expect(dots.status != 0 && dots.stderr.contains("gives no file name"))
        // A name that exists is refused, never overwritten or numbered.
        let clash = try vault.run(["rename", "Projects/Old Plan", "old"])
        expect(clash.status != 0 && clash.stderr.contains("'Projects/Old.md' exists"), "\(clash.stderr)")
        try expect(Self.notes(vault), equals: before)
        // A symlinked note is refused; a symlinked linking note is not written through.
        let outside = try HostileVault.outsideFolder(of: vault)
        try "[[Old Plan]]\n".write(to: outside.appendingPathComponent("Target.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: vault.url.appendingPathComponent("Linked.md"), withDestinationURL: outside.appendingPathComponent("Target.md"))
        let link = try vault.run(["rename", "Linked", "Anything"])
        expect(link.status != 0, "\(link.stdout)")
        let through = try vault.run(["rename", "Projects/Old Plan", "Fine"])
        try expect(String(contentsOf: outside.appendingPathComponent("Target.md"), encoding: .utf8), equals: "[[Old Plan]]\n")
        expect(through.stderr.contains("Linked.md") || through.stdout.contains("Linked.md"), "\(through.stderr)")
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(Self.notes(vault).filter { $0.key != "Linked.md" }, equals: before)
        // No such note, an ambiguous one.
        expect(try vault.run(["rename", "Nowhere", "X"]).status != 0)
        try vault.write("Notes/Old.md", "# Twin\n")
        let ambiguous = try vault.run(["rename", "Old", "X"])
        expect(ambiguous.status != 0 && ambiguous.stderr.contains("Projects/Old.md"), "\(ambiguous.stderr)")
    }
}

/// `VaultPath.join` for test paths (the test target does not import NotezKit).
enum VaultPathJoin {
    static func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
}

/// `.notez/order.yaml` follows `rename`, `mv` and `folder rename` in the same plan.
@Suite struct ManualOrderFollowsMovesTests {
    static let header = "# notez: manual order of notes in folders. Edited by `notez order`; one name a line.\n"

    @Test func orderFollowsRenameMvAndFolderRename() throws {
        let vault = try TempVault()
        for name in ["A", "B", "C"] { try vault.write("Work/\(name).md", "# \(name)\n") }
        try vault.write("Work/Sub/D.md", "# D\n")
        try vault.write("Other/E.md", "# E\n")
        try vault.write(
            ".notez/order.yaml", Self.header + "\"Work\":\n  - \"C.md\"\n  - \"A.md\"\n  - \"B.md\"\n\"Work/Sub\":\n  - \"D.md\"\n")
        let ls = { () throws -> [String] in
            try vault.run(["ls", "Work", "--paths"]).stdout.split(separator: "\n").map(String.init)
        }
        try expect(ls(), equals: ["Work/C.md", "Work/A.md", "Work/B.md"])

        try expect(vault.run(["rename", "Work/A", "Alpha"]).status, equals: 0)
        try expect(ls(), equals: ["Work/C.md", "Work/Alpha.md", "Work/B.md"])
        try expect(vault.run(["mv", "Work/C", "Other"]).status, equals: 0)
        try expect(ls(), equals: ["Work/Alpha.md", "Work/B.md"])
        try expect(vault.run(["folder", "rename", "Work", "Job"]).status, equals: 0)
        try expect(
            RenameCommandTests.text(vault, ".notez/order.yaml"), equals: Self.header + "\"Job\":\n  - \"Alpha.md\"\n  - \"B.md\"\n\"Job/Sub\":\n  - \"D.md\"\n")
        for _ in 0..<3 { try expect(vault.run(["undo"]).status, equals: 0) }
        try expect(
            RenameCommandTests.text(vault, ".notez/order.yaml"), equals: Self.header + "\"Work\":\n  - \"C.md\"\n  - \"A.md\"\n  - \"B.md\"\n\"Work/Sub\":\n  - \"D.md\"\n")
    }
}
