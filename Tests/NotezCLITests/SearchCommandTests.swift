import Foundation
import Testing
import NotezTestSupport

/// End-to-end tests of `notez search` on a copy of ExampleVault; expected paths are worked out by
/// hand from the vault's front matter (only notes whose dates come from front matter are ordered).
@Suite struct SearchCommandTests {
    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func queryFindsHierarchicalTagsPinnedFirst() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["search", "tag:project/alpha", "--paths"])
        expect(result.status, equals: 0)
        expect(result.stderr, equals: "")
        expect(
            lines(result.stdout), equals: [
                "Work/Projects/Alpha/Alpha project plan.md", "Work/Projects/Alpha/Launch checklist.md",
                "Work/Meetings/2024-06-12 Retro Alpha.md", "Work/Projects/Alpha/API design notes.md",
            ])
    }

    @Test func fullTextIsCaseInsensitiveAndUnicodeAware() throws {
        let vault = try TempVault.example()
        let expected = ["Personal/Travel/Zürich trip.md", "Quick capture.md", "Work/Team handbook.md"]
        expect(lines(try vault.run(["search", "zürich", "--paths"]).stdout), equals: expected)
        expect(lines(try vault.run(["search", "ZÜRICH", "--paths"]).stdout), equals: expected)
    }

    @Test func filterFlagsBuildTheQuery() throws {
        let vault = try TempVault.example()
        expect(
            lines(try vault.run(["search", "--tag", "meeting", "--not-folder", "Meetings", "--paths"]).stdout), equals: ["Work/Projects/Beta/Beta kickoff.md"])
        expect(
            lines(try vault.run(["search", "--tag", "books", "--tag", "quotes", "--paths"]).stdout), equals: ["Reading/Books/The Dispossessed.md"])
        expect(
            lines(try vault.run(["search", "--tag", "books", "--tag", "quotes", "--any", "--paths"]).stdout), equals: [
                "Reading/Books/Project Hail Mary.md", "Reading/Books/The Dispossessed.md", "Reading/Books/Thinking in Systems.md",
            ])
        expect(
            lines(try vault.run(["search", "--folder", "Recipes", "--text", "LENTIL", "--paths"]).stdout), equals: ["Personal/Recipes/Lentil soup.md"])
        expect(
            lines(try vault.run(["search", "--pinned", "--folder", "Work", "--paths"]).stdout), equals: ["Work/Team handbook.md", "Work/Projects/Alpha/Alpha project plan.md"])
    }

    /// `--links-to`, `--linked-by`, `--orphan` and `--hub` build the graph terms, find what the
    /// terms find, and `--show-query`'s text (with quotes where the language needs them) finds it too.
    @Test func graphFlagsBuildTheGraphTerms() throws {
        let vault = try TempVault.example()
        for (flags, query) in [
            (["--links-to", "Team handbook"], "links-to:\"Team handbook\""), (["--linked-by=scratch"], "linked-by:scratch"),
            (["--orphan"], "is:orphan"), (["--hub", "--tag", "work"], "tag:work is:hub"),
            (["--links-to", "Team handbook", "--depth", "2"], "links-to:\"Team handbook\"~2"),
        ] {
            let shown = try vault.run(["search"] + flags + ["--show-query"])
            expect(shown.status == 0 && shown.stdout == query + "\n", "\(flags): \(shown.stdout) \(shown.stderr)")
            let byFlags = try vault.run(["search"] + flags + ["--paths"])
            let byQuery = try vault.run(["search", query, "--paths"])
            expect(byFlags.status == 0 && byFlags.stdout == byQuery.stdout && !byFlags.stdout.isEmpty, "\(flags)")
        }
        expect(
            lines(try vault.run(["search", "--links-to", "Team handbook", "--paths"]).stdout).sorted(), equals: ["Archive/2023/Old onboarding notes.md", "Archive/Conference 2023 notes.md"])
        let explained = try vault.run(["search", "--orphan", "--links-to", "x y", "--explain"])
        expect(lines(explained.stdout).last, equals: "flags: --links-to 'x y' --orphan", "\(explained.stdout)")
        let missing = try vault.run(["search", "--links-to", "No such note", "--paths"])
        expect(missing.status == 2 && missing.stdout.isEmpty)
        let empty = try vault.run(["search", "--linked-by", ""])
        expect(empty.status == 2 && empty.stderr.contains("empty note name after linked-by:"), "\(empty.stderr)")
    }

    @Test func queryAndFlagsCombineWithAnd() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["search", "modified:2024-09-01..2024-09-30", "--folder", "Work", "--paths"])
        expect(
            lines(result.stdout), equals: [
                "Work/Quarterly goals.md", "Work/Projects/Beta/Vendor comparison.md", "Work/Projects/Beta/Beta kickoff.md",
            ])
        let negated = try vault.run(["search", "-tag:work", "tag:meeting", "--paths"])
        expect(lines(negated.stdout), equals: ["Work/Meetings/1-on-1 with Dana.md"])
    }

    @Test func countLimitAndUnsorted() throws {
        let vault = try TempVault.example()
        try expect(vault.run(["search", "folder:Alpha OR folder:Beta", "--count"]).stdout, equals: "6\n")
        try expect(vault.run(["search", "is:pinned in:unsorted", "--paths"]).stdout, equals: "Quick capture.md\n")
        let limited = try vault.run(["search", "tag:project/alpha", "--paths", "--limit", "2"])
        expect(lines(limited.stdout), equals: ["Work/Projects/Alpha/Alpha project plan.md", "Work/Projects/Alpha/Launch checklist.md"])
        try expect(vault.run(["search", "tag:project/alpha", "--count", "--limit", "2"]).stdout, equals: "2\n")
    }

    @Test func jsonUsesTheNoteShape() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["search", "tag:travel", "--json"])
        expect(result.status, equals: 0)
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        expect(notes.count, equals: 1)
        let note = try #require(notes.first)
        expect(note["path"] as? String == "Personal/Travel/Zürich trip.md")
        expect(note["folder"] as? String == "Personal/Travel")
        expect(note["tags"] as? [String] == ["travel", "zürich"])
        expect(note["pinned"] as? Bool == true)
        expect((note["modified"] as? String)?.hasPrefix("2025-04-22T") == true)
        expect(Set(note.keys), equals: ["path", "title", "folder", "tags", "inlineTags", "pinned", "created", "modified", "snippet"])
    }

    @Test func textRowsMatchLs() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["search", "tag:zürich", "--no-snippets"])
        expect(result.stdout, equals: "* Zürich trip  (Personal/Travel)  #travel #zürich  2025-04-22\n")
        let withSnippet = try vault.run(["search", "tag:zürich", "--snippets"])
        expect(lines(withSnippet.stdout).count, equals: 2)
        expect(lines(withSnippet.stdout).last?.hasPrefix("    Zürich, 16-19 May") == true)
    }

    @Test func noMatchExitsOneWithEmptyStdout() throws {
        let vault = try TempVault.example()
        // "grocery" is only in a trashed note: the trash never matches.
        let result = try vault.run(["search", "grocery"])
        expect(result.status, equals: 1)
        expect(result.stdout, equals: "")
        expect(result.stderr, equals: "notez: no notes match grocery\n")
        let json = try vault.run(["search", "tag:nope", "--json"])
        expect(json.status, equals: 1)
        expect(json.stdout, equals: "[]\n")
        let count = try vault.run(["search", "tag:nope", "--count"])
        expect(count.status, equals: 1)
        expect(count.stdout, equals: "0\n")
    }

    @Test(arguments: [
        ("a AND", "a AND\n  ^\nnotez: error: expected a term after AND (at character 3)\n"),
        ("tag:work (folder:x", "tag:work (folder:x\n         ^\nnotez: error: unbalanced '(' (at character 10)\n"),
        ("x)", "x)\n ^\nnotez: error: unbalanced ')' (at character 2)\n"),
        ("tag: x", "tag: x\n^\nnotez: error: empty tag name (at character 1)\n"),
        ("é \"open", "é \"open\n  ^\nnotez: error: unterminated quote (at character 3)\n"),
    ])
    func queryErrorsExitTwoWithACaret(_ query: String, _ expected: String) throws {
        let vault = try TempVault.example()
        let result = try vault.run(["search", query])
        expect(result.status, equals: 2)
        expect(result.stdout, equals: "")
        expect(result.stderr, equals: expected)
    }

    @Test func usageErrorsExitTwo() throws {
        let vault = try TempVault.example()
        let nothing = try vault.run(["search"])
        expect(nothing.status, equals: 2)
        expect(nothing.stderr.contains("nothing to search for"))
        let emptyTag = try vault.run(["search", "--tag", ""])
        expect(emptyTag.status, equals: 2)
        expect(emptyTag.stderr, equals: "notez: error: filter flags: empty tag name\n")
        let typo = try vault.run(["search", "x", "--jsn"])
        expect(typo.status, equals: 2)
        expect(typo.stderr.contains("'--jsn' is not an option of notez search (did you mean '--json'?)"))
    }

    @Test func showQueryPrintsCanonicalTextWithoutSearching() throws {
        let result = try CLIRunner.run([
            "search", "--tag", "work", "--tag", "meeting", "--any", "--folder", "My Work", "--not-folder", "Archive",
            "--pinned", "--text", "road map", "--show-query", "--vault", "/nonexistent/vault",
        ])
        expect(result.status, equals: 0)
        expect(result.stdout, equals: "(tag:work OR tag:meeting) folder:\"My Work\" -folder:Archive is:pinned \"road map\"\n")
        let combined = try CLIRunner.run(["search", "a OR b", "NOT c", "--tag", "x", "--show-query"])
        expect(combined.stdout, equals: "(a OR b -c) tag:x\n")
    }

    @Test func explainPrintsTreeAndFlagVerdict() throws {
        let simple = try CLIRunner.run(["search", "tag:work -folder:Archive", "--explain"])
        expect(simple.status, equals: 0)
        expect(
            simple.stdout, equals: """
                query: tag:work -folder:Archive
                AND
                  tag:work  (tag 'work' or its children 'work/...')
                  NOT
                    folder:Archive  (in a folder named 'Archive' at any depth, or below)
                flags: --tag work --not-folder Archive

                """)
        let complex = try CLIRunner.run(["search", "tag:work OR modified:7d", "--explain"])
        expect(complex.status, equals: 0)
        expect(
            lines(complex.stdout), equals: [
                "query: tag:work OR modified:7d",
                "OR",
                "  tag:work  (tag 'work' or its children 'work/...')",
                "  modified:7d  (modified within the last 7 days)",
                "flags: too complex for flags",
            ])
    }

    @Test func searchNeverWrites() throws {
        let vault = try TempVault.example()
        // .notez/ is left out: start-up duties (trash purge by age) are not search's doing.
        let notes = { try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") } }
        let before = try notes()
        expect(before.keys.contains("Work/Team handbook.md"))
        _ = try vault.run(["search", "tag:work OR zürich", "--json"])
        _ = try vault.run(["search", "(broken"])
        try expect(notes(), equals: before)
    }
}
