import Foundation
import MCP
import SystemPackage
import Testing
import NotezTestSupport

/// `notez mcp` end to end: the built binary as a child process, spoken to by the MCP Swift SDK's own
/// client over its stdin/stdout, on a copy of ExampleVault; file bytes are checked on disk.
@Suite struct MCPServerTests {
    /// A running `notez mcp` and a connected client.
    final class Session {
        let process = Process()
        let client = Client(name: "notez-tests", version: "1.0")
        private let toServer = Pipe()
        private let fromServer = Pipe()

        init(vault: TempVault, allowWrites: Bool, arguments: [String] = []) async throws {
            process.executableURL = CLIRunner.binary
            process.arguments = ["mcp", "--vault", vault.path] + (allowWrites ? ["--allow-writes"] : []) + arguments
            var env = ProcessInfo.processInfo.environment
            env["NOTEZ_NOW"] = "1795000000"
            env["XDG_STATE_HOME"] = CLIRunner.userFolders.appendingPathComponent("state").path
            env["XDG_CACHE_HOME"] = CLIRunner.userFolders.appendingPathComponent("cache").path
            process.environment = env
            process.standardInput = toServer
            process.standardOutput = fromServer
            process.standardError = FileHandle.standardError
            try process.run()
            let transport = StdioTransport(
                input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
                output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
            try await client.connect(transport: transport)
        }

        /// Calls a tool and decodes its JSON text; `isError` must be as expected.
        func call(_ name: String, _ arguments: [String: Value] = [:], expectError: Bool = false) async throws -> Value {
            let result = try await client.callTool(name: name, arguments: arguments)
            expect((result.isError ?? false), equals: expectError, "\(name): \(result.content)")
            guard case .text(let text, _, _) = result.content.first else {
                Issue.record("\(name): no text content")
                return .null
            }
            if expectError { return .string(text) }
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        }

        func close() async {
            await client.disconnect()
            try? toServer.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    @Test func listsSearchesPlansAppliesAndUndoesAMerge() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: true)
        let names = Set(try await session.client.listTools().tools.map(\.name))
        expect(names.isSuperset(of: ["search", "show_note", "list_folders", "list_tags", "plan_tag_merge", "apply_plan", "undo"]))

        let found = try await session.call("search", ["query": "tag:meeting", "limit": 2])
        let total = found.objectValue?["total"]?.intValue ?? 0
        expect(total >= 3)
        expect(found.objectValue?["notes"]?.arrayValue?.count == 2)
        expect(found.objectValue?["nextOffset"]?.intValue == 2)
        let byTitle = try await session.call("search", ["query": "tag:meeting", "sort": "title", "limit": 100])
        let titles = (byTitle.objectValue?["notes"]?.arrayValue ?? []).compactMap { $0.objectValue?["title"]?.stringValue }
        expect(titles.count == total && titles == titles.sorted { $0.lowercased() < $1.lowercased() })
        _ = try await session.call("search", ["query": "tag:meeting", "sort": "size"], expectError: true)
        let second = try await session.call("search", ["query": "tag:meeting", "offset": 2, "limit": 100])
        expect(second.objectValue?["notes"]?.arrayValue?.count == total - 2)

        let before = try vault.snapshot()
        let plan = try await session.call("plan_tag_merge", ["sources": ["meeting"], "into": "meetings"])
        let planID = try #require(plan.objectValue?["planId"]?.stringValue)
        let diff = plan.objectValue?["diff"]?.stringValue ?? ""
        expect(diff.contains("+tags:") && diff.contains("meetings"))
        try expect(vault.snapshot(), equals: before, "a plan writes nothing")

        let applied = try await session.call("apply_plan", ["planId": .string(planID)])
        expect(applied.objectValue?["applied"]?.boolValue == true)
        expect(applied.objectValue?["journal"]?.stringValue != nil)
        let after = try await session.call("search", ["query": "tag:meetings"])
        expect(after.objectValue?["total"]?.intValue == total)
        let none = try await session.call("search", ["query": "tag:meeting"])
        expect(none.objectValue?["total"]?.intValue == 0)
        let sync = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("Work/Meetings/2024-05-06 Weekly sync.md")), as: UTF8.self)
        expect(sync.contains("meetings"))

