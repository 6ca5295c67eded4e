import Foundation
import Testing
import NotezTestSupport

/// Issue 16's consistency rules: the same flags and rules across commands, checked end to end.
@Suite struct ShellConsistencyTests {
    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func searchJSONWithNoMatchPrintsAnEmptyArray() throws {
        let vault = try TempVault.example()
        let result = try vault.run(["search", "tag:nothing-has-this", "--json"])
        expect(result.status, equals: 1)
        expect(result.stdout, equals: "[]\n")
        expect(result.stderr, equals: "")
    }

    @Test func print0EndsEachPathWithNUL() throws {
        let vault = try TempVault.example()
        let paths = try vault.run(["search", "tag:meeting", "--paths"])
        let nul = try vault.run(["search", "tag:meeting", "--print0"])
        expect(nul.status, equals: 0)
        expect(nul.stdout, equals: lines(paths.stdout).map { $0 + "\0" }.joined())
        let ls = try vault.run(["ls", "Work", "-r", "--print0"])
        expect(ls.stdout.split(separator: "\0").count, equals: lines(try vault.run(["ls", "Work", "-r", "--paths"]).stdout).count)
        expect(ls.stdout.hasSuffix("\0"))
        try expect(vault.run(["search", "x", "--json", "--print0"]).status, equals: 2)
    }

    @Test func repeatedLsTagMeansAll() throws {
        let vault = try TempVault.example()
        let both = lines(try vault.run(["ls", "--tag", "meeting", "--tag", "work", "--paths"]).stdout)
        let query = lines(try vault.run(["search", "tag:meeting tag:work", "--paths"]).stdout)
        expect(!both.isEmpty)
        expect(Set(both), equals: Set(query))
        let meeting = lines(try vault.run(["ls", "--tag", "meeting", "--paths"]).stdout)
        expect(both.count < meeting.count)
    }

    @Test func recursiveUnsortedListsOnlyUnsortedNotes() throws {
        let vault = try TempVault.example()
        let notes = lines(try vault.run(["ls", "-r", "--unsorted", "--paths"]).stdout)
        expect(!notes.isEmpty)
        expect(notes.allSatisfy { !$0.contains("/") })
        expect(notes, equals: lines(try vault.run(["ls", "--unsorted", "--paths"]).stdout))
    }

    @Test func oneFolderRuleForEveryCommand() throws {
        let vault = try TempVault.example()
        // A unique name at any depth, then case-insensitively.
        expect(lines(try vault.run(["ls", "Alpha", "--paths"]).stdout).allSatisfy { $0.hasPrefix("Work/Projects/Alpha/") })
        try expect(vault.run(["ls", "alpha", "--paths"]).status, equals: 0)
        let created = try vault.run(["new", "Rule check", "--folder", "alpha"])
        expect(created.status, equals: 0)
        expect(FileManager.default.fileExists(atPath: vault.path + "/Work/Projects/Alpha/Rule check.md"))
        let moved = try vault.run(["mv", "Rule check", "beta"])
        expect(moved.status, equals: 0, "\(moved.stderr)")
        expect(FileManager.default.fileExists(atPath: vault.path + "/Work/Projects/Beta/Rule check.md"))
        // Two folders with one name: the same error, listing both, for every command.
        try vault.write("Personal/Beta/x.md", "x\n")
        for args in [["ls", "Beta"], ["new", "y", "--folder", "Beta"], ["mv", "Rule check", "Beta"], ["folder", "color", "Beta", "red"]] {
            let result = try vault.run(args)
            expect(result.status, equals: 2, "\(args)")
            expect(result.stderr.contains("'Beta' matches 2 folders: Personal/Beta, Work/Projects/Beta; give the folder's path"), "\(args): \(result.stderr)")
        }
        // Hostile folder arguments are refused, not resolved by name.
        for hostile in ["../Beta", "/etc", ".git", ".notez"] {
            try expect(vault.run(["ls", hostile]).status, equals: 2, "\(hostile)")
            try expect(vault.run(["new", "z", "--folder", hostile]).status, equals: 2, "\(hostile)")
        }
    }

