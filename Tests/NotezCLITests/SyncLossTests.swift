import Foundation
import Testing
import NotezTestSupport

/// Sync and the merge driver lose nothing (issue 26, findings 9 and 10), with real git.
@Suite struct SyncLossTests {
    /// Finding 10: both sides added a different trailing comment to the same unchanged key; the
    /// driver kept the local one, dropped the remote one and exited 0.
    @Test func commentsAddedOnBothSidesAreNeverDroppedSilently() throws {
        let git = try GitVaults()
        try git.a.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "title: Plan", with: "title: Plan # from A"))
        git.expectOK(try git.sync(git.a))
        try git.b.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "title: Plan", with: "title: Plan # from B"))
        let synced = try git.sync(git.b)
        expect(!synced.stderr.contains("dropped"), "\(synced.stderr)")
        let text = try #require(git.text(git.b, "Plan.md"))
        // Both comments are still there (as a conflict to resolve), and the exit says so.
        expect(text.contains("# from A") && text.contains("# from B"), "\(text)")
        expect(synced.status, equals: 3, "\(synced.stdout) \(synced.stderr)")
        expect(synced.stdout.contains("conflict: Plan.md"))
    }

    @Test func theDriverConflictsOnAFormattingOnlyChangeAgainstAValueChange() throws {
        let git = try GitVaults()
        try git.a.write("base.md", "---\nstatus: draft\n---\nx\n")
        try git.a.write("ours.md", "---\nstatus: draft # keep as draft\n---\nx\n")
        try git.a.write("theirs.md", "---\nstatus: done\n---\nx\n")
        let driver = try CLIRunner.run(["merge-driver", "base.md", "ours.md", "theirs.md"], in: git.a.url, environment: GitVaults.environment)
        expect(driver.status, equals: 1, "\(driver.stderr)")
        let text = try #require(git.text(git.a, "ours.md"))
        expect(text.contains("# keep as draft") && text.contains("status: done"), "\(text)")
    }

    /// Finding 9: a note with a NUL byte, edited on different lines in both clones: sync said the
    /// conflicts were left as markers, the file had only the other side's edit, and following the
    /// printed instructions dropped the local commit.
    @Test func aBinaryNoteIsLeftToGitWithATruthfulMessage() throws {
        let binary = "---\ntitle: Bin\n---\nline 1\nline 2\0\nline 3\n"
        let git = try GitVaults(extra: ["Bin.md": binary])
        git.expectOK(try git.sync(git.b))
        try git.a.write("Bin.md", binary.replacingOccurrences(of: "line 1", with: "line 1 from A"))
        git.expectOK(try git.sync(git.a))
        try git.b.write("Bin.md", binary.replacingOccurrences(of: "line 3", with: "line 3 from B"))
        let synced = try git.sync(git.b)
        expect(synced.status, equals: 3, "\(synced.stderr)")
        expect(synced.stdout.contains("conflict: Bin.md (binary: holds a NUL byte; no markers)"), "\(synced.stdout)")
        expect(!synced.stderr.contains("left as markers"), "\(synced.stderr)")
        expect(synced.stderr.contains("git checkout --theirs -- 'Bin.md'"), "\(synced.stderr)")
        // The local edit is still there, where the message says: the rebase's "theirs".
        try git.shell("git checkout --theirs -- Bin.md", in: "b")
        expect(git.text(git.b, "Bin.md")?.contains("line 3 from B") == true)
        // And the local commit is kept whatever the user then does: abort restores it.
        try git.shell("git rebase --abort", in: "b")
        expect(git.text(git.b, "Bin.md")?.contains("line 3 from B") == true)
        expect(try git.shell("git log --format=%s -1", in: "b").stdout.contains("notez sync"))
    }

    /// Finding 13: a kill during sync's pull left a rebase that `git rebase --continue` could not
    /// finish. The state a kill leaves is made here without a kill: a rebase stopped in the middle
    /// (a driver that fails) and the marker the killed sync left. `notez sync` undoes that rebase
    /// and pulls again; without the marker the rebase is the user's and is never touched.
    @Test func aSyncKilledDuringItsPullIsRecoveredByTheNextSync() throws {
        let git = try GitVaults()
        try git.a.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "line 1", with: "line 1 from A"))
        git.expectOK(try git.sync(git.a))
        try git.b.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "line 3", with: "line 3 from B"))
        try git.shell("git add -A && git commit -qm 'local edit'", in: "b")
        let driver = try git.shell("git config merge.notez.driver", in: "b").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try git.shell("git config merge.notez.driver false && git pull -q --rebase || true", in: "b")
        try git.shell("git config merge.notez.driver " + "'" + driver.replacingOccurrences(of: "'", with: "'\\''") + "'", in: "b")
        expect(FileManager.default.fileExists(atPath: git.b.path + "/.git/rebase-merge"), "a rebase is in progress")
        let before = try git.b.snapshot()
        // Without the marker: the user's rebase, refused and untouched.
        let refused = try git.sync(git.b)
        expect(refused.status, equals: 4, "\(refused.stderr)")
        try expect(git.b.snapshot(), equals: before)
        // With the marker a killed sync leaves: undone and pulled again, both edits kept.
        try git.b.write(".notez/sync-pull.lock", "pid 1\n")
        let synced = try git.sync(git.b)
        git.expectOK(synced)
        expect(synced.stderr.contains("its unfinished rebase was undone"), "\(synced.stderr)")
        let text = git.text(git.b, "Plan.md") ?? ""
        expect(text.contains("line 1 from A") && text.contains("line 3 from B"), "\(text)")
        expect(!FileManager.default.fileExists(atPath: git.b.path + "/.git/rebase-merge"))
        expect(!FileManager.default.fileExists(atPath: git.b.path + "/.notez/sync-pull.lock"))
        expect(try git.shell("git status --porcelain", in: "b").stdout.isEmpty)
    }

    /// The same with a real kill: the whole session of `notez sync` (notez, git, the merge
    /// driver) is killed with SIGKILL while the driver runs, leaving the rebase, git's index lock
    /// and its `.merge_file_*` temporaries; the next sync recovers and commits none of them.
    @Test func aRealKillDuringThePullIsRecovered() throws {
        let git = try GitVaults()
        try git.a.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "line 1", with: "line 1 from A"))
        git.expectOK(try git.sync(git.a))
        try git.b.write("Plan.md", GitVaults.plan.replacingOccurrences(of: "line 3", with: "line 3 from B"))
        let driver = try git.shell("git config merge.notez.driver", in: "b").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try git.shell(
            "git config merge.notez.driver \(quoted("sleep 3; " + driver)) && "
                + "(setsid \(quoted(CLIRunner.binary.path)) --vault . sync >/dev/null 2>&1 & echo $! > ../pid) && sleep 1.5 && "
                + "pkill -9 -s \"$(cat ../pid)\"; sleep 0.3; git config merge.notez.driver \(quoted(driver))",
            in: "b")
        expect(FileManager.default.fileExists(atPath: git.b.path + "/.git/rebase-merge"), "the kill left a rebase")
        let synced = try git.sync(git.b)
        git.expectOK(synced)
        expect(synced.stderr.contains("its unfinished rebase was undone"), "\(synced.stderr)")
        let text = git.text(git.b, "Plan.md") ?? ""
        expect(text.contains("line 1 from A") && text.contains("line 3 from B"), "\(text)")
        expect(try git.shell("git status --porcelain --untracked-files=all", in: "b").stdout.isEmpty)
        expect(try !git.shell("git log --stat --format=", in: "b").stdout.contains(".merge_file_"))
    }
}
