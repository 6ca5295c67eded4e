import Foundation
import Testing
import NotezTestSupport

/// `notez tag suggest`: merge proposals for near-duplicate tags, with evidence and the ready
/// command; `check` lists them without changing its status; nothing is written.
@Suite struct TagSuggestTests {
    private func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write(".notez/config.yaml", "")
        let notes: [(String, String)] = [
            ("a1", "[open-science, research]"), ("a2", "[open-science, research]"), ("a3", "[open_science]"), ("a4", "[openScience]"),
            ("b1", "[job, career]"), ("b2", "[jobs, career]"), ("b3", "[jobs]"),
            ("c1", "[story]"), ("c2", "[stories]"),
            ("d1", "[kubernetes, devops]"), ("d2", "[kubernetes, devops]"), ("d3", "[kubernets, devops]"),
            ("e1", "[\"2023\", review]"), ("e2", "[\"2024\", review]"),
            ("f1", "[project/alpha]"), ("f2", "[project/alpha]"), ("f3", "[alpha]"),
            ("g1", "[books/fiction]"), ("g2", "[movies/fiction]"),
            ("h1", "[physics]"), ("h2", "[physica]"),
            ("i1", "[status]"), ("i2", "[stat]"),
            ("j1", "[\"it's $(x)\", \"its $(x)\"]"), ("j2", "[\"it's $(x)\"]"),
        ]
        for (name, tags) in notes { try vault.write("\(name).md", "---\ntags: \(tags)\n---\nbody\n") }
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        return vault
    }

    @Test func proposalsWithEvidenceAndReadyCommands() throws {
        let vault = try vault()
        let before = try vault.snapshot()
        let result = try vault.run(["tag", "suggest", "--json"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let proposals = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        func find(_ target: String) -> [String: Any]? { proposals.first { ($0["target"] as? [String: Any])?["name"] as? String == target } }
        func sources(_ proposal: [String: Any]?) -> [String] { (proposal?["sources"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }

        let open = find("open-science")
        expect(open?["reason"] as? String == "separators")
        expect(sources(open), equals: ["open_science", "openScience"])
        expect(open?["command"] as? String == "notez tag merge open_science openScience --into open-science")
        expect(open?["arguments"] as? [String] == ["tag", "merge", "open_science", "openScience", "--into", "open-science"])

        expect(find("jobs")?["reason"] as? String == "plural" && sources(find("jobs")) == ["job"])
        expect((find("jobs")?["sharedTags"] as? [String]), equals: ["career"])
        expect(sources(find("stories")) == ["story"] || sources(find("story")) == ["stories"])

        let typo = find("kubernetes")
        expect(typo?["reason"] as? String == "one-edit" && sources(typo) == ["kubernets"])
        expect((typo?["evidence"] as? String ?? "").contains("both used with devops"))

        let leaf = find("project/alpha")
        expect(leaf?["reason"] as? String == "same-leaf" && sources(leaf) == ["alpha"])

        // Not proposed: years, one leaf under two parents with no note in common, a one-edit pair
        // with no evidence (physics/physica), different words (status/stat).
        let named = Set(proposals.flatMap { [($0["target"] as? [String: Any])?["name"] as? String ?? ""] + sources($0) })
        for tag in ["2023", "2024", "books/fiction", "movies/fiction", "physics", "physica", "status", "stat"] {
            expect(!named.contains(tag), "\(tag) should not be proposed")
        }
        // A name with quotes and `$(...)` comes out quoted for the shell, never bare.
        let hostile = proposals.first { sources($0).contains("its $(x)") || ($0["target"] as? [String: Any])?["name"] as? String == "its $(x)" }
        expect(hostile?["command"] as? String == "notez tag merge \"its \\$(x)\" --into \"it's \\$(x)\"")
        try expect(vault.snapshot(), equals: before, "suggest reads only")

        let text = try vault.run(["tag", "suggest"])
        expect(text.status, equals: 0)
        expect(text.stdout.contains("open_science (1), openScience (1) → open-science (2)\n  the same words with other separators\n"), "\(text.stdout)")
        expect(text.stdout.contains("  notez tag merge open_science openScience --into open-science\n"))
        expect(text.stdout.hasSuffix("proposals; each command shows its plan and asks before it changes anything.\n"))
    }

    @Test func theCommandCarriesItOutAndNothingIsLeft() throws {
        let vault = try vault()
        let result = try vault.run(["tag", "suggest", "--json"])
        let proposals = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        let open = proposals.first { $0["reason"] as? String == "separators" }!
        let merged = try vault.run(open["arguments"] as! [String] + ["--yes"])
        expect(merged.status, equals: 0, "\(merged.stderr)")
        let after = try vault.run(["tag", "suggest", "--json"])
        expect(!after.stdout.contains("open_science"))
        expect(try vault.run(["tag", "list", "--format", "{{name}}={{count}}"]).stdout.contains("open-science=4\n"))
    }

    @Test func checkListsThemWithoutChangingItsStatus() throws {
        let vault = try TempVault()
        try vault.write(".notez/config.yaml", "")
        try vault.write("a.md", "---\ntags: [recipe]\n---\nx\n")
        try vault.write("b.md", "---\ntags: [recipes]\n---\nx\n")
        let check = try vault.run(["check", "--no-links"])
        expect(check.status, equals: 0, "\(check.stderr)")
        expect(check.stdout, equals: "No problems in 2 notes.\n1 tag merge proposal (not problems; evidence: notez tag suggest):\n  notez tag merge recipes --into recipe\n")
        let json = try vault.run(["check", "--json", "--no-links"])
        expect(json.stdout, equals: "[]\n", "check --json keeps its shape")

        let none = try TempVault()
        try none.write("a.md", "---\ntags: [one]\n---\n")
        let empty = try none.run(["tag", "suggest"])
        expect(empty.status, equals: 1)
        expect(empty.stdout, equals: "No near-duplicate tags.\n")
        try expect(none.run(["tag", "suggest", "--json"]).stdout, equals: "[]\n")
    }
}
