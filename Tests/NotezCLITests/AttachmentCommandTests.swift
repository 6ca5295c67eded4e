import Foundation
import Testing
import NotezTestSupport

/// `notez attach`, `notez attachments`, the attachment findings of `check` and the `.zip`
/// markdown export, end to end on copies of ExampleVault.
@Suite struct AttachmentCommandTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)
    static let pdf = Array("%PDF-1.4\n%%EOF\n".utf8)
    static let note = "Work/Quarterly goals.md"

    /// The test process's umask (the servers it starts inherit it), from /proc.
    static func umask() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    /// Files to attach, outside the vault.
    final class Sources {
        let folder: URL
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-attach-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A PNG named .jpg and a PDF named .png: kinds come from content.
            try Data(AttachmentCommandTests.png).write(to: folder.appendingPathComponent("my photo.jpg"))
            try Data(AttachmentCommandTests.pdf).write(to: folder.appendingPathComponent("report.png"))
        }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// The vault's files outside `.notez/` (the journal grows with every operation).
    func userFiles(_ vault: TempVault) throws -> [String: Data] {
        try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
    }

    func text(_ vault: TempVault, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test func attachCopiesLinksAndUndoRestoresBytes() throws {
        let vault = try TempVault.example()
        let sources = try Sources()
        let before = try userFiles(vault)
        let original = try text(vault, Self.note)
        let result = try vault.run(["attach", "Work/Quarterly goals", sources.path("my photo.jpg"), sources.path("report.png")])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stdout.contains("copied Work/attachments/my photo.jpg"))
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Work/attachments/my photo.jpg")), equals: Data(Self.png))
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Work/attachments/report.png")), equals: Data(Self.pdf))
        let expectedTail = "![](attachments/my%20photo.jpg)\n[report.png](attachments/report.png)\n"
        try expect(text(vault, Self.note), equals: original + (original.hasSuffix("\n") ? "" : "\n") + expectedTail)

        // The same file again: a new name, never an overwrite.
        let again = try vault.run(["attach", Self.note, sources.path("my photo.jpg")])
        expect(again.status, equals: 0, "\(again.stderr)")
        expect(FileManager.default.fileExists(atPath: vault.path + "/Work/attachments/my photo 2.jpg"))
        expect(try text(vault, Self.note).hasSuffix("![](attachments/my%20photo%202.jpg)\n"))

        for _ in 0..<2 {
            let undo = try vault.run(["undo"])
            expect(undo.status, equals: 0, "\(undo.stderr)")
        }
        try expect(userFiles(vault), equals: before)
        expect(!FileManager.default.fileExists(atPath: vault.path + "/Work/attachments"))
    }

    @Test func insertAfterLineAndDryRun() throws {
        let vault = try TempVault()
        try vault.write("N.md", "---\ntags: [a]\n---\n# N\r\nline two\r\n")
        let sources = try Sources()
        let before = try userFiles(vault)
        let dry = try vault.run(["attach", "N", sources.path("report.png"), "--at", "4", "--dry-run"])
        expect(dry.status, equals: 0, "\(dry.stderr)")
        expect(dry.stdout.contains("copy \(sources.path("report.png")) -> attachments/report.png"))
        expect(dry.stdout.contains("+[report.png](attachments/report.png)"))
        try expect(userFiles(vault), equals: before)
        let inside = try vault.run(["attach", "N", sources.path("report.png"), "--at", "2"])
        expect(inside.status == 2 && inside.stderr.contains("front matter"))
        let beyond = try vault.run(["attach", "N", sources.path("report.png"), "--at", "9"])
        expect(beyond.status, equals: 2)
        let done = try vault.run(["attach", "N", sources.path("report.png"), "--at", "4"])
        expect(done.status, equals: 0, "\(done.stderr)")
        try expect(text(vault, "N.md"), equals: "---\ntags: [a]\n---\n# N\r\n[report.png](attachments/report.png)\r\nline two\r\n")
    }

    @Test func sizeLimit() throws {
        let vault = try TempVault.example()
        let sources = try Sources()
        let big = sources.path("big.bin")
        // Sparse: 251 MB that take no disk space.
        expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 251_000_000)
        try handle.close()
        let before = try userFiles(vault)
        let refused = try vault.run(["attach", Self.note, big])
        expect(refused.status == 4 && refused.stderr.contains("over the attachment limit of 250000000 bytes"), "\(refused.stderr)")
        try expect(userFiles(vault), equals: before)
        try vault.write(".notez/config.yaml", "attachment_max_mb: 1\n")
        try Data(repeating: 1, count: 1_000_001).write(to: URL(fileURLWithPath: sources.path("two.bin")))
        try expect(vault.run(["attach", Self.note, sources.path("two.bin")]).status, equals: 4)
        try expect(userFiles(vault), equals: before)
    }

    @Test func hostileSourcesAndDestinations() throws {
        let vault = try TempVault.example()
        let sources = try Sources()
        let before = try userFiles(vault)
        // A symlink to /etc/passwd is refused: only a regular file the user names is read.
        try FileManager.default.createSymbolicLink(atPath: sources.path("passwd.txt"), withDestinationPath: "/etc/passwd")
        let link = try vault.run(["attach", Self.note, sources.path("passwd.txt")])
        expect(link.status == 4 && link.stderr.contains("is a symlink"), "\(link.stderr)")
        let folder = try vault.run(["attach", Self.note, sources.folder.path])
        expect(folder.status == 4 && folder.stderr.contains("not a regular file"), "\(folder.stderr)")
        let missing = try vault.run(["attach", Self.note, sources.path("nothing.png")])
        expect(missing.status, equals: 2)
        let device = try vault.run(["attach", Self.note, "/dev/null"])
        expect(device.status, equals: 4)
        try expect(userFiles(vault), equals: before)

        // The attachment folder a symlink to a folder outside the vault: nothing is written there.
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/attachments", withDestinationPath: outside.path)
        let through = try vault.run(["attach", Self.note, sources.path("report.png")])
        expect(through.status == 4 && through.stderr.contains("symlink"), "\(through.stderr)")
        expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        try FileManager.default.removeItem(atPath: vault.path + "/Work/attachments")

        // A hostile Obsidian setting.
        try vault.write(".obsidian/app.json", #"{"attachmentFolderPath": "../../tmp"}"#)
        let escaping = try vault.run(["attach", Self.note, sources.path("report.png")])
        expect(escaping.status == 4 && escaping.stderr.contains(".obsidian/app.json"), "\(escaping.stderr)")
        // A good one is followed.
        try vault.write(".obsidian/app.json", #"{"attachmentFolderPath": "Files"}"#)
        let fixed = try vault.run(["attach", Self.note, sources.path("report.png"), "--markdown"])
        expect(fixed.status, equals: 0, "\(fixed.stderr)")
        expect(FileManager.default.fileExists(atPath: vault.path + "/Files/report.png"))
        expect(try text(vault, Self.note).hasSuffix("[report.png](../Files/report.png)\n"))
    }

    @Test func listingOrphansAndCheck() throws {
        let vault = try TempVault.example()
        let sources = try Sources()
        try expect(vault.run(["attach", Self.note, sources.path("my photo.jpg"), sources.path("report.png")]).status, equals: 0)
        let rows = try JSONSerialization.jsonObject(with: Data(try vault.run(["attachments", Self.note, "--json"]).stdout.utf8))
            as! [[String: Any]]
        expect(rows.map { $0["path"] as? String }, equals: ["Work/attachments/my photo.jpg", "Work/attachments/report.png"])
        expect(rows.map { $0["kind"] as? String }, equals: ["png", "pdf"])
        expect(rows.map { $0["size"] as? Int }, equals: [Self.png.count, Self.pdf.count])
        expect(rows.allSatisfy { $0["exists"] as? Bool == true })
        let plain = try vault.run(["attachments", Self.note])
        expect(plain.status == 0 && plain.stdout.contains("Work/attachments/report.png  15 B  pdf"), "\(plain.stdout)")
        // ExampleVault has findings of its own (a YAML error, a tag spelled two ways): none about attachments.
        expect(try !vault.run(["check"]).stdout.contains("attachment"))
        try expect(vault.run(["attachments", "--orphans"]).status, equals: 1)

        // An orphan, and a missing attachment.
        try vault.write("Work/attachments/unused.bin", "x")
        try FileManager.default.removeItem(atPath: vault.path + "/Work/attachments/report.png")
        let orphans = try vault.run(["attachments", "--orphans", "--print0"])
        expect(orphans.status == 0 && orphans.stdout == "Work/attachments/unused.bin\0")
        let listing = try vault.run(["attachments", Self.note])
        expect(listing.status == 3 && listing.stdout.contains("Work/attachments/report.png  missing"), "\(listing.stdout)")
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(check.stdout.contains("missing attachment [report.png](attachments/report.png): no file at Work/attachments/report.png"))
        expect(check.stdout.contains("Work/attachments/unused.bin: orphaned attachment"))
        expect(try !vault.run(["check", "--no-attachments"]).stdout.contains("attachment"))
        // Read commands write nothing.
        let before = try vault.snapshot()
        _ = try vault.run(["attachments", "--orphans", "--json"])
        try expect(vault.snapshot(), equals: before)
    }

    @Test func zipExportCarriesAttachmentsAndRewritesBareNames() throws {
        let vault = try TempVault()
        try vault.write("Work/Plan.md", "# Plan\n![](attachments/a.png) ![](b.pdf) ![[a.png]]\n")
        try vault.write("Work/attachments/a.png", Data(Self.png))
        try vault.write("Work/attachments/b.pdf", Data(Self.pdf))
        try vault.write("Work/attachments/unused.png", Data(Self.png))
        try vault.write("Other.md", "# Other\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("notez-export-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try vault.run(["export", "--format", "markdown", "--out", out.path])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stderr.contains("exported 2 notes and 2 attachments"))
        let script = """
            import sys, zipfile, json
            z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
            print(json.dumps({n: z.read(n).decode('latin-1') for n in z.namelist()}))
            """
        let scriptFile = out.deletingPathExtension().appendingPathExtension("py")
        try Data(script.utf8).write(to: scriptFile)
        defer { try? FileManager.default.removeItem(at: scriptFile) }
        let read = try CLIRunner.runShell("python3 '\(scriptFile.path)' '\(out.path)'")
        expect(read.status, equals: 0, "\(read.stderr)")
        let files = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as! [String: String]
        expect(Set(files.keys), equals: ["Other.md", "Work/Plan.md", "Work/attachments/a.png", "Work/attachments/b.pdf"])
        expect(files["Work/Plan.md"], equals: "# Plan\n![](attachments/a.png) ![](attachments/b.pdf) ![[a.png]]\n")
        expect(files["Work/attachments/b.pdf"], equals: String(decoding: Self.pdf, as: UTF8.self))
        // The vault itself is unchanged.
        try expect(text(vault, "Work/Plan.md"), equals: "# Plan\n![](attachments/a.png) ![](b.pdf) ![[a.png]]\n")
    }

    @Test func rmTakesOwnAttachmentsAndRestoreOrDeleteFollows() throws {
        let vault = try TempVault()
        try vault.write("Work/Plan.md", "# Plan\n![](attachments/own.png) ![](attachments/shared.pdf)\n")
        try vault.write("Work/Other.md", "# Other\n[s](attachments/shared.pdf)\n")
        try vault.write("Work/attachments/own.png", Data(Self.png))
        try vault.write("Work/attachments/shared.pdf", Data(Self.pdf))
        let before = try userFiles(vault)
        let rm = try vault.run(["rm", "Work/Plan"])
        expect(rm.status, equals: 0, "\(rm.stderr)")
        expect(!FileManager.default.fileExists(atPath: vault.path + "/Work/attachments/own.png"))
        expect(FileManager.default.fileExists(atPath: vault.path + "/Work/attachments/shared.pdf"))
        // The trash item is still one note (listed, shown) with its attachment inside.
        let list = try vault.run(["trash", "list", "--json"])
        expect(list.status == 0 && list.stdout.contains("Work/Plan.md"), "\(list.stdout) \(list.stderr)")
        try expect(vault.run(["check"]).status, equals: 0)
        let restore = try vault.run(["trash", "restore", "Work/Plan.md"])
        expect(restore.status, equals: 0, "\(restore.stderr)")
        try expect(userFiles(vault), equals: before)
        expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.notez/trash").isEmpty)

        // rm, undo: byte identity too.
        try expect(vault.run(["rm", "Work/Plan"]).status, equals: 0)
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(userFiles(vault), equals: before)

        // rm, then a permanent delete removes the attachment with the note.
        try expect(vault.run(["rm", "Work/Plan"]).status, equals: 0)
        let delete = try vault.run(["trash", "delete", "Work/Plan.md", "--yes"])
        expect(delete.status, equals: 0, "\(delete.stderr)")
        expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.notez/trash").isEmpty)
        try expect(userFiles(vault).keys.sorted(), equals: ["Work/Other.md", "Work/attachments/shared.pdf"])
    }

    @Test func hostileLinksAndSymlinkedAttachmentsAreNeverRead() throws {
        let vault = try TempVault()
        try vault.write("N.md", "# N\n![](../../../../etc/passwd.png) ![](attachments/link.png) [x](attachments/ok.pdf)\n")
        try vault.write("attachments/ok.pdf", Data(Self.pdf))
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/attachments/link.png", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/attachments/stray.png", withDestinationPath: "/etc/hostname")
        let rows = try JSONSerialization.jsonObject(with: Data(try vault.run(["attachments", "N", "--json"]).stdout.utf8)) as! [[String: Any]]
        expect(rows.map { $0["exists"] as? Bool }, equals: [false, false, true])
        expect(rows.first?["path"] is NSNull)
        // A symlink is neither an attachment nor an orphan.
        try expect(vault.run(["attachments", "--orphans"]).status, equals: 1)
        let check = try vault.run(["check"])
        expect(check.stdout.contains("missing attachment ![](../../../../etc/passwd.png): the path leaves the vault"))
        expect(check.stdout.contains("missing attachment ![](attachments/link.png): no file at attachments/link.png"))
        // The export copies the real file only.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("notez-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let export = try vault.run(["export", "--format", "markdown", "--out", out.path])
        expect(export.status, equals: 0, "\(export.stderr)")
        try expect(FileManager.default.contentsOfDirectory(atPath: out.path + "/attachments"), equals: ["ok.pdf"])
        // rm takes the real file along, never the symlinks.
        try expect(vault.run(["rm", "N"]).status, equals: 0)
        try expect(FileManager.default.contentsOfDirectory(atPath: vault.path + "/attachments").sorted(), equals: ["link.png", "stray.png"])
    }

    /// Killed after each write of an attach (folder, two copies, the note): `recover` finishes it,
    /// copying from the sources again, and the result is the uninterrupted one.
    @Test(arguments: 1...4)
    func killedAttachIsFinishedByRecover(k: Int) throws {
        let sources = try Sources()
        let arguments = ["attach", Self.note, sources.path("my photo.jpg"), sources.path("report.png")]
        let reference = try TempVault.example()
        try expect(reference.run(arguments).status, equals: 0)
        let vault = try TempVault.example()
        let killed = try vault.run(arguments, environment: ["NOTEZ_FAULT_AFTER_WRITES": String(k)])
        expect(killed.status, equals: 99)
        let recover = try vault.run(["recover"])
        expect(recover.status == 0 && recover.stderr.contains("finished an interrupted 'attach'"), "\(recover.stderr)")
        try expect(userFiles(vault), equals: userFiles(reference))
    }
}
