import Foundation
import MCP
import Testing
import NotezTestSupport

/// The single-note tools of `notez mcp` (edit_note, move_note, rename_note, trash and restore,
/// properties, pins, daily notes, links, folders, snippets): results, undo, and hostile arguments.
@Suite struct MCPNoteToolsTests {
    typealias Session = MCPServerTests.Session

    @Test func editsABodyAndUndoRestoresTheBytes() async throws {
        let vault = try TempVault.example()
        try vault.write("Edit me.md", "---\ntags: [x]\n---\n# Edit me\n## Tasks\n- one\n\n## Notes\nA paragraph ^p1\n")
        let session = try await Session(vault: vault, allowWrites: true)
        let original = try Data(contentsOf: vault.url.appendingPathComponent("Edit me.md"))
        let preview = try await session.call(
            "edit_note", ["note": "Edit me", "mode": "under_heading", "heading": "Tasks", "text": "- two", "dryRun": true])
        expect(preview.objectValue?["diff"]?.stringValue?.contains("+- two") == true)
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Edit me.md")), equals: original, "a dry run writes nothing")
        let edited = try await session.call("edit_note", ["note": "Edit me", "mode": "under_heading", "heading": "Tasks", "text": "- two"])
        expect(edited.objectValue?["journal"]?.stringValue != nil)
        _ = try await session.call("edit_note", ["note": "Edit me", "mode": "after_block", "block": "^p1", "text": "Next."])
        _ = try await session.call("edit_note", ["note": "Edit me", "mode": "replace", "old": "- one", "text": "- first"])
        _ = try await session.call("edit_note", ["note": "Edit me", "mode": "append", "text": "The end."])
        let text = try String(contentsOf: vault.url.appendingPathComponent("Edit me.md"), encoding: .utf8)
        expect(text.hasSuffix("# Edit me\n## Tasks\n- first\n- two\n\n## Notes\nA paragraph ^p1\nNext.\nThe end.\n"), "\(text)")
        expect(text.hasPrefix("---\ntags: [x]\nmodified: "))
        // Refusals say what is wrong and change nothing.
        let now = try Data(contentsOf: vault.url.appendingPathComponent("Edit me.md"))
        let missing = try await session.call(
            "edit_note", ["note": "Edit me", "mode": "replace", "old": "- one", "text": "x"], expectError: true)
        expect(missing.stringValue?.contains("not in the note") == true)
        _ = try await session.call(
            "edit_note", ["note": "Edit me", "mode": "under_heading", "heading": "Nope", "text": "x"], expectError: true)
        _ = try await session.call("edit_note", ["note": "Edit me", "mode": "sideways", "text": "x"], expectError: true)
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Edit me.md")), equals: now)
        for _ in 0..<4 { _ = try await session.call("undo") }
        try expect(Data(contentsOf: vault.url.appendingPathComponent("Edit me.md")), equals: original, "undo restores the exact bytes")
        await session.close()
    }

    @Test func movesRenamesTrashesRestoresAndKeepsLinks() async throws {
        let vault = try TempVault.example()
        try vault.write("Linker.md", "See [[Quarterly goals]].\n")
        let session = try await Session(vault: vault, allowWrites: true)
        let before = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        _ = try await session.call("rename_note", ["note": "Quarterly goals", "title": "Yearly goals"])
        expect(FileManager.default.fileExists(atPath: vault.url.appendingPathComponent("Work/Yearly goals.md").path))
        try expect(String(contentsOf: vault.url.appendingPathComponent("Linker.md"), encoding: .utf8), equals: "See [[Yearly goals]].\n")
        _ = try await session.call("move_note", ["notes": ["Yearly goals"], "folder": "Archive/Old", "create": true])
        expect(FileManager.default.fileExists(atPath: vault.url.appendingPathComponent("Archive/Old/Yearly goals.md").path))
        let backlinks = try await session.call("get_backlinks", ["note": "Yearly goals"])
        expect((backlinks.objectValue?["backlinks"]?.arrayValue ?? []).contains { $0.objectValue?["source"]?.stringValue == "Linker.md" })
        let links = try await session.call("get_links", ["note": "Linker"])
        expect(links.objectValue?["links"]?.arrayValue?.first?.objectValue?["path"]?.stringValue == "Archive/Old/Yearly goals.md")
        let trashed = try await session.call("trash_note", ["notes": ["Yearly goals"]])
        let id = try #require(trashed.objectValue?["trashed"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
        let listed = try await session.call("list_trash")
        expect((listed.objectValue?["items"]?.arrayValue ?? []).contains { $0.objectValue?["id"]?.stringValue == id })
        _ = try await session.call("restore_note", ["items": .array([.string(id)])])
        expect(FileManager.default.fileExists(atPath: vault.url.appendingPathComponent("Archive/Old/Yearly goals.md").path))
        _ = try await session.call("set_properties", ["note": "Yearly goals", "properties": ["status=done"]])
        _ = try await session.call("set_pinned", ["notes": ["Yearly goals"], "pinned": true])
        let pinned = try await session.call("search", ["query": "is:pinned title:Yearly"])
        expect(pinned.objectValue?["total"]?.intValue == 1)
        let folder = try await session.call("list_folder", ["folder": "Archive", "recursive": true])
        expect((folder.objectValue?["notes"]?.arrayValue ?? []).contains { $0.objectValue?["title"]?.stringValue == "Yearly goals" })
        // Every one of those was journaled: undone, newest first, the vault is as it was.
        for _ in 0..<6 { _ = try await session.call("undo") }
        let after = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        expect(after, equals: before)
        await session.close()
    }

