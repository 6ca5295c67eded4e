import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// The warm path (a running `notez watch` answers read commands) prints exactly what the cold path
/// prints: same stdout, stderr and status, before and right after edits made by other programs.
@Suite("warm path ≡ cold path", .serialized)
struct WarmColdTests {
    /// Read commands of the end-to-end suites and the docs, each run both ways.
    static let commands: [[String]] = [
        [], ["overview"], ["overview", "--json"], ["ls"], ["ls", "-r"], ["ls", "Work"], ["ls", "Work", "-r", "--json"],
        ["ls", "--pinned"], ["ls", "--unsorted"], ["ls", "Personal/Recipes", "--snippets"],
        ["ls", "Nowhere"], ["tag", "list"], ["tag", "list", "--sort", "count"], ["tag", "list", "--json"],
        ["folder", "tree"], ["folder", "tree", "--json"], ["history"], ["history", "--json"],
        ["show", "Lentil soup"], ["show", "Personal/Recipes/Lentil soup.md"], ["show", "nothing like this"],
        ["search", "tag:work -folder:Archive \"road map\""], ["search", "-tag:draft"], ["search", "tag:project/alpha", "--paths"],
        ["search", "zürich", "--paths"], ["search", "--tag", "books", "--tag", "quotes", "--any", "--count"],
        ["search", "modified:2024-09-01..2024-09-30", "--folder", "Work", "--no-snippets"], ["search", "grocery"],
        ["search", "--tag", "work", "--tag", "meeting", "--any", "--not-folder", "Archive", "--show-query"],
        ["search", "tag:work -folder:Archive", "--explain"], ["search", "tag:work (folder:x"], ["search", "pinned:true"],
        ["search", "tag:meeting", "--json"], ["search", "soup OR bread", "--limit", "1"], ["search", "fresh", "--paths"],
        ["search", "tag:fresh", "--count"], ["ls", "Moved", "-r"], ["search", "is:pinned", "--limit", "0"], ["search", "title:\"Packing list\""],
        ["search", "prop:rating>=4 OR prop:created<2024-02-01", "--paths"], ["search", "prop:rating>four"],
        ["backlinks", "Team handbook"], ["backlinks", "API design notes", "--json"], ["backlinks", "scratch"],
        ["links"], ["links", "Projects overview", "--json"], ["search", "linkedfrom:\"Projects overview\"", "--paths"],
        ["search", "links:\"Team handbook\" OR links:\"Packing list\""],
        // Ranked by relevance: scores, passages and bold matches alike warm and cold.
        ["search", "project plan", "--json"], ["search", "soup OR zürich", "--snippets", "--color", "always"],
        ["search", "tag:work meeting", "--sort", "relevance+", "--paths"], ["search", "cafe", "--ignore-accents", "--json"],
    ]

    @Test("ExampleVault: every command, then after edits, then after a folder move and a settings change")
    func exampleVault() throws {
        let vault = try TempVault.example()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        try compareAll(vault, "initial")

        // Edits by another program, queried at once: no pause, the cookie makes the daemon catch up.
        try vault.write("fresh note.md", "---\ntags: [fresh, work]\n---\nfresh words, see [[Team handbook]]\n")
        try vault.write("Personal/Recipes/Lentil soup.md", "---\ntags: [fresh]\npinned: true\n---\n# Lentil soup\nchanged\n")
        try FileManager.default.removeItem(at: vault.url.appendingPathComponent("scratch.md"))
        try compareAll(vault, "after edits")

        try FileManager.default.moveItem(
            at: vault.url.appendingPathComponent("Personal/Travel"), to: vault.url.appendingPathComponent("Moved"))
        try vault.write(".notez/tags.yaml", "tags:\n  - name: fresh\n    color: red\n")
        try compareAll(vault, "after a move and a registry change")
    }

    @Test("a note written and queried at once is always seen (50 rounds)")
    func writeThenQuery() throws {
        let vault = try TempVault.example()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        for round in 0..<50 {
            try vault.write("Burst/note \(round).md", "---\ntags: [burst\(round)]\n---\nbody\n")
            let result = try vault.run(["search", "tag:burst\(round)", "--paths"], environment: ["NOTEZ_WARM": "require"])
            expect(result.status, equals: 0, "round \(round): \(result.stderr)")
            expect(result.stdout, equals: "Burst/note \(round).md\n", "round \(round)")
        }
    }

