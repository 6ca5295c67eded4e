import Foundation
import Testing
import NotezTestSupport

/// `notez sync` and `notez merge-driver` in real git repositories: two clones change the same note.
@Suite struct SyncCommandTests {
    @Test func tagsChangedOnTheSameLineMergeCleanlyWithBothChanges() throws {
        let git = try GitVaults()
        git.expectOK(try git.notez(git.a, ["tag", "add", "Plan", "alpha"]))
        git.expectOK(try git.sync(git.a))
        git.expectOK(try git.notez(git.b, ["tag", "remove", "Plan", "idea"]))
        git.expectOK(try git.notez(git.b, ["tag", "add", "Plan", "beta"]))
        let synced = try git.sync(git.b)
        git.expectOK(synced)
        expect(synced.stdout.contains("committed: notez: 2 operations"))
        expect(synced.stdout.contains("pulled: 1 change in the vault\n~ Plan.md\n"))
        expect(synced.stdout.contains("pushed: 1 commit"))
        expect(synced.stderr.contains("merge-driver: Plan.md: tags: changed on both sides; merged as sets"))
        let expected = "---\ntitle: Plan\ntags: [work, alpha, beta]\nmodified: 2024-01-01\n---\nline 1\nline 2\nline 3\n"
        expect(git.text(git.b, "Plan.md"), equals: expected)
        // The other clone gets the same bytes.
        git.expectOK(try git.sync(git.a))
        expect(git.text(git.a, "Plan.md"), equals: expected)
        expect(try git.shell("git status --porcelain", in: "a").stdout.isEmpty)
    }

