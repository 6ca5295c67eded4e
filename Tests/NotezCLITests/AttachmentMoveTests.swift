import Foundation
import Testing
import NotezTestSupport

/// Attachments that move with their note (`mv`), stay when shared, and come back with a restored
/// note where its links find them; end to end on copies of ExampleVault, with byte checks and undo.
@Suite struct AttachmentMoveTests {
    static let png = AttachmentCommandTests.png
    static let pdf = AttachmentCommandTests.pdf
    static let note = "Work/Quarterly goals.md"
    /// Every form of an attachment link the rewriter must keep.
    static let links = """

        ![](attachments/a%20b.png) ![](<attachments/a b.png>) ![[a b.png]] ![[attachments/a b.png|200]]
        [report](attachments/report.pdf)

        """

    /// The vault's files outside `.notez/`.
    func userFiles(_ vault: TempVault) throws -> [String: Data] {
        try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
    }

    func text(_ vault: TempVault, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
    }

    func exists(_ vault: TempVault, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: vault.path + "/" + path)
    }

    /// ExampleVault with two attachments only Quarterly goals links to, in every link form.
    func vaultWithAttachments() throws -> (TempVault, original: String) {
        let vault = try TempVault.example()
        try vault.write("Work/attachments/a b.png", Data(Self.png))
        try vault.write("Work/attachments/report.pdf", Data(Self.pdf))
        let original = try text(vault, Self.note) + Self.links
        try vault.write(Self.note, original)
        return (vault, original)
    }

    @Test func soleUserTakesItsAttachmentsAlongAndUndoRestoresEveryByte() throws {
        let (vault, original) = try vaultWithAttachments()
        let before = try userFiles(vault)
        let dry = try Mutation.run(vault, ["mv", Self.note, "Personal", "--dry-run"])
        expect(dry.status, equals: 0, "\(dry.stderr)")
        expect(dry.stdout.contains("move Work/attachments/a b.png -> Personal/attachments/a b.png"), "\(dry.stdout)")
        expect(dry.stdout.contains("move Work/attachments/report.pdf -> Personal/attachments/report.pdf"))
        try expect(userFiles(vault), equals: before)

        let mv = try Mutation.run(vault, ["mv", Self.note, "Personal"])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Personal/attachments/a b.png")), equals: Data(Self.png))
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Personal/attachments/report.pdf")), equals: Data(Self.pdf))
        // The emptied attachment folder goes; the note's bytes did not change (every link still finds its file).
        expect(!exists(vault, "Work/attachments"))
        try expect(text(vault, "Personal/Quarterly goals.md"), equals: original)
        expect(try !Mutation.run(vault, ["check"]).stdout.contains("missing attachment"))

        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        try expect(userFiles(vault), equals: before)
    }

    /// Killed after each write of an mv that takes attachments along: `recover` finishes it, and
    /// the result is the uninterrupted one.
    @Test(arguments: 1...4)
    func killedMoveIsFinishedByRecover(k: Int) throws {
        let (reference, _) = try vaultWithAttachments()
        try expect(Mutation.run(reference, ["mv", Self.note, "Personal"]).status, equals: 0)
        let (vault, _) = try vaultWithAttachments()
        let killed = try Mutation.run(vault, ["mv", Self.note, "Personal"], environment: ["NOTEZ_FAULT_AFTER_WRITES": String(k)])
        expect(killed.status, equals: 99, "\(killed.stderr)")
        let recover = try Mutation.run(vault, ["recover"])
        expect(recover.status == 0 && recover.stderr.contains("finished an interrupted 'mv'"), "\(recover.stderr)")
        try expect(userFiles(vault), equals: userFiles(reference))
    }

    @Test func aTakenNameGetsANumberAndEveryLinkFormFollows() throws {
        let (vault, _) = try vaultWithAttachments()
        try vault.write("Personal/attachments/a b.png", "someone else's")
        let before = try userFiles(vault)
        let mv = try Mutation.run(vault, ["mv", Self.note, "Personal"])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        expect(mv.stderr.contains("'a b.png' exists in Personal/attachments; moved as 'a b 2.png'"), "\(mv.stderr)")
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Personal/attachments/a b 2.png")), equals: Data(Self.png))
        try expect(text(vault, "Personal/attachments/a b.png"), equals: "someone else's")
        let moved = try text(vault, "Personal/Quarterly goals.md")
        expect(
            moved.hasSuffix(
                """
                ![](attachments/a%20b%202.png) ![](<attachments/a b 2.png>) ![[a b 2.png]] ![[attachments/a b 2.png|200]]
                [report](attachments/report.pdf)

                """), "\(moved)")
        expect(try !Mutation.run(vault, ["check"]).stdout.contains("missing attachment"))
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(userFiles(vault), equals: before)
    }

    @Test func aSharedFileStaysAndTheLinkIsRewritten() throws {
        let (vault, original) = try vaultWithAttachments()
        try vault.write("Work/Other.md", "# Other\n![[a b.png]]\n")
        let before = try userFiles(vault)
        let mv = try Mutation.run(vault, ["mv", Self.note, "Personal/Recipes"])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        expect(exists(vault, "Work/attachments/a b.png"))
        expect(!exists(vault, "Work/attachments/report.pdf"))
        expect(exists(vault, "Personal/Recipes/attachments/report.pdf"))
        let moved = try text(vault, "Personal/Recipes/Quarterly goals.md")
        let expected = original.replacingOccurrences(
            of: "![](attachments/a%20b.png) ![](<attachments/a b.png>) ![[a b.png]] ![[attachments/a b.png|200]]",
            // The wikilinks still find the file, by name and by path suffix, as Obsidian does.
            with: "![](../../Work/attachments/a%20b.png) ![](<../../Work/attachments/a b.png>) ![[a b.png]] ![[attachments/a b.png|200]]")
        expect(moved, equals: expected, "\(moved)")
        expect(try !Mutation.run(vault, ["check"]).stdout.contains("missing attachment"))
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(userFiles(vault), equals: before)
    }

    @Test func twoMovedNotesSharingAFileMoveItOnce() throws {
        let vault = try TempVault()
        try vault.write("A/One.md", "# One\n![](attachments/x.png)\n")
        try vault.write("A/Two.md", "# Two\n![[x.png]]\n")
        try vault.write("A/attachments/x.png", Data(Self.png))
        try vault.write("B/.keep", "")
        let before = try userFiles(vault)
        let mv = try Mutation.run(vault, ["mv", "A/One", "A/Two", "B"])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        try expect(userFiles(vault).keys.sorted(), equals: ["B/.keep", "B/One.md", "B/Two.md", "B/attachments/x.png"])
        try expect(text(vault, "B/One.md"), equals: "# One\n![](attachments/x.png)\n")
        try expect(text(vault, "B/Two.md"), equals: "# Two\n![[x.png]]\n")
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(userFiles(vault), equals: before)
        // A folder rename takes the folder's files along once, as before.
        let rename = try Mutation.run(vault, ["folder", "rename", "A", "C"])
        expect(rename.status, equals: 0, "\(rename.stderr)")
        try expect(userFiles(vault).keys.sorted(), equals: ["B/.keep", "C/One.md", "C/Two.md", "C/attachments/x.png"])
    }

    @Test(arguments: [
        // Obsidian's "same folder as the note": the file beside the note moves beside it.
        (#"{"attachmentFolderPath": "./"}"#, "Work/x.png", "![](x.png)", "Personal/x.png", "![](x.png)"),
        // A subfolder named in notez's own config.
        ("attachments: ./assets\n", "Work/assets/x.png", "![](assets/x.png)", "Personal/assets/x.png", "![](assets/x.png)"),
        // One folder for the whole vault: the file stays, the link follows the note.
        (#"{"attachmentFolderPath": "Files"}"#, "Files/x.png", "![](../Files/x.png)", "Files/x.png", "![](../../Files/x.png)"),
    ])
    func folderRules(setting: String, file: String, link: String, movedFile: String, movedLink: String) throws {
        let vault = try TempVault.example()
        if setting.hasPrefix("{") {
            try vault.write(".obsidian/app.json", setting)
        } else {
            try vault.write(".notez/config.yaml", try text(vault, ".notez/config.yaml") + setting)
        }
        try vault.write(file, Data(Self.png))
        let original = try text(vault, Self.note)
        try vault.write(Self.note, original + link + "\n")
        let before = try userFiles(vault)
        let target = movedLink == link ? "Personal" : "Personal/Recipes"
        let mv = try Mutation.run(vault, ["mv", Self.note, target])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        try expect(Data(contentsOf: vault.url.appendingPathComponent(movedFile)), equals: Data(Self.png))
        expect(file == movedFile || !exists(vault, file))
        try expect(text(vault, target + "/Quarterly goals.md"), equals: original + movedLink + "\n")
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(userFiles(vault), equals: before)
    }

    @Test func hostileLinksAreNeverMoved() throws {
        let vault = try TempVault.example()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data(Self.png).write(to: outside.appendingPathComponent("out.png"))
        try vault.write(".git/x.png", Data(Self.png))
        try vault.write("Work/attachments/Inner note.md", "# Inner\n")
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/Work/attachments/link.png", withDestinationPath: outside.appendingPathComponent("out.png").path)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/attachments/sub", withDestinationPath: outside.path)
        let original = try text(vault, Self.note)
        let hostile = """
            ![](../../\(outside.lastPathComponent)/out.png) ![](attachments/link.png) ![](attachments/sub/out.png)
            ![](../.git/x.png) [c](../.notez/config.yaml) [n](attachments/Inner%20note.md) ![](/etc/hostname.png)

            """
        try vault.write(Self.note, original + hostile)
        let before = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/journal") }
        let mv = try Mutation.run(vault, ["mv", Self.note, "Personal"])
        expect(mv.status, equals: 0, "\(mv.stderr)")
        expect(!mv.stderr.contains("attachment"), "\(mv.stderr)")
        // Nothing but the note moved: every hostile target is where it was, the outside folder untouched.
        var after = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/journal") }
        expect(after.removeValue(forKey: "Personal/Quarterly goals.md") != nil)
        var expected = before
        expected.removeValue(forKey: Self.note)
        expect(after, equals: expected)
        try expect(FileManager.default.contentsOfDirectory(atPath: outside.path), equals: ["out.png"])
        expect(try FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/Work/attachments/link.png").hasSuffix("out.png"))
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/journal") }, equals: before)
    }

    @Test func sharedAttachmentComesBackWithTheSecondNoteRestored() throws {
        let vault = try TempVault()
        try vault.write("Work/One.md", "# One\n![](attachments/shared.png)\n")
        try vault.write("Work/Two.md", "# Two\n![[shared.png]]\n")
        try vault.write("Work/attachments/shared.png", Data(Self.png))
        let before = try userFiles(vault)
        try expect(Mutation.run(vault, ["rm", "Work/One", "Work/Two"]).status, equals: 0)
        expect(!exists(vault, "Work/attachments/shared.png"))
        let trashed = try vault.snapshot().filter { !Mutation.isDerivedState($0.key) }
        // Only the second: the file went with the first, and comes back from its item.
        let restore = try Mutation.run(vault, ["trash", "restore", "Work/Two.md"])
        expect(restore.status, equals: 0, "\(restore.stderr)")
        expect(restore.stderr.contains("Work/attachments/shared.png: shared with a note still in the trash"), "\(restore.stderr)")
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Work/attachments/shared.png")), equals: Data(Self.png))
        try expect(Mutation.run(vault, ["check"]).status, equals: 0)
        // Undo puts it back into the first note's item, byte for byte.
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(vault.snapshot().filter { !Mutation.isDerivedState($0.key) }, equals: trashed)
        // Restoring both, in either order, gives the vault back.
        try expect(Mutation.run(vault, ["trash", "restore", "Work/Two.md"]).status, equals: 0)
        let first = try Mutation.run(vault, ["trash", "restore", "Work/One.md"])
        expect(first.status, equals: 0, "\(first.stderr)")
        try expect(userFiles(vault), equals: before)
        expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.notez/trash").isEmpty)
    }

    @Test func noteRestoredToUnsortedKeepsItsAttachmentsWorking() throws {
        let vault = try TempVault()
        try vault.write("Proj/Plan.md", "# Plan\n![](attachments/a.png) [b](../Files/b.pdf) [[Other]]\n")
        try vault.write("Proj/attachments/a.png", Data(Self.png))
        try vault.write("Files/b.pdf", Data(Self.pdf))
        try vault.write("Files/Other.md", "# Other\n[b](b.pdf)\n")
        try expect(Mutation.run(vault, ["rm", "Proj/Plan"]).status, equals: 0)
        expect(!exists(vault, "Proj/attachments/a.png") && exists(vault, "Files/b.pdf"))
        try FileManager.default.removeItem(atPath: vault.path + "/Proj")
        let trashed = try vault.snapshot().filter { !Mutation.isDerivedState($0.key) }
        let restore = try Mutation.run(vault, ["trash", "restore", "Proj/Plan.md"])
        expect(restore.status, equals: 0, "\(restore.stderr)")
        expect(restore.stderr.contains("restored to Unsorted Notes"))
        // The own attachment lands where the relative link finds it; the link that climbed out is rewritten.
        try expect(Data(contentsOf: vault.url.appendingPathComponent("attachments/a.png")), equals: Data(Self.png))
        try expect(text(vault, "Plan.md"), equals: "# Plan\n![](attachments/a.png) [b](Files/b.pdf) [[Other]]\n")
        expect(!exists(vault, "Proj"))
        try expect(Mutation.run(vault, ["check"]).status, equals: 0)
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(vault.snapshot().filter { !Mutation.isDerivedState($0.key) }, equals: trashed)
    }
}