    @Test func dailyNoteSnippetsAndReadingSeveralNotes() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: true)
        let daily = try await session.call("daily_note", ["day": "2026-11-20"])
        let path = try #require(daily.objectValue?["path"]?.stringValue)
        expect(daily.objectValue?["created"]?.boolValue == true)
        expect(FileManager.default.fileExists(atPath: vault.url.appendingPathComponent(path).path))
        let again = try await session.call("daily_note", ["day": "2026-11-20"])
        expect(again.objectValue?["created"]?.boolValue == false && again.objectValue?["path"]?.stringValue == path)
        _ = try await session.call("daily_note", ["day": "2026-13-45"], expectError: true)
        let read = try await session.call("read_notes", ["notes": ["Quarterly goals", "nope-not-a-note"]])
        let notes = read.objectValue?["notes"]?.arrayValue ?? []
        expect(notes.count == 2 && notes[0].objectValue?["body"] != nil && notes[1].objectValue?["error"] != nil)
        let snippets = try await session.call("search_snippets", ["query": "goals", "limit": 3])
        let first = snippets.objectValue?["notes"]?.arrayValue?.first?.objectValue
        expect(first?["matches"]?.arrayValue?.isEmpty == false)
        // Ranked as `search` ranks (best first, with the same scores), each line once.
        let meetings = try await session.call("search_snippets", ["query": "meeting", "limit": 3])
        let ranked = try await session.call("search", ["query": "meeting", "limit": 3])
        func order(_ answer: Value) -> [String] {
            (answer.objectValue?["notes"]?.arrayValue ?? []).map {
                "\($0.objectValue?["path"]?.stringValue ?? "") \($0.objectValue?["score"]?.doubleValue ?? -1)"
            }
        }
        expect(order(meetings), equals: order(ranked))
        expect(order(meetings).count == 3 && !order(meetings).contains { $0.hasSuffix(" -1.0") }, "\(order(meetings))")
        let top = meetings.objectValue?["notes"]?.arrayValue?.first?.objectValue
        let lines = (top?["matches"]?.arrayValue ?? []).compactMap { $0.objectValue?["line"]?.intValue }
        expect(!lines.isEmpty)
        expect(Set(lines).count, equals: lines.count)
        let counted = try await session.call("search", ["query": "-tag:no-such-tag", "limit": 0, "offset": 3])
        expect(counted.objectValue?["nextOffset"] == .null && counted.objectValue?["notes"]?.arrayValue?.isEmpty == true)
        let history = try await session.call("history")
        expect(history.objectValue?["entries"]?.arrayValue?.isEmpty == false)
        await session.close()
    }

    /// Every new entry point with `..`, absolute paths, symlinks, `.git/`, `.notez/` and huge
    /// arguments: refused, and no byte outside the vault or in `.git/` changes.
    @Test func hostileArgumentsToTheNoteToolsChangeNothingOutside() async throws {
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntags: [secret]\n---\nkey zqxjk\n")
        try outside.write("folder/inner.md", "inner zqxjk\n")
        let vault = try TempVault.example()
        try vault.write(".git/config", "[core]\n\tbare = false\n")
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try vault.write(".git/notes.md", "not a note\n")
        try FileManager.default.createSymbolicLink(
            atPath: vault.url.appendingPathComponent("linked.md").path,
            withDestinationPath: outside.url.appendingPathComponent("secret.md").path)
        try FileManager.default.createSymbolicLink(
            atPath: vault.url.appendingPathComponent("LinkedFolder").path,
            withDestinationPath: outside.url.appendingPathComponent("folder").path)
        let outsideBefore = try outside.snapshot()
        let gitBefore = try vault.snapshot().filter { $0.key.hasPrefix(".git/") }
        let session = try await Session(vault: vault, allowWrites: true)
        let escape = "../" + outside.url.lastPathComponent + "/secret"
        // Far over any name or path limit (a file name has at most 255 bytes), under the 4 MiB message limit.
        let huge = String(repeating: "../", count: 100_000)
        let hostileNotes: [String] = [
            escape, outside.url.appendingPathComponent("secret.md").path, ".git/config", ".git/notes", ".notez/config.yaml", "linked",
            "LinkedFolder/inner", huge,
        ]
        for note in hostileNotes {
            let value = Value.string(note)
            let answers = [
                try await session.call("edit_note", ["note": value, "mode": "append", "text": "x"], expectError: true),
                try await session.call("rename_note", ["note": value, "title": "Renamed"], expectError: true),
                try await session.call("move_note", ["notes": [value], "folder": "Work"], expectError: true),
                try await session.call("trash_note", ["notes": [value]], expectError: true),
                try await session.call("set_properties", ["note": value, "properties": ["a=b"]], expectError: true),
                try await session.call("set_pinned", ["notes": [value], "pinned": true], expectError: true),
                try await session.call("get_links", ["note": value], expectError: true),
                try await session.call("get_backlinks", ["note": value], expectError: true),
            ]
            for answer in answers { expect(answer.stringValue?.contains("zqxjk") != true) }
            let read = try await session.call("read_notes", ["notes": [value]])
            expect(read.objectValue?["notes"]?.arrayValue?.first?.objectValue?["error"] != nil, "\(note.prefix(80))")
            expect(!MCPArgumentsText.json(read).contains("zqxjk"))
        }
        for folder in ["../" + outside.url.lastPathComponent, outside.url.path, ".git", ".notez", "LinkedFolder", huge] {
            _ = try await session.call("list_folder", ["folder": .string(folder)], expectError: true)
            _ = try await session.call(
                "move_note", ["notes": ["Quarterly goals"], "folder": .string(folder), "create": true], expectError: true)
        }
        for title in ["../../escape", "/tmp/escape", ".git/escape", ".notez/escape", String(repeating: "t", count: 100_000)] {
            _ = try? await session.client.callTool(name: "rename_note", arguments: ["note": "Phone numbers", "title": .string(title)])
        }
        for item in ["../x", "/etc/passwd", ".git", huge] {
            _ = try await session.call("restore_note", ["items": [.string(item)]], expectError: true)
        }
        for day in ["../../x", "2024-13-45", huge] {
            _ = try await session.call("daily_note", ["day": .string(day)], expectError: true)
        }
        _ = try await session.call(
            "edit_note", ["note": "Quarterly goals", "mode": "replace", "old": .string(huge), "text": "x"], expectError: true)
        _ = try await session.call(
            "edit_note", ["note": "Quarterly goals", "mode": "under_heading", "heading": .string(huge), "text": "x"], expectError: true)
        _ = try await session.call("read_notes", ["notes": .array(Array(repeating: "Quarterly goals", count: 21))], expectError: true)
        for query in ["zqxjk", "tag:secret", "inner"] {
            let found = try await session.call("search_snippets", ["query": .string(query)])
            expect(!MCPArgumentsText.json(found).contains("zqxjk"), "\(query)")
        }
        // Characters of thousands of combining marks each: a snippet's 400 characters stay within 4,096 bytes.
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 3000), count: 3)
        try vault.write("Heavy.md", heavy + " quokka " + heavy + "\n")
        let snippets = try await session.call("search_snippets", ["query": "quokka", "context": 400])
        let texts = (snippets.objectValue?["notes"]?.arrayValue ?? []).flatMap { $0.objectValue?["matches"]?.arrayValue ?? [] }
            .compactMap { $0.objectValue?["text"]?.stringValue }
        expect(texts.count == 1 && texts.allSatisfy { $0.utf8.count <= 4096 }, "\(texts.map(\.utf8.count))")
        await #expect(throws: (any Error).self) {
            _ = try await session.client.getPrompt(name: "summarize_folder", arguments: ["folder": huge])
        }
        await session.close()
        try expect(outside.snapshot(), equals: outsideBefore, "no byte outside the vault changed")
        try expect(vault.snapshot().filter { $0.key.hasPrefix(".git/") }, equals: gitBefore, "no byte in .git/ changed")
        expect(!FileManager.default.fileExists(atPath: vault.url.deletingLastPathComponent().appendingPathComponent("escape.md").path))
        expect(!FileManager.default.fileExists(atPath: "/tmp/escape.md"))
    }
}

/// Compact JSON text of a tool answer, to look for leaked bytes in all of it.
enum MCPArgumentsText {
    static func json(_ value: Value) -> String {
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }
}
