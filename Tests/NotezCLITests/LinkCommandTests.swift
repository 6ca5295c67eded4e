import Foundation
import Testing
import NotezTestSupport

/// `notez links`, `notez backlinks` and the link findings of `notez check`, end to end.
@Suite struct LinkCommandTests {
    func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write("Hub.md", "---\naliases: [Center, The Hub]\n---\n# Hub\n")
        try vault.write("Work/Plan.md", "# Plan\nSee [[Hub]] and [[Hub#Intro|intro]].\n\n```\n[[Hub]] in code\n```\n")
        try vault.write("Work/Notes.md", "Up: [hub](../Hub.md), alias [[The Hub]], missing [[Nowhere]]\r\n![[pic.png]]\n")
        try vault.write("A/Same.md", "# Same\n")
        try vault.write("B/Same.md", "# Same\n")
        try vault.write("Other.md", "Ambiguous [[Same]], self [[#Top]], [ext](https://x.org/Hub.md)\n")
        return vault
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [[String: Any]]
    }

    @Test func outgoingLinks() throws {
        let vault = try vault()
        let result = try vault.run(["links", "Work/Notes", "--json"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let rows = try json(result.stdout)
        // An alias is not a link name (Obsidian's rule, docs/obsidian-compatibility.md L12) ...
        expect(rows.map { $0["status"] as? String }, equals: ["resolved", "broken", "broken", "attachment"])
        expect(rows.map { $0["path"] as? String }, equals: ["Hub.md", nil, nil, nil])
        expect(rows.map { $0["line"] as? Int }, equals: [1, 1, 1, 2])
        // ... unless the vault says `link_aliases: true`.
        try vault.write(".notez/config.yaml", "link_aliases: true\n")
        let lenient = try json(try vault.run(["links", "Work/Notes", "--json"]).stdout)
        expect(lenient.map { $0["status"] as? String }, equals: ["resolved", "resolved", "broken", "attachment"])
        expect(lenient.map { $0["path"] as? String }, equals: ["Hub.md", "Hub.md", nil, nil])
        try vault.write(".notez/config.yaml", "")
        let other = try json(try vault.run(["links", "Other", "--json"]).stdout)
        expect(other.map { $0["status"] as? String }, equals: ["ambiguous", "self"])
        expect(other.first?["candidates"] as? [String] == ["A/Same.md", "B/Same.md"])
        let none = try vault.run(["links", "Hub"])
        expect(none.status == 1 && none.stdout.isEmpty)
    }

    @Test func backlinksWithTheirLines() throws {
        let vault = try vault()
        let result = try vault.run(["backlinks", "center"])  // found by alias
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(
            result.stdout.split(separator: "\n"), equals: [
                "Work/Notes.md:1: Up: [hub](../Hub.md), alias [[The Hub]], missing [[Nowhere]]",
                "Work/Plan.md:2: See [[Hub]] and [[Hub#Intro|intro]].",
                "Work/Plan.md:2: See [[Hub]] and [[Hub#Intro|intro]].",
            ])
        let rows = try json(try vault.run(["backlinks", "Hub", "--json"]).stdout)
        expect(rows.count, equals: 3)
        expect(rows.map { $0["kind"] as? String }, equals: ["markdown", "wikilink", "wikilink"])
        try expect(vault.run(["backlinks", "Other"]).status, equals: 1)
    }

    @Test func checkReportsBrokenAndAmbiguousLinks() throws {
        let vault = try vault()
        let result = try vault.run(["check"])
        expect(result.status, equals: 1)
        expect(result.stdout.contains("Work/Notes.md:1:1: broken link [[Nowhere]]: no note matches"))
        expect(result.stdout.contains("Other.md:1:1: ambiguous link [[Same]]: 2 notes match (A/Same.md, B/Same.md)"))
        expect(result.stdout.contains("Work/Notes.md:2:1: missing attachment ![[pic.png]]: no file at pic.png"))
        let quiet = try vault.run(["check", "--no-links"])
        expect(quiet.status, equals: 0, "\(quiet.stdout)")
    }

    @Test func queryTerms() throws {
        let vault = try vault()
        let linking = try vault.run(["search", "links:hub", "--paths"])
        expect(linking.status, equals: 0, "\(linking.stderr)")
        expect(linking.stdout.split(separator: "\n").sorted(), equals: ["Work/Notes.md", "Work/Plan.md"])
        let linked = try vault.run(["search", "linkedfrom:Work/Notes", "--paths"])
        expect(linked.stdout, equals: "Hub.md\n")
        let combined = try vault.run(["search", "links:hub -folder:Work", "--paths"])
        expect(combined.status == 1 && combined.stdout.isEmpty)
        let unknown = try vault.run(["search", "links:Nowhere"])
        expect(unknown.status == 2 && unknown.stderr.contains("no note matches 'Nowhere'"))
    }

    @Test func hostileArgumentsAndTargets() throws {
        let vault = try vault()
        try vault.write("Escape.md", "[up](../../../../etc/passwd) [abs](/etc/passwd.md) [[../../secret]] [[.git/config]]\n")
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/Linked.md", withDestinationPath: outside.appendingPathComponent("keep.txt").path)
        let before = try vault.snapshot()
        let rows = try json(try vault.run(["links", "Escape", "--json"]).stdout)
        expect(rows.allSatisfy { $0["status"] as? String == "broken" })
        for argument in ["../Hub", "/etc/passwd", ".git/config", "Work/../../x"] {
            let result = try vault.run(["backlinks", argument])
            expect(result.status, equals: 2, "\(argument): \(result.stdout)")
        }
        let bigBody = String(repeating: "[[Hub]] ", count: 100_000)
        try vault.write("Big.md", bigBody)
        try expect(json(try vault.run(["backlinks", "Hub", "--json"]).stdout).count, equals: 100_003)
        // Read commands never write into the vault.
        try expect(vault.snapshot().filter { $0.key != "Big.md" }, equals: before)
    }
}