    @Test("overview asked again and again is the current vault's: a remembered answer never outlives a change")
    func overviewAgain() throws {
        let vault = try TempVault.example()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        for round in 0..<20 {
            // The same request twice (the second may be the remembered answer), another one between.
            for args in [["overview"], ["overview", "--json"], ["overview"], ["overview", "--json"]] {
                let warm = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
                let cold = try vault.run(args, environment: ["NOTEZ_WARM": "off"])
                expect(warm.status, equals: 0, "round \(round) \(args): \(warm.stderr)")
                expect(warm.stdout, equals: cold.stdout, "round \(round) \(args): stdout differs")
                expect(warm.stderr, equals: cold.stderr, "round \(round) \(args): stderr differs")
            }
            // Tags already in use gain and lose a note: the daemon copies the other tags' text.
            try vault.write("Burst/common.md", "---\ntags: [\(round % 2 == 0 ? "meeting, work" : "work")]\n---\nbody\n")
            let counted = try vault.run(["overview", "--json"], environment: ["NOTEZ_WARM": "require"])
            expect(counted.stdout, equals: try vault.run(["overview", "--json"], environment: ["NOTEZ_WARM": "off"]).stdout, "round \(round)")
            // A new tag, queried at once; every third round a registry change (no note changes).
            try vault.write("Burst/note \(round).md", "---\ntags: [burst\(round)]\n---\nbody\n")
            let seen = try vault.run(["overview", "--json"], environment: ["NOTEZ_WARM": "require"])
            expect(seen.stdout.contains("\"burst\(round)\""), "round \(round): the new tag is missing")
            if round % 3 == 0 { try vault.write(".notez/tags.yaml", "tags:\n  - name: burst\(round)\n    color: red\n") }
        }
    }