        // A plan id is used once.
        _ = try await session.call("apply_plan", ["planId": .string(planID)], expectError: true)

        let undone = try await session.call("undo")
        expect(undone.objectValue?["undoes"]?.stringValue == applied.objectValue?["journal"]?.stringValue)
        let restored = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        expect(restored, equals: before.filter { !$0.key.hasPrefix(".notez/") }, "undo restores every note byte for byte")
        await session.close()
    }

    @Test func applyRefusesAPlanTheVaultNoLongerGives() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: true)
        let plan = try await session.call("plan_tag_rename", ["from": "diy", "to": "crafts"])
        let planID = try #require(plan.objectValue?["planId"]?.stringValue)
        // Someone edits a note between the plan and its application.
        try vault.write("More diy.md", "---\ntags: [diy]\n---\nA shelf.\n")
        let answer = try await session.call("apply_plan", ["planId": .string(planID)])
        expect(answer.objectValue?["applied"]?.boolValue == false)
        expect(answer.objectValue?["planId"]?.stringValue != planID)
        expect(String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("More diy.md")), as: UTF8.self).contains("[diy]"))
        await session.close()
    }

    @Test func readsNotesAsResourcesAndShowsThem() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: false)
        let listed = try await session.client.listResources()
        let uri = try #require(listed.resources.first { $0.name == "Work/Quarterly goals.md" }?.uri)
        let contents = try await session.client.readResource(uri: uri)
        let onDisk = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("Work/Quarterly goals.md")), as: UTF8.self)
        expect(contents.first?.text == onDisk)
        let shown = try await session.call("show_note", ["note": "Quarterly goals"])
        expect(shown.objectValue?["path"]?.stringValue == "Work/Quarterly goals.md")
        expect(onDisk.hasSuffix(shown.objectValue?["body"]?.stringValue ?? "-"))
        let tags = try await session.call("list_tags")
        expect((tags.objectValue?["tags"]?.arrayValue ?? []).contains { $0.objectValue?["name"]?.stringValue == "Work" })
        let folders = try await session.call("list_folders")
        expect((folders.objectValue?["folders"]?.arrayValue ?? []).contains { $0.objectValue?["path"]?.stringValue == "Work/Projects" })
        await session.close()
    }

    @Test func readOnlyByDefaultAndNothingOutsideTheVault() async throws {
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntags: [secret]\n---\nkey zqxjk\n")
        let vault = try TempVault.example()
        try FileManager.default.createSymbolicLink(
            atPath: vault.url.appendingPathComponent("linked.md").path, withDestinationPath: outside.url.appendingPathComponent("secret.md").path)
        let before = try vault.snapshot()
        let session = try await Session(vault: vault, allowWrites: false)
        let names = Set(try await session.client.listTools().tools.map(\.name))
        expect(!names.contains("apply_plan") && !names.contains("create_note") && !names.contains("undo"))
        let refused = try await session.call("create_note", ["title": "x"], expectError: true)
        expect(refused.stringValue?.contains("--allow-writes") == true)
        _ = try await session.call("plan_tag_merge", ["sources": ["work"], "into": "job"], expectError: true)
        for hostile in ["../" + outside.url.lastPathComponent + "/secret", outside.url.appendingPathComponent("secret.md").path, ".git/config", ".notez/config.yaml", "linked"] {
            let answer = try await session.call("show_note", ["note": .string(hostile)], expectError: true)
            expect(answer.stringValue?.contains("key") != true)
        }
        for uri in ["notez:///../" + outside.url.lastPathComponent + "/secret.md", "notez:///.notez/config.yaml", "notez:///linked.md", "file:///etc/passwd"] {
            await #expect(throws: (any Error).self) { _ = try await session.client.readResource(uri: uri) }
        }
        // The symlink's target outside the vault is no search result, by tag, word or title.
        for query in ["tag:secret", "zqxjk", "title:linked"] {
            let found = try await session.call("search", ["query": .string(query)])
            expect(found.objectValue?["total"]?.intValue == 0, "\(query)")
        }
        #expect(!(try await session.client.listResources().resources.contains { $0.name == "linked.md" }))
        _ = try await session.call("search", ["query": "tag:("], expectError: true)
        _ = try await session.call("search", ["query": "x", "limit": -1], expectError: true)
        try expect(vault.snapshot(), equals: before, "a read-only server writes nothing")
        await session.close()
    }

    @Test func createNotePlansLikeNotezNew() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: true)
        let made = try await session.call(
            "create_note",
            ["title": "Sprint review", "folder": "Work/Meetings", "template": "meeting", "properties": ["due=2026-12-01"], "body": "went well"])
        expect(made.objectValue?["path"]?.stringValue == "Work/Meetings/Sprint review.md")
        let text = try String(contentsOf: vault.url.appendingPathComponent("Work/Meetings/Sprint review.md"), encoding: .utf8)
        expect(text.hasPrefix("---\ntitle: Sprint review\ntags: [meeting]\n"))
        expect(text.contains("## Attendees") && text.contains("went well") && text.contains("due: \"2026-12-01\""))

        // Routing learned from that capture: without a folder, the note follows it, and says why.
        let routed = try await session.call("create_note", ["title": "Second thoughts", "route": true, "template": "none"])
        expect(routed.objectValue?["folder"]?.stringValue == "Work/Meetings")
        expect(routed.objectValue?["notices"]?.arrayValue?.first?.stringValue?.hasPrefix("→ Work/Meetings (") == true)
        expect(!(try String(contentsOf: vault.url.appendingPathComponent("Work/Meetings/Second thoughts.md"), encoding: .utf8)).contains("## Attendees"))

        let before = try vault.snapshot()
        _ = try await session.call("create_note", ["title": "x", "template": "../../etc/passwd"], expectError: true)
        _ = try await session.call("create_note", ["title": "x", "template": "missing"], expectError: true)
        _ = try await session.call("create_note", ["title": "x", "properties": ["no equals sign"]], expectError: true)
        try expect(vault.snapshot(), equals: before)
        await session.close()
    }

    /// A vault busy with another notez: `create_note` queues the capture (as `notez new` does) and
    /// answers with the queue id; the queue delivers it once the vault is free.
    @Test func createNoteIsQueuedWhenTheVaultIsBusy() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: true)
        let holder = try LockHolder(vault)
        let before = try vault.snapshot()
        let queued = try await session.call("create_note", ["title": "Busy thought", "folder": "Work", "body": "kept"])
        let after = try vault.snapshot()
        holder.release()
        await session.close()
        let id = try #require(queued.objectValue?["queued"]?.stringValue)
        expect(queued.objectValue?["reason"]?.stringValue == "another notez is changing the vault")
        expect(queued.objectValue?["message"]?.stringValue?.contains("capture queued as \(id)") == true)
        expect(after, equals: before, "nothing is written while the vault is busy")
        let retry = try vault.run(["queue", "retry", "--this-vault"])
        expect(retry.status, equals: 0, "\(retry.stderr)")
        let text = try String(contentsOf: vault.url.appendingPathComponent("Work/Busy thought.md"), encoding: .utf8)
        expect(text.contains("kept"))
    }

    @Test func hostileWritesAreRefused() async throws {
        let vault = try TempVault.example()
        let session = try await Session(vault: vault, allowWrites: true)
        let before = try vault.snapshot()
        for folder in ["../outside", "/tmp", ".git", ".notez"] {
            _ = try await session.call("create_note", ["title": "x", "folder": .string(folder)], expectError: true)
        }
        _ = try await session.call("create_note", ["title": "../../escape"], expectError: false)
        expect(!FileManager.default.fileExists(atPath: vault.url.deletingLastPathComponent().appendingPathComponent("escape.md").path))
        _ = try await session.call("add_tags", ["note": "../Phone numbers", "tags": ["x"]], expectError: true)
        _ = try await session.call("apply_plan", ["planId": "plan-nope"], expectError: true)
        _ = try await session.call("no_such_tool", expectError: true)
        let huge = String(repeating: "x", count: 70_000)
        _ = try await session.call("search", ["query": .string(huge)], expectError: true)
        try expect(vault.snapshot().keys.filter { !$0.hasPrefix(".notez/") }.count, equals: before.keys.filter { !$0.hasPrefix(".notez/") }.count + 1)
        await session.close()
    }
}
