import Foundation
import Testing
import NotezTestSupport

/// End-to-end tests of the read-only commands on a copy of ExampleVault; expected values are
/// counted by hand from the vault's files.
@Suite struct ReadCommandsTests {
    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// `--version` alone (global flags aside) is answered before the argument parser is set up.
    @Test func versionIsAnsweredAtOnce() throws {
        for arguments in [["--version"], ["--no-pager", "--version"], ["--version", "--color", "never"]] {
            let result = try CLIRunner.run(arguments)
            expect(result.status, equals: 0)
            expect(result.stdout, equals: "0.1.0\n")
            expect(result.stderr.isEmpty)
        }
    }

    @Test func overviewJSON() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["overview", "--json"])
        expect(result.status, equals: 0)
        expect(result.stderr, equals: "")
        let object = try #require(try json(result.stdout) as? [String: Any])
        expect(object["notes"] as? Int == 30)
        expect(object["pinned"] as? Int == 4)
        expect(object["unsorted"] as? Int == 5)
        expect(object["trash"] as? Int == 0)
        let folders = try #require(object["folders"] as? [[String: Any]])
        expect(folders.map { $0["name"] as? String }, equals: ["Archive", "Personal", "Reading", "Work"])
        let work = try #require(folders.last)
        expect(work["count"] as? Int == 13)
        expect(work["direct"] as? Int == 2)
        expect(work["color"] as? String == "blue")
        let projects = try #require((work["children"] as? [[String: Any]])?.last)
        expect(projects["path"] as? String == "Work/Projects")
        expect(projects["count"] as? Int == 7)
        let alpha = try #require((projects["children"] as? [[String: Any]])?.first)
        expect(alpha["path"] as? String == "Work/Projects/Alpha")
        expect(alpha["count"] as? Int == 3)
        expect(alpha["color"] as? String == "orange")
        let tags = try #require(object["tags"] as? [[String: Any]])
        expect(tags.count, equals: 31)
        let byName = Dictionary(uniqueKeysWithValues: tags.map { ($0["name"] as! String, $0) })
        expect(byName["Work"]?["count"] as? Int == 11)
        expect(byName["Work"]?["color"] as? String == "red")
        expect(byName["someday"]?["count"] as? Int == 0)
        expect(byName["space travel"]?["count"] as? Int == 3)
        expect(byName["project/alpha"]?["count"] as? Int == 4)
        expect(byName["meeting"]?["count"] as? Int == 4)
        expect(byName["zürich"]?["count"] as? Int == 1)
        expect(byName["work"] == nil)
    }

    @Test func overviewTextIsTheDefaultCommand() throws {
        let vault = try TempVault.example()
        let result = try vault.run([])
        expect(result.status, equals: 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expect(lines[0].hasPrefix("notez · 30 notes in notez-test-"))
        expect(lines[2], equals: "All Pinned Notes                       4")
        expect(lines[3], equals: "Unsorted Notes                         5")
        expect(lines.contains("Folders"))
        expect(lines.contains("      Alpha                            3"))
        expect(lines.contains("  someday                              0"))
        expect(lines.contains("Trash                                  0"))
        // Folders come before tags, tags before trash.
        let folders = try #require(lines.firstIndex(of: "Folders"))
        let tags = try #require(lines.firstIndex(of: "Tags"))
        expect(folders < tags)
    }

    @Test func leadingVaultOptionWorks() throws {
        let vault = try TempVault.example()
        let result = try CLIRunner.run(["--vault", vault.path, "tag", "list", "--json"])
        expect(result.status, equals: 0)
        expect((try json(result.stdout) as? [Any])?.count == 31)
    }

    @Test func lsFolderListsDirectNotesPinnedFirst() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["ls", "Work", "--json"])
        expect(result.status, equals: 0)
        let notes = try #require(try json(result.stdout) as? [[String: Any]])
        expect(notes.map { $0["path"] as? String }, equals: ["Work/Team handbook.md", "Work/Quarterly goals.md"])
        expect(notes[0]["pinned"] as? Bool == true)
        expect(notes[0]["tags"] as? [String] == ["Work", "handbook"])
        expect(notes[1]["title"] as? String == "Q3 2024 goals")
        expect(notes[1]["folder"] as? String == "Work")
        expect(notes[1]["modified"] as? String == "2024-09-30T17:30:00Z")
    }

    @Test func lsTextShowsBreadcrumbSubfoldersAndRows() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["ls", "Work/Projects", "--no-snippets"])
        expect(result.status, equals: 0)
        expect(
            result.stdout, equals: """
                Work › Projects
                  Alpha/     3
                  Beta/      3

                  Projects overview  #project #Work  2024-11-05

                """)
    }

    /// `--limit` bounds the subfolder rows too, and counts stay in one column past long names.
    @Test func lsLimitsSubfoldersAndAlignsCounts() throws {
        let vault = try TempVault()
        for index in 0..<30 { try vault.write("Big/Sub \(index)/n.md", "x\n") }
        try vault.write("Big/" + String(repeating: "Long", count: 20) + "/n.md", "x\n")
        try vault.write("Big/own.md", "x\n")
        let result = try vault.run(["ls", "Big", "-r", "-n", "4", "--no-snippets"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let folderRows = lines.dropFirst().prefix { $0.hasPrefix("  ") && !$0.hasPrefix("  …") }
        expect(folderRows.count, equals: 4)
        expect(lines.contains("  … 27 more folders (notez folder tree)"))
        expect(Set(folderRows.map { $0.count }).count, equals: 1, "\(folderRows)")
        expect(lines.filter { $0.contains("n  (Big/") || $0.contains("own  (Big)") }.count, equals: 4)
    }

    @Test func lsRecursiveTagAndUnsorted() throws {
        let vault = try TempVault.example()
        let recursive = try json(try vault.run(["ls", "Work", "-r", "--json"]).stdout) as? [[String: Any]]
        expect(recursive?.count == 13)
        let tagged = try json(try vault.run(["ls", "--tag", "PROJECT", "--json"]).stdout) as? [[String: Any]]
        expect(tagged?.count == 8)
        let unsorted = try json(try vault.run(["ls", "--unsorted", "--json"]).stdout) as? [[String: Any]]
        expect(unsorted?.map { $0["path"] as? String }.first == "Quick capture.md")
        expect(unsorted?.count == 5)
        let pinned = try json(try vault.run(["ls", "--pinned", "--json"]).stdout) as? [[String: Any]]
        expect(
            pinned?.map { $0["path"] as? String } == [
                "Personal/Travel/Zürich trip.md", "Quick capture.md", "Work/Team handbook.md",
                "Work/Projects/Alpha/Alpha project plan.md",
            ])
        let limited = try json(try vault.run(["ls", "-r", "--limit", "2", "--json"]).stdout) as? [Any]
        expect(limited?.count == 2)
    }

    @Test func lsUnknownFolderIsAUsageError() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["ls", "Nope"])
        expect(result.status, equals: 2)
        expect(result.stdout, equals: "")
        expect(result.stderr, equals: "notez: error: no folder 'Nope'; see the folders with 'notez folder tree'\n")
    }

    @Test func lsRefusesPathEscapes() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["ls", "../.."])
        expect(result.status, equals: 2)
        expect(result.stderr.contains("'..' and '.' are not allowed"))
    }

    @Test func showPrintsHeaderAndBody() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["show", "Personal/Travel/Zürich trip"])
        expect(result.status, equals: 0)
        expect(result.stdout.contains("Path:      Personal/Travel/Zürich trip.md\n"))
        expect(result.stdout.contains("Tags:      travel, zürich\n"))
        expect(result.stdout.contains("Pinned:    yes\n"))
        expect(result.stdout.contains("Modified:  2025-04-22T19:30:00Z\n"))
        // A note is named by its file name; its first heading is body text.
        try expect(vault.run(["show", "useful NUMBERS"]).status, equals: 2)
        let byTitle = try vault.run(["show", "phone NUMBERS", "--json"])
        let object = try #require(try json(byTitle.stdout) as? [String: Any])
        expect(object["path"] as? String == "Phone numbers.md")
        expect((object["body"] as? String)?.hasPrefix("# Useful numbers") == true)
    }

    @Test func showErrors() throws {
        let vault = try TempVault()
        try vault.write("A/Plan.md", "# Plan\n")
        try vault.write("B/Plan.md", "# Plan\n")
        let ambiguous = try vault.run(["show", "plan"])
        expect(ambiguous.status, equals: 2)
        expect(
            ambiguous.stderr, equals: "notez: error: 'plan' matches 2 notes; give the note's path (e.g. 'A/Plan.md') to choose one:\n  A/Plan.md\n  B/Plan.md\n")
        for index in 0..<25 { try vault.write("Many/\(index)/Same.md", "# Same\n") }
        let many = try vault.run(["show", "same"])
        expect(many.status, equals: 2)
        expect(many.stderr.split(separator: "\n").count, equals: 12, "\(many.stderr)")
        expect(many.stderr.contains("... and 15 more"))
        let missing = try vault.run(["show", "nothing here"])
        expect(missing.status, equals: 2)
        expect(missing.stderr, equals: "notez: error: no note matches 'nothing here'; find it with: notez search 'nothing here'\n")
    }

    @Test func tagListSortsByNameOrCount() throws {
        let vault = try TempVault.example()
        let byName = try vault.run(["tag", "list", "--json"])
        let names = (try json(byName.stdout) as? [[String: Any]])?.map { $0["name"] as! String }
        expect(names?.first == "2023")
        expect(names?.suffix(2) == ["Work", "zürich"])
        let byCount = try vault.run(["tag", "list", "--sort", "count"])
        expect(byCount.stdout.hasPrefix("Work                    11\nmeeting                  4\nproject/alpha            4\n"))
    }

    @Test func folderTree() throws {
        let vault = try TempVault.example()
        let text = try vault.run(["folder", "tree"])
        expect(
            text.stdout.hasPrefix(
                "(vault)                               30\n  Unsorted Notes                       5\n  Archive                              2\n    2023                               1\n"
            ))
        let tree = try json(try vault.run(["folder", "tree", "--json"]).stdout) as? [[String: Any]]
        expect(tree?.count == 4)
        expect(tree?.first?["path"] as? String == "Archive")
    }

    @Test func checkReportsProblemsWithPositions() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["check"])
        expect(result.status, equals: 1)
        expect(
            result.stdout, equals: """
                Work/Meetings/Budget review.md:4:8: did not find expected ',' or ']' while parsing a flow sequence
                tag spelled in 2 ways (same tag, case differs): 'Work' (1), 'work' (10)

                """)
        expect(result.stderr, equals: "notez: 2 problems in 30 notes\n")
    }

    @Test func checkOnCleanVaultExitsZero() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [x]\n---\n")
        let result = try vault.run(["check"])
        expect(result.status, equals: 0)
        expect(result.stdout, equals: "No problems in 1 notes.\n")
    }

    @Test func initCreatesStateFolderOnce() throws {
        let vault = try TempVault()
        let first = try vault.run(["init"])
        expect(first.status, equals: 0)
        expect(first.stdout.hasPrefix("Initialized a notez vault in "))
        let config = try String(contentsOf: vault.url.appendingPathComponent(".notez/config.yaml"), encoding: .utf8)
        expect(config.contains("trash_days: 30"))
        let ignore = try String(contentsOf: vault.url.appendingPathComponent(".notez/.gitignore"), encoding: .utf8)
        expect(ignore.contains("cache/"))
        let second = try vault.run(["init"])
        expect(second.stdout.hasSuffix("is already a notez vault; nothing changed.\n"))
    }

    @Test func vaultIsFoundFromASubfolder() throws {
        let vault = try TempVault.example()
        let result = try CLIRunner.run(["tag", "list", "--json"], in: vault.url.appendingPathComponent("Work/Projects"))
        expect((try json(result.stdout) as? [Any])?.count == 31)
    }

    @Test func emptyVaultHasAFriendlyOverview() throws {
        let vault = try TempVault()
        let result = try vault.run([])
        expect(result.status, equals: 0)
        expect(result.stdout.contains("This vault has no notes yet"))
        expect(result.stdout.contains("notez new"))
    }

    @Test func missingVaultIsAnIOError() throws {
        let result = try CLIRunner.run(["--vault", "/nonexistent/vault/path"])
        expect(result.status, equals: 3)
        expect(result.stderr, equals: "notez: error: vault folder '/nonexistent/vault/path' does not exist or is not a folder; pass --vault PATH or run 'notez init' in your notes folder\n")
    }

    @Test func unknownOptionIsUsageError() throws {
        let result = try CLIRunner.run(["ls", "--bogus"])
        expect(result.status, equals: 2)
        expect(result.stderr.contains("--bogus"))
    }

    @Test func controlCharactersAreEscaped() throws {
        let vault = try TempVault()
        try vault.write("evil.md", "---\ntitle: \"Red \\e[31m alert\"\ntags: [\"bad\\u0007tag\"]\n---\nbody \u{1B}[2J here\n")
        let ls = try vault.run(["ls"])
        expect(!ls.stdout.contains("\u{1B}"))
        expect(!ls.stdout.contains("\u{07}"))
        expect(ls.stdout.contains("Red \\u{1B}[31m alert"))
        expect(ls.stdout.contains("#bad\\u{7}tag"))
        // C1 controls and bidi overrides are not ASCII: the byte scan must still send them to escaping.
        try vault.write("c1.md", "---\ntitle: \"csi\\u009B31m and \\u202Ereversed\"\n---\n")
        let c1 = try vault.run(["ls"])
        expect(c1.stdout.contains("csi\\u{9B}31m and \\u{202E}reversed"))
        let show = try vault.run(["show", "evil"])
        expect(!show.stdout.contains("\u{1B}"))
        expect(show.stdout.contains("body \\u{1B}[2J here"))
    }

    @Test func badFilesAreReportedAndTheRestIndexed() throws {
        let vault = try TempVault()
        try vault.write("good.md", "---\ntags: [fine]\n---\n")
        try vault.write("binary.md", Data([0x00, 0x01, 0x02, 0xFF]))
        try vault.write("latin1.md", Data([0x2D, 0x2D, 0x2D, 0x0A, 0x74, 0x3A, 0x20, 0xE9, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A]))
        try vault.write("empty.md", "")
        try vault.write("dashes.md", "---")
        try vault.write("huge.md", "---\n" + String(repeating: "k: vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\n", count: 320_000) + "---\n")
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(check.stdout.contains("binary.md: binary file (contains NUL bytes)\n"))
        expect(check.stdout.contains("dashes.md:1:1: front matter starts with '---' but has no closing '---' or '...'\n"))
        expect(check.stdout.contains("huge.md:1:1: front matter is larger than 1 MiB\n"))
        expect(check.stdout.contains("latin1.md:"))
        let tags = try vault.run(["tag", "list"])
        expect(tags.stdout.contains("fine"))
    }

    @Test func readCommandsNeverWrite() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        for args in [[], ["ls", "-r"], ["show", "scratch"], ["tag", "list"], ["folder", "tree"], ["check"]] {
            _ = try vault.run(args)
        }
        try expect(vault.snapshot(), equals: before)
    }
}
