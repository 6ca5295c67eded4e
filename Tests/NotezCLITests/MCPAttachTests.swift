import Foundation
import MCP
import Testing

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
        let session = try await MCPServerTests.Session(vault: vault, allowWrites: true)
        let names = Set(try await session.client.listTools().tools.map(\.name))
        #expect(names.contains("attach_file"))
        let result = try await session.call(
            "attach_file", ["note": "Quarterly goals", "files": [.string(sources.path("my photo.jpg")), .string(sources.path("report.png"))]])
        #expect(
            result.objectValue?["copied"]?.arrayValue?.compactMap(\.stringValue)
                == ["Work/attachments/my photo.jpg", "Work/attachments/report.png"], "\(result)")
        #expect(try Data(contentsOf: vault.url.appendingPathComponent("Work/attachments/my photo.jpg")) == Data(AttachmentCommandTests.png))
        let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self)
        #expect(text == original + "![](attachments/my%20photo.jpg)\n[report.png](attachments/report.png)\n")
        let wiki = try await session.call(
            "attach_file", ["note": .string(Self.note), "files": [.string(sources.path("report.png"))], "style": "wikilink"])
        #expect(wiki.objectValue?["copied"]?.arrayValue?.first?.stringValue == "Work/attachments/report 2.png")
        #expect(String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self).hasSuffix("[[report 2.png]]\n"))
        for _ in 0..<2 { _ = try await session.call("undo") }
        #expect(try userFiles(vault) == before)
        await session.close()
    }

    @Test func hostileSourcesNotesAndSizesAreRefused() async throws {
        let vault = try TempVault.example()
        try vault.write(".notez/config.yaml", "attachment_max_mb: 1\n")
        let sources = try AttachmentCommandTests.Sources()
        try Data(repeating: 1, count: 1_000_001).write(to: URL(fileURLWithPath: sources.path("big.bin")))
        try FileManager.default.createSymbolicLink(atPath: sources.path("passwd.png"), withDestinationPath: "/etc/passwd")
        let before = try userFiles(vault)
        let session = try await MCPServerTests.Session(vault: vault, allowWrites: true)
        let refusals: [(String, [String: Value])] = [
            ("not an absolute path", ["note": .string(Self.note), "files": ["my photo.jpg"]]),
            ("over the attachment limit", ["note": .string(Self.note), "files": [.string(sources.path("big.bin"))]]),
            ("is a symlink", ["note": .string(Self.note), "files": [.string(sources.path("passwd.png"))]]),
            ("not a regular file", ["note": .string(Self.note), "files": [.string(sources.folder.path)]]),
            ("not a regular file", ["note": .string(Self.note), "files": ["/dev/zero"]]),
            ("no note matches", ["note": "../Phone numbers", "files": [.string(sources.path("report.png"))]]),
            ("is a note file", ["note": .string(Self.note), "files": [.string(vault.path + "/Phone numbers.md")]]),
            ("style", ["note": .string(Self.note), "files": [.string(sources.path("report.png"))], "style": "html"]),
            ("at least one item", ["note": .string(Self.note), "files": []]),
        ]
        for (reason, arguments) in refusals {
            let refused = try await session.call("attach_file", arguments, expectError: true)
            #expect(refused.stringValue?.contains(reason) == true, "\(reason): \(refused)")
        }
        #expect(try userFiles(vault) == before)
        await session.close()

        let readOnly = try await MCPServerTests.Session(vault: vault, allowWrites: false)
        let refused = try await readOnly.call(
            "attach_file", ["note": .string(Self.note), "files": [.string(sources.path("report.png"))]], expectError: true)
        #expect(refused.stringValue?.contains("--allow-writes") == true)
        #expect(try userFiles(vault) == before)
        await readOnly.close()
    }
}