    @Test(arguments: [("local", "From B"), ("remote", "From A")])
    func aTitleChangedOnBothSidesFollowsThePolicy(prefer: String, winner: String) throws {
        let git = try GitVaults(prefer: prefer)
        try git.a.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "title: Plan", with: "title: From A"))
        git.expectOK(try git.sync(git.a))
        try git.b.write(
            "Plan.md",
            GitVaults.plan.replacingOccurrences(of: "title: Plan", with: "title: From B").replacingOccurrences(of: "line 3", with: "line 3 (b)"))
        let synced = try git.sync(git.b)
        git.expectOK(synced)
        let loser = prefer == "local" ? "remote" : "local"
        let dropped = prefer == "local" ? "From A" : "From B"
        expect(synced.stderr.contains("title: changed on both sides; kept \(prefer), dropped \(loser) '\(dropped)'"))
        expect(
            git.text(git.b, "Plan.md"), equals: GitVaults.plan.replacingOccurrences(of: "title: Plan", with: "title: \(winner)")
                .replacingOccurrences(of: "line 3", with: "line 3 (b)"))
    }

    @Test func aBodyConflictLeavesMarkersOnlyInTheBody() throws {
        let git = try GitVaults()
        try git.a.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "line 2", with: "line 2 from A"))
        git.expectOK(try git.notez(git.a, ["tag", "add", "Plan", "x"]))
        git.expectOK(try git.sync(git.a))
        try git.b.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "line 2", with: "line 2 from B"))
        git.expectOK(try git.notez(git.b, ["tag", "add", "Plan", "y"]))
        let synced = try git.sync(git.b)
        expect(synced.status, equals: 3, "\(synced.stderr)")
        expect(synced.stdout.contains("conflict: Plan.md"))
        expect(synced.stderr.contains("conflicts left as markers in the body"))
        let text = try #require(git.text(git.b, "Plan.md"))
        expect(
            text, equals: """
                ---
                title: Plan
                tags: [work, idea, x, "y"]
                modified: 2024-01-01
                ---
                line 1
                <<<<<<< remote
                line 2 from A
                =======
                line 2 from B
                >>>>>>> local
                line 3

                """)
        // A second sync while the rebase waits is refused, and says what to do.
        let again = try git.sync(git.b)
        expect(again.status, equals: 4)
        expect(again.stderr.contains("a rebase is in progress"))
    }

    @Test func aNoteDeletedOnOneSideAndRetaggedOnTheOtherIsKept() throws {
        let git = try GitVaults()
        git.expectOK(try git.notez(git.a, ["rm", "Plan"]))
        git.expectOK(try git.sync(git.a))
        expect(git.text(git.a, "Plan.md") == nil)
        git.expectOK(try git.notez(git.b, ["tag", "add", "Plan", "keep"]))
        let synced = try git.sync(git.b)
        git.expectOK(synced)
        expect(synced.stderr.contains("Plan.md: deleted on one side and changed on the other; the changed note was kept"))
        let kept = GitVaults.plan.replacingOccurrences(of: "[work, idea]", with: "[work, idea, keep]")
        expect(git.text(git.b, "Plan.md"), equals: kept)
        git.expectOK(try git.sync(git.a))
        expect(git.text(git.a, "Plan.md"), equals: kept)
    }

    @Test func notezOperationsAreCommittedWithDescriptiveMessages() throws {
        let git = try GitVaults(extra: ["Other.md": "---\ntags: [idea]\n---\nx\n"])
        git.expectOK(try git.notez(git.a, ["tag", "merge", "idea", "--into", "ideas", "--yes"]))
        try git.a.write("Hand edit.md", "typed in an editor\n")
        let dry = try git.sync(git.a, ["--dry-run"])
        git.expectOK(dry)
        expect(dry.stdout.contains("would commit: notez: tag merge idea --into ideas (2 files)"))
        expect(try git.shell("git status --porcelain", in: "a").stdout.contains("Hand edit.md"))
        let synced = try git.sync(git.a)
        git.expectOK(synced)
        let log = try git.shell("git log --format=%B -n 2", in: "a").stdout
        expect(log.contains("notez: tag merge idea --into ideas (2 files)"))
        expect(log.contains("notez sync: 1 changed file\n\nHand edit.md"))
        // What arrives in the other clone is reported.
        let pulled = try git.sync(git.b)
        git.expectOK(pulled)
        expect(pulled.stdout.contains("+ Hand edit.md"))
        expect(pulled.stdout.contains("~ Other.md"))
    }

    @Test func refusesOutsideGitAndNeverWritesThroughSymlinks() throws {
        let plain = try TempVault.example()
        let result = try plain.run(["sync"], environment: GitVaults.environment)
        expect(result.status, equals: 2)
        expect(result.stderr.contains("not in a git repository"))

        let git = try GitVaults()
        let outside = try HostileVault.outsideFolder(of: git.a)
        defer { try? FileManager.default.removeItem(at: outside) }
        // .gitattributes planted as a symlink to a file outside the vault.
        try FileManager.default.removeItem(atPath: git.a.path + "/.gitattributes")
        try FileManager.default.createSymbolicLink(
            atPath: git.a.path + "/.gitattributes", withDestinationPath: outside.appendingPathComponent("keep.txt").path)
        let setup = try git.sync(git.a, ["--setup"])
        expect(setup.status, equals: 4, "\(setup.stderr)")
        expect(HostileVault.files(in: outside)["keep.txt"], equals: Data("outside\n".utf8))

        // The driver never writes its result through a symlink.
        try git.a.write("base.md", "a\n")
        try git.a.write("theirs.md", "c\n")
        try FileManager.default.createSymbolicLink(
            atPath: git.a.path + "/ours.md", withDestinationPath: outside.appendingPathComponent("keep.txt").path)
        let driver = try CLIRunner.run(["merge-driver", "base.md", "ours.md", "theirs.md"], in: git.a.url, environment: GitVaults.environment)
        expect(driver.status, equals: 3, "\(driver.stderr)")
        expect(HostileVault.files(in: outside)["keep.txt"], equals: Data("outside\n".utf8))
    }
}
