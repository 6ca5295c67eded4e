import Foundation
import MCP
import Testing
import NotezTestSupport

/// `notez search` with words ranks by relevance (docs/query.md, "Ranking"): order, `--sort`,
/// JSON score and snippet offsets, bold matches on a terminal, and hostile note text.
@Suite struct RankedSearchTests {
    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// Three notes about kafka; the newest (first in list order) only mentions it in passing.
    func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write("Passing.md", "---\nmodified: 2024-06-01\n---\nWe could use kafka, or not. Filler words about queues and logs.\n")
        try vault.write("Streams/Kafka.md", "---\nmodified: 2024-01-01\n---\n# Kafka\nKafka is a log. Run `kafka-topics --list` first.\n")
        try vault.write("Other.md", "---\nmodified: 2024-03-01\ntags: [queues]\n---\nNothing relevant here at all.\n")
        return vault
    }

    @Test func wordsRankAndOtherSortsStillApply() throws {
        let vault = try vault()
        let ranked = try vault.run(["search", "kafka", "--paths"])
        expect(ranked.status, equals: 0)
        expect(lines(ranked.stdout), equals: ["Streams/Kafka.md", "Passing.md"])
        expect(lines(try vault.run(["search", "kafka", "--paths", "--sort", "relevance"]).stdout), equals: ["Streams/Kafka.md", "Passing.md"])
        expect(lines(try vault.run(["search", "kafka", "--paths", "--sort", "relevance+"]).stdout), equals: ["Passing.md", "Streams/Kafka.md"])
        expect(lines(try vault.run(["search", "kafka", "--paths", "--reverse"]).stdout), equals: ["Passing.md", "Streams/Kafka.md"])
        expect(lines(try vault.run(["search", "kafka", "--paths", "--sort", "modified"]).stdout), equals: ["Passing.md", "Streams/Kafka.md"])
        expect(lines(try vault.run(["search", "kafka", "--paths", "-n", "1"]).stdout), equals: ["Streams/Kafka.md"])
        try expect(vault.run(["search", "kafka", "--count"]).stdout, equals: "2\n")
        // No words: list order, as before.
        expect(lines(try vault.run(["search", "modified:>2000-01-01", "--paths"]).stdout), equals: ["Passing.md", "Other.md", "Streams/Kafka.md"])
        let none = try vault.run(["search", "zookeeper", "--paths"])
        expect(none.status, equals: 1)
        expect(none.stdout, equals: "")
    }

    @Test func jsonCarriesScoreAndMarkedSnippets() throws {
        let vault = try vault()
        let result = try vault.run(["search", "kafka", "--json"])
        expect(result.status, equals: 0)
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        expect(notes.map { $0["path"] as? String }, equals: ["Streams/Kafka.md", "Passing.md"])
        let first = (notes[0]["score"] as? Double) ?? 0
        let second = (notes[1]["score"] as? Double) ?? 0
        expect(first > second && second > 0)
        let snippets = try #require(notes[0]["snippets"] as? [[String: Any]])
        // The line with two occurrences beats the heading with one; inline code as written.
        expect(snippets.first?["line"] as? Int == 2)
        expect(snippets.first?["text"] as? String == "Kafka is a log. Run `kafka-topics --list` first.")
        expect(snippets.first?["matches"] as? [[Int]] == [[0, 5], [21, 26]])
        expect(snippets.map { $0["line"] as? Int }, equals: [2, 1])
        // Not ranked: the plain note shape.
        let plain = try vault.run(["search", "kafka", "--json", "--sort", "title"])
        expect(!plain.stdout.contains("\"score\""))
    }

    @Test func matchesAreBoldOnlyWithColors() throws {
        let vault = try vault()
        let colored = try vault.run(["search", "kafka", "--snippets", "--color", "always"])
        expect(colored.stdout.contains("\u{1B}[2mWe could use \u{1B}[0m\u{1B}[1mkafka\u{1B}[0m\u{1B}[2m, or not."), "\(colored.stdout)")
        let plain = try vault.run(["search", "kafka", "--snippets"])
        expect(!plain.stdout.contains("\u{1B}["))
        expect(lines(plain.stdout).contains("    Kafka is a log. Run `kafka-topics --list` first."), "\(plain.stdout)")
    }

    @Test func hostileTextIsNeitherRunNorLeakedAndNothingIsWritten() throws {
        let vault = try TempVault()
        let outside = try TempVault()
        try outside.write("secret.md", "needle secret outside the vault\n")
        try vault.write("Escapes.md", "---\nmodified: 2024-02-01\n---\n\u{1B}]0;owned\u{07}needle \u{1B}[31mred\n")
        try vault.write("Long.md", "---\nmodified: 2024-01-01\n---\n" + String(repeating: "needle ", count: 20_000) + "\n")
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked.md", withDestinationPath: outside.path + "/secret.md")
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let rows = try vault.run(["search", "needle", "--snippets", "--color", "always"])
        expect(rows.status, equals: 0)
        expect(!rows.stdout.contains("\u{1B}]0;"))
        expect(!rows.stdout.contains("\u{1B}[31m"))
        expect(!rows.stdout.contains("secret"))
        let json = try vault.run(["search", "needle", "--json"])
        expect(!json.stdout.contains("secret"))
        expect(!json.stdout.contains("Linked"))
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        // A long line is cut around its first match.
        expect(Set(notes.compactMap { $0["path"] as? String }), equals: ["Escapes.md", "Long.md"])
        let long = try #require(notes.first { $0["path"] as? String == "Long.md" })
        let text = try #require((long["snippets"] as? [[String: Any]])?.first?["text"] as? String)
        expect(text.count <= 2 * 80 + 6)
        try expect(vault.snapshot(), equals: before)
        try expect(outside.snapshot(), equals: outsideBefore)
    }
}

/// MCP's `search` ranks a query with words: score and marked snippets, best first; a `sort` turns it off.
@Suite struct RankedMCPSearchTests {
    @Test func searchReturnsScoresAndSnippets() async throws {
        let vault = try TempVault()
        try vault.write("Passing.md", "---\nmodified: 2024-06-01\n---\nWe could use kafka, or not.\n")
        try vault.write("Streams/Kafka.md", "---\nmodified: 2024-01-01\n---\n# Kafka\nKafka is a log.\n")
        let session = try await MCPServerTests.Session(vault: vault, allowWrites: false)
        let ranked = try await session.call("search", ["query": "kafka"])
        let notes = ranked.objectValue?["notes"]?.arrayValue ?? []
        expect(notes.compactMap { $0.objectValue?["path"]?.stringValue }, equals: ["Streams/Kafka.md", "Passing.md"])
        let scores = notes.compactMap { $0.objectValue?["score"]?.doubleValue }
        expect(scores.count == 2 && scores[0] > scores[1])
        let snippet = notes.last?.objectValue?["snippets"]?.arrayValue?.first?.objectValue
        expect(snippet?["text"]?.stringValue == "We could use kafka, or not.")
        expect(snippet?["matches"]?.arrayValue?.first?.arrayValue?.compactMap(\.intValue) == [13, 18])
        let explicit = try await session.call("search", ["query": "kafka", "sort": "relevance"])
        expect(explicit, equals: ranked)
        let byDate = try await session.call("search", ["query": "kafka", "sort": "modified"])
        let plain = byDate.objectValue?["notes"]?.arrayValue ?? []
        expect(plain.compactMap { $0.objectValue?["path"]?.stringValue }, equals: ["Passing.md", "Streams/Kafka.md"])
        expect(plain.allSatisfy { $0.objectValue?["score"] == nil })
        await session.close()
    }
}
