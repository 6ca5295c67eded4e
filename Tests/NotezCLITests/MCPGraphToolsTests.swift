import Foundation
import MCP
import Testing
import NotezTestSupport

/// The graph and history tools of `notez mcp`: answers, bounds, and hostile arguments.
@Suite struct MCPGraphToolsTests {
    typealias Session = MCPServerTests.Session

    @Test func answersAndRefusals() async throws {
        let vault = try TempVault()
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntitle: SECRET\n---\n[[A]]\n")
        try vault.write("A.md", "# A\n[[B]]\n")
        try vault.write("B.md", "# B\n[[C]]\n")
        try vault.write("C.md", "# C\n")
        try vault.write("Lone.md", "# Lone\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/S.md", withDestinationPath: outside.path + "/secret.md")
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        // Old enough to be cached: the first call reads the full index and writes the cache, the
        // next ones answer from the cached view and its stored graph.
        try vault.ageEveryFile()
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let session = try await Session(vault: vault, allowWrites: false)
        let path = try await session.call("graph_path", ["from": "A", "to": "C"])
        expect(path.objectValue?["length"]?.intValue == 2)
        expect(path.objectValue?["path"]?.arrayValue?.map { $0.objectValue?["path"]?.stringValue } == ["A.md", "B.md", "C.md"])
        let again = try await session.call("graph_path", ["from": "A", "to": "C"])
        expect(again, equals: path)
        let none = try await session.call("graph_path", ["from": "C", "to": "A"])
        expect(none.objectValue?["length"]?.isNull == true)
        let near = try await session.call("graph_neighbours", ["note": "C", "depth": 5, "direction": "in"])
        expect(near.objectValue?["neighbours"]?.arrayValue?.map { $0.objectValue?["path"]?.stringValue } == ["B.md", "A.md"])
        expect(near.objectValue?["total"]?.intValue == 2 && near.objectValue?["truncated"]?.boolValue == false)
        let related = try await session.call("related_notes", ["note": "B"])
        expect(related.objectValue?["related"]?.arrayValue?.isEmpty == false)
        for text in [try await session.call("search", ["query": "is:orphan"]), related, near] {
            expect(!"\(text)".contains("SECRET"))
        }
        let orphans = try await session.call("search", ["query": "is:orphan"])
        expect(orphans.objectValue?["notes"]?.arrayValue?.map { $0.objectValue?["path"]?.stringValue } == ["Lone.md"])
        _ = try await session.call("graph_neighbours", ["note": "S"], expectError: true)
        _ = try await session.call("graph_neighbours", ["note": "A", "depth": 100], expectError: true)
        _ = try await session.call("graph_neighbours", ["note": "A", "direction": "sideways"], expectError: true)
        _ = try await session.call("graph_path", ["from": "../../etc/passwd", "to": "A"], expectError: true)
        let noGit = try await session.call("note_history", ["note": "A"], expectError: true)
        expect(noGit.stringValue?.contains("not in a git work tree") == true)
        await session.close()
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/cache/") }, equals: before.filter { !$0.key.hasPrefix(".notez/cache/") })
        try expect(outside.snapshot(), equals: outsideBefore)
    }
}
