import Foundation
import Testing
import NotezTestSupport

/// `notez graph path`, `notez graph neighbours`, `notez related` and the graph query terms, end to end.
@Suite struct GraphCommandTests {
    /// A → B → C → D, E → C, F alone, G links only to a missing note and an image, Index embeds A.
    func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write("A.md", "---\ntags: [topic]\n---\n# Alpha\nto [[B]]\n")
        try vault.write("B.md", "---\ntags: [topic]\n---\n# Beta\nto [C](Sub/C.md)\n")
        try vault.write("Sub/C.md", "# Gamma\nto [[D|dee]] and [[C]] itself\n")
        try vault.write("D.md", "# Delta\n")
        try vault.write("E.md", "# Epsilon\nalso [[C]] and [[B]]\n")
        try vault.write("F.md", "# Phi\nalone\n")
        try vault.write("G.md", "# Gee\n[[Nowhere]] ![[pic.png]]\n")
        try vault.write("pic.png", "png")
        try vault.write("Index.md", "# Index\n![[A]]\n")
        return vault
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    @Test func pathFollowsLinksAsWrittenOrEitherWay() throws {
        let vault = try vault()
        let found = try vault.run(["graph", "path", "Index", "D"])
        expect(found.status, equals: 0, "\(found.stderr)")
        expect(found.stdout, equals: "  Index.md\n→ A.md\n→ B.md\n→ Sub/C.md\n→ D.md\n")
        let none = try vault.run(["graph", "path", "D", "A"])
        expect(none.status == 1 && none.stdout.isEmpty)
        expect(none.stderr.contains("no chain of links from D.md to A.md"))
        let back = try vault.run(["graph", "path", "D", "A", "--undirected"])
        expect(back.status, equals: 0)
        expect(back.stdout, equals: "  D.md\n← Sub/C.md\n← B.md\n← A.md\n")
        let json = try object(try vault.run(["graph", "path", "E", "D", "--json"]).stdout)
        expect(json["length"] as? Int == 2 && json["direction"] as? String == "forward")
        expect((json["path"] as? [[String: Any]])?.map { $0["path"] as? String } == ["E.md", "Sub/C.md", "D.md"])
        let missing = try object(try vault.run(["graph", "path", "F", "A", "--json"]).stdout)
        expect(missing["length"] is NSNull && (missing["path"] as? [Any])?.isEmpty == true)
        let dot = try vault.run(["graph", "path", "E", "D", "--format", "dot"])
        expect(dot.stdout.hasPrefix("digraph notez {\n") && dot.stdout.contains("  \"E.md\" -> \"Sub/C.md\";\n"))
        let unknown = try vault.run(["graph", "path", "Nowhere", "A"])
        expect(unknown.status == 2 && unknown.stdout.isEmpty)
        try expect(vault.run(["graph", "path", "A", "B", "--json", "--format", "dot"]).status, equals: 2)
    }

    @Test func neighboursByDepthAndDirection() throws {
        let vault = try vault()
        let near = try vault.run(["graph", "neighbours", "B"])
        expect(near.status, equals: 0, "\(near.stderr)")
        expect(near.stdout, equals: "1  A.md\n1  E.md\n1  Sub/C.md\n")
        let two = try vault.run(["graph", "neighbours", "B", "--depth", "2", "--direction", "out"])
        expect(two.stdout, equals: "1  Sub/C.md\n2  D.md\n")
        let json = try object(try vault.run(["graph", "neighbors", "C", "--direction", "in", "--depth", "3", "--json"]).stdout)
        expect((json["neighbours"] as? [[String: Any]])?.map { "\($0["distance"]!) \($0["path"]!)" } == ["1 B.md", "1 E.md", "2 A.md", "3 Index.md"])
        expect((json["edges"] as? [[String: String]])?.contains { $0["from"] == "A.md" && $0["to"] == "B.md" } == true)
        let alone = try vault.run(["graph", "neighbours", "F"])
        expect(alone.status == 1 && alone.stdout.isEmpty)
        try expect(vault.run(["graph", "neighbours", "F", "--depth", "0"]).status, equals: 2)
    }

