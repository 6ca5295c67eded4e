import Foundation
import MCP
import Testing
import NotezTestSupport

/// One shape per concept (docs/json.md): the command line's `--json` and `notez mcp`'s tools give
/// the same object, field for field, for the same tag, folder, link, backlink, journal entry,
/// trashed note and change. Both come from NotezKit's shapes (`TagJSON`, `FolderJSON`, ...); this
/// keeps a front end from growing its own.
@Suite struct JSONShapeParityTests {
    /// The CLI's JSON output, parsed.
    static func cli(_ vault: TempVault, _ arguments: [String]) throws -> Any {
        let result = try vault.run(arguments + ["--json"])
        expect(result.status, equals: 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// An MCP value as Foundation's JSON objects, to compare with the CLI's.
    static func foundation(_ value: Value) throws -> Any {
        try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value), options: [.fragmentsAllowed])
    }

    static func same(_ cli: Any?, _ mcp: Any?, _ what: String) {
        let (left, right) = (cli as? NSObject, mcp as? NSObject)
        expect(left != nil && left == right, "\(what): CLI \(String(describing: cli)) vs MCP \(String(describing: mcp))")
    }

    @Test func theCommandLineAndMCPGiveTheSameObjects() async throws {
        let vault = try TempVault.example()
        try expect(vault.run(["tag", "rename", "books", "reading-books", "--yes"]).status, equals: 0)
        try expect(vault.run(["rm", "Phone numbers"]).status, equals: 0)
        let session = try await MCPServerTests.Session(vault: vault, allowWrites: true)

        let tags = try Self.cli(vault, ["tag", "list"]) as? [[String: Any]] ?? []
        let mcpTags = try Self.foundation(try await session.call("list_tags")) as? [String: Any]
        Self.same(tags.first { $0["name"] as? String == "reading-books" }, (mcpTags?["tags"] as? [[String: Any]])?.first { $0["name"] as? String == "reading-books" }, "tag")

        // The CLI gives the tree; MCP a flat list of the same folders without `children`.
        let tree = try Self.cli(vault, ["folder", "tree"]) as? [[String: Any]] ?? []
        var work = tree.first { $0["path"] as? String == "Work" }
        work?["children"] = nil
        let mcpFolders = try Self.foundation(try await session.call("list_folders")) as? [String: Any]
        Self.same(work, (mcpFolders?["folders"] as? [[String: Any]])?.first { $0["path"] as? String == "Work" }, "folder")

        let links = try Self.cli(vault, ["links", "Projects overview"]) as? [Any]
        let mcpLinks = try Self.foundation(try await session.call("get_links", ["note": "Projects overview"])) as? [String: Any]
        expect((links?.count ?? 0) > 1)
        Self.same(links, mcpLinks?["links"], "links")

        let backlinks = try Self.cli(vault, ["backlinks", "Alpha project plan"]) as? [Any]
        let mcpBacklinks = try Self.foundation(try await session.call("get_backlinks", ["note": "Alpha project plan"])) as? [String: Any]
        expect((backlinks?.count ?? 0) > 1)
        Self.same(backlinks, mcpBacklinks?["backlinks"], "backlinks")

        let history = try Self.cli(vault, ["history"]) as? [Any]
        let mcpHistory = try Self.foundation(try await session.call("history", ["limit": 10])) as? [String: Any]
        expect(history?.count == 2)
        Self.same(history, mcpHistory?["entries"], "history")

        let trash = try Self.cli(vault, ["trash", "list"]) as? [Any]
        let mcpTrash = try Self.foundation(try await session.call("list_trash")) as? [String: Any]
        expect(trash?.count == 1)
        Self.same(trash, mcpTrash?["items"], "trash")

        // A change: the same operation on two notes, from the CLI and from MCP.
        let added = try Self.cli(vault, ["tag", "add", "Health log", "sleep"]) as? [String: Any]
        let mcpAdded = try Self.foundation(try await session.call("add_tags", ["note": "Lentil soup", "tags": ["sleep"]])) as? [String: Any]
        expect(added?["journal"] is String)
        expect(Set(added.map { Array($0.keys) } ?? []), equals: Set(mcpAdded.map { Array($0.keys) } ?? []))
        for key in ["operation", "dryRun", "stepCount", "skipped"] { Self.same(added?[key], mcpAdded?[key], "change: \(key)") }
        let kinds = { (change: [String: Any]?) in (change?["steps"] as? [[String: Any]])?.map { $0["kind"] as? String } }
        expect(kinds(added) != nil && kinds(added) == kinds(mcpAdded))
        await session.close()
    }
}
