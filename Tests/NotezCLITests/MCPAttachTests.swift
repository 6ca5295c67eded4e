import Foundation
import MCP
import Testing
import NotezTestSupport

/// `notez mcp`'s `attach_file`: the same planner as `notez attach`, the size limit, hostile sources
/// and notes, and undo; on copies of ExampleVault with byte checks.
@Suite struct MCPAttachTests {
    static let note = "Work/Quarterly goals.md"

    func userFiles(_ vault: TempVault) throws -> [String: Data] {
        try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
    }

    @Test func attachesLinksAndUndoes() async throws {
        let vault = try TempVault.example()
        let sources = try AttachmentCommandTests.Sources()
        let before = try userFiles(vault)
        let original = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self)
        let session = try await MCPServerTests.Session(vault: vault, allowWrites: true, arguments: ["--attach-from", sources.folder.path])
        let names = Set(try await session.client.listTools().tools.map(\.name))
        expect(names.contains("attach_file"))
        let result = try await session.call(
            "attach_file", ["note": "Quarterly goals", "files": [.string(sources.path("my photo.jpg")), .string(sources.path("report.png"))]])
        expect(
            result.objectValue?["copied"]?.arrayValue?.compactMap(\.stringValue)
                == ["Work/attachments/my photo.jpg", "Work/attachments/report.png"], "\(result)")
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Work/attachments/my photo.jpg")), equals: Data(AttachmentCommandTests.png))
        let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self)
        expect(text, equals: original + "![](attachments/my%20photo.jpg)\n[report.png](attachments/report.png)\n")
        let wiki = try await session.call(
            "attach_file", ["note": .string(Self.note), "files": [.string(sources.path("report.png"))], "style": "wikilink"])
        expect(wiki.objectValue?["copied"]?.arrayValue?.first?.stringValue == "Work/attachments/report 2.png")
        expect(String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self).hasSuffix("[[report 2.png]]\n"))
        for _ in 0..<2 { _ = try await session.call("undo") }
        try expect(userFiles(vault), equals: before)
        await session.close()
    }

    @Test func hostileSourcesNotesAndSizesAreRefused() async throws {
        let vault = try TempVault.example()
        try vault.write(".notez/config.yaml", "attachment_max_mb: 1\n")
        let sources = try AttachmentCommandTests.Sources()
        try Data(repeating: 1, count: 1_000_001).write(to: URL(fileURLWithPath: sources.path("big.bin")))
        try FileManager.default.createSymbolicLink(atPath: sources.path("passwd.png"), withDestinationPath: "/etc/passwd")
        try FileManager.default.createDirectory(atPath: sources.path("sub"), withIntermediateDirectories: true)
        let before = try userFiles(vault)
        let session = try await MCPServerTests.Session(vault: vault, allowWrites: true, arguments: ["--attach-from", sources.folder.path])
        let refusals: [(String, [String: Value])] = [
            ("not an absolute path", ["note": .string(Self.note), "files": ["my photo.jpg"]]),
            ("over the attachment limit", ["note": .string(Self.note), "files": [.string(sources.path("big.bin"))]]),
            ("is a symlink", ["note": .string(Self.note), "files": [.string(sources.path("passwd.png"))]]),
            ("not a regular file", ["note": .string(Self.note), "files": [.string(sources.path("sub"))]]),
            ("outside the vault", ["note": .string(Self.note), "files": ["/dev/zero"]]),
            ("no note matches", ["note": "../Phone numbers", "files": [.string(sources.path("report.png"))]]),
            ("is a note file", ["note": .string(Self.note), "files": [.string(vault.path + "/Phone numbers.md")]]),
            ("style", ["note": .string(Self.note), "files": [.string(sources.path("report.png"))], "style": "html"]),
            ("at least one item", ["note": .string(Self.note), "files": []]),
        ]
        for (reason, arguments) in refusals {
            let refused = try await session.call("attach_file", arguments, expectError: true)
            expect(refused.stringValue?.contains(reason) == true, "\(reason): \(refused)")
        }
        try expect(userFiles(vault), equals: before)
        await session.close()

        let readOnly = try await MCPServerTests.Session(vault: vault, allowWrites: false)
        let refused = try await readOnly.call(
            "attach_file", ["note": .string(Self.note), "files": [.string(sources.path("report.png"))]], expectError: true)
        expect(refused.stringValue?.contains("--allow-writes") == true)
        try expect(userFiles(vault), equals: before)
        await readOnly.close()
    }

    /// Issue 26, finding 4: `attach_file` copied any readable file into the vault (`/etc/shadow`
    /// 0640 as a 0644 copy, notez's signing key, `.git/config`). Only the vault and folders allowed
    /// with `--attach-from`, never hidden folders or notez's state, never a wider copy.
    @Test func attachesOnlyFromTheVaultAndAllowedFolders() async throws {
        let vault = try TempVault.example()
        let fm = FileManager.default
        let sources = try AttachmentCommandTests.Sources()
        let elsewhere = try AttachmentCommandTests.Sources()
        try fm.createDirectory(atPath: vault.path + "/.git", withIntermediateDirectories: true)
        try Data("[core]\n\tbare = false\n".utf8).write(to: URL(fileURLWithPath: vault.path + "/.git/config"))
        try fm.createDirectory(atPath: sources.path(".ssh"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: sources.path(".ssh/id.png")))
        try fm.createSymbolicLink(atPath: sources.path("etc"), withDestinationPath: "/etc")
        try Data("private".utf8).write(to: URL(fileURLWithPath: sources.path("private.txt")))
        try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sources.path("private.txt"))
        let state = CLIRunner.userFolders.appendingPathComponent("state/notez")
        try fm.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("key".utf8).write(to: state.appendingPathComponent("planted.png"))
        try fm.createDirectory(atPath: vault.path + "/Inbox files", withIntermediateDirectories: true)
        try Data(AttachmentCommandTests.pdf).write(to: URL(fileURLWithPath: vault.path + "/Inbox files/scan.pdf"))
        let before = try vault.snapshot()
        let session = try await MCPServerTests.Session(
            vault: vault, allowWrites: true, arguments: ["--attach-from", sources.folder.path, "--attach-from", CLIRunner.userFolders.path])
        var refusals: [(String, String)] = [
            ("outside the vault and the folders allowed", elsewhere.path("report.png")),
            ("outside the vault and the folders allowed", "/etc/hostname"),
            ("outside the vault and the folders allowed", sources.path("etc/hostname")),
            ("hidden folder ('.git')", vault.path + "/.git/config"),
            ("hidden folder ('.notez')", vault.path + "/.notez/config.yaml"),
            ("hidden folder ('.ssh')", sources.path(".ssh/id.png")),
            ("notez's own state folder", state.appendingPathComponent("planted.png").path),
        ]
        // With the usual umask the copy of a 0600 file would be readable by all: refused.
        if AttachmentCommandTests.umask() & 0o066 != 0o066 {
            refusals.append(("readable by fewer users (mode 600)", sources.path("private.txt")))
        }
        for (reason, file) in refusals {
            let refused = try await session.call("attach_file", ["note": .string(Self.note), "files": [.string(file)]], expectError: true)
            expect(refused.stringValue?.contains(reason) == true, "\(file): \(refused)")
        }
        try expect(vault.snapshot(), equals: before, "a refused attach writes nothing (the vault's .git/ included)")
        // A file of the vault and one of an allowed folder are attached.
        let result = try await session.call(
            "attach_file", ["note": .string(Self.note), "files": [.string(vault.path + "/Inbox files/scan.pdf"), .string(sources.path("report.png"))]])
        expect(result.objectValue?["copied"]?.arrayValue?.compactMap(\.stringValue) == ["Work/attachments/scan.pdf", "Work/attachments/report.png"])
        await session.close()
    }

    @Test func attachFromMustBeAFolder() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["mcp", "--allow-writes", "--attach-from", vault.path + "/no such folder"])
        expect(result.status, equals: 2)
        expect(result.stderr.contains("is not a folder"), "\(result.stderr)")
    }
}