    @Test func trashShowAndRestoreAcceptTheTitleTheListShows() throws {
        let vault = try TempVault.example()
        try vault.write("odd-name.md", "---\ntitle: A Proper Title\n---\nbody\n")
        try expect(vault.run(["rm", "odd-name"]).status, equals: 0)
        let listed = try vault.run(["trash", "list"])
        expect(listed.stdout.contains("A Proper Title"))
        let shown = try vault.run(["trash", "show", "A Proper Title"])
        expect(shown.status, equals: 0, "\(shown.stderr)")
        expect(shown.stdout.contains("body"))
        let restored = try vault.run(["trash", "restore", "a proper title"])
        expect(restored.status, equals: 0, "\(restored.stderr)")
        expect(FileManager.default.fileExists(atPath: vault.path + "/odd-name.md"))
    }

    @Test func sortAndReverse() throws {
        let vault = try TempVault.example()
        let byTitle = try json(try vault.run(["ls", "-r", "--sort", "title", "--json"]).stdout).map { $0["title"] as? String ?? "" }
        expect(byTitle, equals: byTitle.sorted { $0.lowercased() < $1.lowercased() })
        let reversed = try json(try vault.run(["ls", "-r", "--sort", "title", "--reverse", "--json"]).stdout).map { $0["title"] as? String ?? "" }
        expect(reversed, equals: byTitle.reversed())
        let created = try json(try vault.run(["search", "tag:work", "--sort", "created", "--json"]).stdout).map { $0["created"] as? String ?? "" }
        expect(created.count > 2)
        let seconds = created.map { ISO8601DateFormatter().date(from: $0)?.timeIntervalSince1970 ?? 0 }
        expect(seconds, equals: seconds.sorted(by: >))
        let defaultOrder = lines(try vault.run(["search", "tag:work", "--paths"]).stdout)
        expect(lines(try vault.run(["search", "tag:work", "--paths", "--reverse"]).stdout), equals: defaultOrder.reversed())
        try expect(vault.run(["ls", "--sort", "sizes"]).status, equals: 2, "an unknown key (size is one since --sort took more keys)")
    }

    @Test func accentInsensitiveSearchIsAnOption() throws {
        let vault = try TempVault.example()
        try vault.write("Coffee.md", "---\ntitle: Le Café\n---\nA crème brûlée at the café.\n")
        try expect(vault.run(["search", "creme", "--paths"]).status, equals: 1)
        try expect(vault.run(["search", "creme", "--ignore-accents", "--paths"]).stdout, equals: "Coffee.md\n")
        try expect(vault.run(["search", "title:cafe", "--ignore-accents", "--paths"]).stdout, equals: "Coffee.md\n")
        try expect(vault.run(["search", "brûlée", "--ignore-accents", "--paths"]).stdout, equals: "Coffee.md\n")
    }

    @Test func colorFlagAndNoColor() throws {
        let vault = try TempVault.example()
        let always = try vault.run(["tag", "list", "--color", "always"])
        expect(always.stdout.contains("\u{1B}["))
        let before = try vault.run(["--color=always", "tag", "list"])
        expect(before.stdout, equals: always.stdout)
        expect(!(try vault.run(["tag", "list", "--color", "never"]).stdout.contains("\u{1B}[")))
        expect(!(try vault.run(["tag", "list"]).stdout.contains("\u{1B}[")), "pipes get no colors")
        let bad = try vault.run(["tag", "list", "--color", "sometimes"])
        expect(bad.status == 2 && bad.stderr.contains("auto, always or never"))
    }

    @Test func errorsSayWhatToDoNext() throws {
        let vault = try TempVault.example()
        expect(try vault.run(["show", "no such note"]).stderr.contains("find it with: notez search 'no such note'"))
        expect(try vault.run(["ls", "Nowhere"]).stderr.contains("notez folder tree"))
    }

    /// A warm daemon substitutes a client's terminal by replacing one value: no other file may read
    /// the terminal or the output environment itself.
    @Test func terminalFactsAreReadInOnePlace() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Sources/notez")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        expect(files.contains("TerminalFacts.swift"))
        for file in files where file != "TerminalFacts.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for forbidden in ["isatty(", "TIOCGWINSZ", "[\"NO_COLOR\"]", "[\"COLUMNS\"]", "[\"PAGER\"]"] {
                expect(!text.contains(forbidden), "\(file) reads \(forbidden) itself")
            }
        }
    }

    private func json(_ text: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
    }
}