    @Test func relatedGivesItsReasons() throws {
        let vault = try vault()
        // B and E both link to C (a shared link); E links to B (a direct link).
        let result = try vault.run(["related", "E", "--json"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let rows = try object(result.stdout)["related"] as! [[String: Any]]
        let b = rows.first { $0["path"] as? String == "B.md" }
        expect(b?["sharedLinks"] as? [String] == ["Sub/C.md"] && b?["linked"] as? Bool == true)
        // A and B share the tag and B links to nothing A does not reach; A's tags give it a reason.
        let a = try object(try vault.run(["related", "A", "--json"]).stdout)["related"] as! [[String: Any]]
        expect(a.first?["path"] as? String == "B.md")
        expect(a.first?["sharedTags"] as? [String] == ["topic"])
        let text = try vault.run(["related", "A"])
        // B: linked (1), a shared tag (0.5), and its title and tags say "topic" as A's tags do (2 × 1.0).
        expect(text.stdout.hasPrefix("3.500  B.md  (linked, tags #topic, similar words 1.000)\n"))
        try expect(vault.run(["related", "F"]).status, equals: 1)
    }

    @Test func graphTermsInSearch() throws {
        let vault = try vault()
        func paths(_ query: [String]) throws -> [String] {
            let result = try vault.run(["search"] + query + ["--paths", "--sort", "path"])
            return result.stdout.split(separator: "\n").map(String.init)
        }
        try expect(paths(["is:orphan"]), equals: ["F.md", "G.md"])
        try expect(paths(["is:hub -tag:nothing"]), equals: ["A.md", "B.md", "D.md", "Sub/C.md"])
        try expect(paths(["links-to:D~2"]), equals: ["B.md", "E.md", "Sub/C.md"])
        try expect(paths(["links-to:D", "--depth", "3"]), equals: ["A.md", "B.md", "E.md", "Sub/C.md"])
        try expect(paths(["linked-by:Index~9"]), equals: ["A.md", "B.md", "D.md", "Sub/C.md"])
        try expect(paths(["links:B"]), equals: ["A.md", "E.md"])
        let shown = try vault.run(["search", "links:\"B\"", "linkedfrom:E~2", "--show-query"])
        expect(shown.stdout, equals: "links-to:B linked-by:E~2\n")
        let explained = try vault.run(["search", "is:hub", "--explain"])
        expect(explained.stdout.contains("is:hub  (among the 10 notes with the most backlinks (ties included))"))
        let bad = try vault.run(["search", "links-to:D~0"])
        expect(bad.status == 2 && bad.stderr.contains("depth from 1 to 99"))
        try expect(vault.run(["search", "links-to:D", "--depth", "100"]).status, equals: 2)
    }

    /// From a current index cache the graph commands answer from its stored graph (nothing is
    /// resolved); every answer is the full index's, byte for byte, and a symlinked note is left
    /// out of both alike.
    @Test func theCachedViewAnswersAsTheFullIndex() throws {
        let vault = try vault()
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntitle: SECRET TITLE\n---\n[[D]] [[F]]\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked.md", withDestinationPath: outside.path + "/secret.md")
        try vault.write("H.md", "# Aitch\n[[Linked]] [[A]] [[Sub/C|see]]\n")
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try vault.ageEveryFile()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("notez-graph-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        // The first run writes the cache; the next ones answer from the cached view.
        _ = try vault.run(["search", "is:orphan"], environment: ["XDG_CACHE_HOME": cache])
        let commands = [
            ["graph", "neighbours", "B", "--depth", "3"], ["graph", "neighbours", "H", "--json"],
            ["graph", "neighbours", "D", "--direction", "in", "--depth", "2", "--format", "dot"], ["graph", "neighbours", "F"],
            ["graph", "neighbours", "Linked"], ["graph", "path", "Index", "D"], ["graph", "path", "H", "E", "--undirected", "--json"],
            ["graph", "path", "D", "H"], ["related", "E", "--json"], ["related", "H"], ["related", "A", "--format", "dot"],
        ]
        for arguments in commands {
            let without = try vault.run(arguments, environment: ["XDG_CACHE_HOME": "/dev/null"])
            let cached = try vault.run(arguments, environment: ["XDG_CACHE_HOME": cache])
            expect(cached.stdout, equals: without.stdout, "\(arguments)")
            expect(cached.stderr, equals: without.stderr, "\(arguments)")
            expect(cached.status, equals: without.status, "\(arguments)")
            expect(!cached.stdout.contains("SECRET") && !cached.stdout.contains("Linked.md"), "\(arguments)")
        }
        try expect(vault.run(["graph", "neighbours", "H"], environment: ["XDG_CACHE_HOME": cache]).stdout, equals: "1  A.md\n1  Sub/C.md\n")
        try expect(vault.snapshot(), equals: before)
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    @Test func hostileNamesStayInsideTheirQuotesAndNothingIsWritten() throws {
        let vault = try TempVault()
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntitle: SECRET TITLE\n---\n[[A\"b]]\n")
        let hostile = "A\"b"
        try vault.write("\(hostile).md", "---\ntitle: \"\\\"Quoted\\\" \\\\ } digraph x {\\e[31m\"\n---\n[[-rf]] [[Linked]]\n")
        try vault.write("-rf.md", "# -rf\n[[\(hostile)]]\n")
        try vault.write("Linked.md", "# Linked\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked2.md", withDestinationPath: outside.path + "/secret.md")
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let dot = try vault.run(["graph", "neighbours", hostile, "--depth", "2", "--format", "dot"])
        expect(dot.status, equals: 0, "\(dot.stderr)")
        // One statement a line: no name ended its string.
        for line in dot.stdout.split(separator: "\n").dropFirst(2).dropLast() {
            expect(line.hasSuffix(";") && (line.contains(" -> ") || line.contains(" [label=")), "\(line)")
        }
        expect(dot.stdout.contains("\"A\\\"b.md\" [label=\"\\\"Quoted\\\" \\\\ } digraph x { [31m\", style=bold];"))
        expect(!dot.stdout.contains("\u{1B}"))
        // A note named like an option is still a NOTE after `--`.
        let text = try CLIRunner.run(["graph", "path", "--vault", vault.path, "--", "-rf", "Linked"])
        expect(text.status == 0 && text.stdout == "  -rf.md\n→ A\"b.md\n→ Linked.md\n")
        for args in [["related", hostile], ["related", hostile, "--format", "dot"], ["graph", "path", hostile, "-rf", "--json"], ["search", "is:orphan"]] {
            let result = try vault.run(args)
            expect(!result.stdout.contains("SECRET"), "\(args)")
            expect(!result.stdout.contains("\u{1B}"), "\(args)")
        }
        let symlinked = try vault.run(["graph", "neighbours", "Linked2"])
        expect(symlinked.status != 0 && !symlinked.stdout.contains("SECRET"))
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/cache/") }, equals: before.filter { !$0.key.hasPrefix(".notez/cache/") })
        try expect(outside.snapshot(), equals: outsideBefore)
    }
}