    @Test("ls -r asked again is the current vault's: kept rows never outlive a change, another layout or other notes")
    func listingAgain() throws {
        let vault = try TempVault.example()
        // A note whose place in the list never moves (its `modified` is in the front matter): only
        // its title changes between rounds, so nothing but the snapshot tells the old rows from the new.
        func fixed(_ word: String) -> String { "---\nmodified: 2020-01-01T00:00:00Z\ntitle: Fixed \(word)\n---\nthe body \(word)\n" }
        try vault.write("Fixed.md", fixed("start"))
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        let before = try vault.snapshot()
        let cache = CLIRunner.userFolders.appendingPathComponent("cache/notez")
        func cacheEntries() -> Set<String> {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
            return Set(folders.flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent(folder).path)) ?? []).map { folder + "/" + $0 }
            })
        }
        // The same listing twice (the second from the kept rows), other layouts and a shorter list between.
        let listings: [[String]] = [
            ["ls", "-r"], ["ls", "-r"], ["ls", "-r", "--no-snippets"], ["ls", "-r", "--color", "always"], ["ls", "-r"],
            ["ls", "-r", "--limit", "3"], ["ls", "-r"], ["ls", "-r", "--color", "always"],
        ]
        for round in 0..<5 {
            for args in listings {
                let warm = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
                let cold = try vault.run(args, environment: ["NOTEZ_WARM": "off"])
                expect(warm.status, equals: 0, "round \(round) \(args): \(warm.stderr)")
                expect(warm.stdout, equals: cold.stdout, "round \(round) \(args): stdout differs")
                expect(warm.stderr, equals: cold.stderr, "round \(round) \(args): stderr differs")
            }
            let seen = try vault.run(["ls", "-r"], environment: ["NOTEZ_WARM": "require"])
            expect(seen.stdout.contains("Fixed \(round == 0 ? "start" : String(round - 1))"), "round \(round): an old title")
            try vault.write("Fixed.md", fixed(String(round)))
        }
        // The kept rows are in a file no path names: none is left in the cache folder, nothing is
        // written into the vault.
        expect(!cacheEntries().isEmpty)
        expect(cacheEntries().filter { $0.contains("/rows-") }.isEmpty)
        var after = try vault.snapshot()
        after["Fixed.md"] = before["Fixed.md"]
        expect(Mutation.withoutDerivedState(after), equals: Mutation.withoutDerivedState(before))
    }

    @Test("ls -r and searches after each kind of change: carried rows and order are the cold path's, byte for byte")
    func listingAcrossChanges() throws {
        let vault = try TempVault.example()
        // More rows than a window (4,096) and many chunks (512), so carried runs cross both.
        for number in 0..<4_500 {
            try vault.write("Many/n\(number).md", "---\ntags: [\(number % 700 == 0 ? "Topic" : "many")]\n---\nbody \(number)\n")
        }
        try vault.write("Many/odd.md", "---\ntags: [topic]\n---\nthe odd spelling\n")
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        // Each change made once a round, on notes of its own.
        let changes: [(String, (Int) throws -> Void)] = [
            ("a body", { round in try vault.write("Many/n\(10 + round).md", "---\ntags: [many]\n---\na new snippet\n") }),
            ("a note added", { round in try vault.write("Many/added\(round).md", "---\ntags: [many]\n---\nadded\n") }),
            ("a note removed", { round in try FileManager.default.removeItem(atPath: vault.path + "/Many/n\(20 + round).md") }),
            // More notes spell `topic` the other way than the most do (7 `Topic`, 1 `topic` at
            // first): the unchanged notes' rows show the new name.
            ("a tag's common spelling", { round in
                for number in 0..<(round == 0 ? 8 : 4) {
                    try vault.write("Many/t\(round)-\(number).md", "---\ntags: [\(round % 2 == 0 ? "topic" : "Topic")]\n---\nt\n")
                }
            }),
            ("a note pinned", { round in try vault.write("Many/n\(3000 + round).md", "---\ntags: [many]\npinned: true\n---\npinned\n") }),
            ("an older time", { round in
                try vault.write("Many/n\(4000 + round).md", "---\ntags: [many]\nmodified: 2001-01-01T00:00:00Z\n---\nold\n")
            }),
            ("the tag registry", { round in try vault.write(".notez/tags.yaml", "tags:\n  - name: \(["Many", "MANY", "many"][round])\n") }),
            ("many notes", { round in
                for number in 100..<160 { try vault.write("Many/n\(number).md", "---\ntags: [many]\n---\nround \(round)\n") }
            }),
        ]
        for (round, layout) in [["ls", "-r"], ["ls", "-r", "--color", "always"], ["ls", "-r", "--no-snippets"]].enumerated() {
            for (name, change) in changes {
                try change(round)
                // The listing after the change, again, and a shorter one of the same layout; then
                // searches matching most notes, in the order kept for the listing.
                let searches = [["search", "tag:many", "--paths"], ["search", "tag:many", "--limit", "40"]]
                for args in [layout, layout, layout + ["--limit", "50"], layout] + searches {
                    let warm = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
                    let cold = try vault.run(args, environment: ["NOTEZ_WARM": "off"])
                    expect(warm.status, equals: 0, "after \(name), \(args): \(warm.stderr)")
                    expect(warm.stdout, equals: cold.stdout, "after \(name), \(args): stdout differs")
                    expect(warm.stderr, equals: cold.stderr, "after \(name), \(args): stderr differs")
                }
            }
        }
    }

    /// The example vault with 1,200 notes of long titles (an answer of megabytes).
    private func bulkVault() throws -> TempVault {
        let vault = try TempVault.example()
        let title = String(repeating: "long title ", count: 200)
        for number in 0..<1200 {
            try vault.write("Bulk/Note \(number).md", "---\ntitle: \(title)\(number)\ntags: [bulk]\n---\nbody \(number)\n")
        }
        return vault
    }

    @Test("clients killed while the kept rows of ls -r are sent: the daemon keeps serving the same bytes")
    func listingClientsKilled() throws {
        let vault = try bulkVault()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        let cold = try vault.run(["ls", "-r"], environment: ["NOTEZ_WARM": "off"])
        try expect(vault.run(["ls", "-r"], environment: ["NOTEZ_WARM": "require"]).stdout, equals: cold.stdout)
        // Killed at once, or a little later (while the rows, 2.8 MB, are read back and sent).
        for delay in [0, 2_000, 5_000, 10_000, 20_000, 40_000] {
            let client = try WatchProcess(["ls", "-r", "--vault", vault.path], environment: ["NOTEZ_WARM": "require"])
            usleep(useconds_t(delay))
            _ = client.stop(SIGKILL)
            let again = try vault.run(["ls", "-r"], environment: ["NOTEZ_WARM": "require"])
            expect(again.status, equals: 0, "after a client killed at \(delay) µs: \(again.stderr)")
            expect(again.stdout, equals: cold.stdout, "after a client killed at \(delay) µs")
        }
    }

    @Test("an answer larger than the daemon holds (sent as it is printed) is the cold path's, byte for byte")
    func largeAnswer() throws {
        let vault = try bulkVault()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        for args in [["search", "tag:bulk", "--json"], ["ls", "-r", "--snippets"], ["search", "tag:bulk", "--paths"]] {
            let warm = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
            let cold = try vault.run(args, environment: ["NOTEZ_WARM": "off"])
            expect(warm.status, equals: cold.status, "\(args): \(warm.stderr)")
            expect(warm.stdout, equals: cold.stdout, "\(args): stdout differs")
            expect(warm.stderr, equals: cold.stderr, "\(args): stderr differs")
        }
        // Two pieces at least went ahead of the answer (one each 1 MiB).
        expect(try vault.run(["search", "tag:bulk", "--json"], environment: ["NOTEZ_WARM": "off"]).stdout.utf8.count > 2 << 20)
    }

    @Test("a changed settings file sends clients to the cold path; so do arguments that do not parse")
    func settingsChange() throws {
        let vault = try TempVault.example()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        let query = ["search", "tag:meeting", "--paths"]
        let before = try vault.run(query, environment: ["NOTEZ_WARM": "require"])
        expect(before.stdout.contains("Work/"))
        let usage = try vault.run(["ls", "--no-such-flag"])
        expect(usage.status, equals: 2)
        try expect(vault.run(["ls", "--no-such-flag"], environment: ["NOTEZ_WARM": "require"]).status, equals: 6)

        try vault.write(".notez/config.yaml", "ignore:\n  - Work\n")
        let required = try vault.run(query, environment: ["NOTEZ_WARM": "require"])
        expect(required.status, equals: 6)
        expect(required.stderr.contains("settings changed"))
        let automatic = try vault.run(query)
        let cold = try vault.run(query, environment: ["NOTEZ_WARM": "off"])
        expect(automatic.stdout, equals: cold.stdout)
        expect(automatic.status, equals: cold.status)
        expect(!cold.stdout.contains("Work/"))
    }

    @Test("commands that change the vault, check and links --summary are never answered by the daemon")
    func changingCommandsRunCold() throws {
        let vault = try TempVault.example()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        // The cache counts a summary from its stored resolutions; the live index keeps none.
        let summary = try vault.run(["links", "--summary"])
        let alone = try vault.run(["links", "--summary"], environment: ["NOTEZ_WARM": "off"])
        expect(summary.stdout == alone.stdout && summary.stderr == alone.stderr && summary.status == alone.status)
        expect(summary.stdout.contains("links"))
        for args in [["check"], ["links", "--summary"], ["tag", "add", "scratch", "x"], ["tag", "rename", "ideas", "idea", "--dry-run"]] {
            let result = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
            expect(result.status, equals: 6, "\(args)")
        }
        // The refusal says why.
        let refused = try vault.run(["links", "--summary"], environment: ["NOTEZ_WARM": "require"])
        expect(refused.stderr.contains("the whole vault's summary is counted from the index cache"), "\(refused.stderr)")
        // A pin plans from the note the watch names, and the client writes it.
        let pinned = try vault.run(["pin", "scratch"], environment: ["NOTEZ_WARM": "require"])
        expect(pinned.status, equals: 0, "\(pinned.stderr)")
        let listed = try vault.run(["search", "is:pinned", "--paths"], environment: ["NOTEZ_WARM": "require"])
        expect(listed.stdout.contains("scratch.md"))
    }

    /// Starts `notez watch` on the vault and waits until its socket answers.
    private func startWatch(_ vault: TempVault) throws -> WatchProcess {
        let watch = try WatchProcess(["watch", "--quiet", "--vault", vault.path])
        for _ in 0..<100 {
            if try vault.run(["ls"], environment: ["NOTEZ_WARM": "require"]).status == 0 { return watch }
            usleep(50_000)
        }
        _ = watch.stop(SIGTERM)
        throw WarmTestFailure.daemonDidNotStart
    }

    private func compareAll(_ vault: TempVault, _ stage: String) throws {
        for args in WarmColdTests.commands {
            let warm = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
            let cold = try vault.run(args, environment: ["NOTEZ_WARM": "off"])
            expect(warm.status != 6, "\(stage) \(args): not answered warm: \(warm.stderr)")
            expect(warm.stdout, equals: cold.stdout, "\(stage) \(args): stdout differs")
            expect(warm.stderr, equals: cold.stderr, "\(stage) \(args): stderr differs")
            expect(warm.status, equals: cold.status, "\(stage) \(args): status differs")
        }
    }
}

enum WarmTestFailure: Error {
    case daemonDidNotStart
}
