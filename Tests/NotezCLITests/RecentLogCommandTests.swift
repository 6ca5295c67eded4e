import Foundation
import Testing
import NotezTestSupport

/// `notez recent` and `notez log`, with real git and without it.
@Suite struct RecentLogCommandTests {
    static let git = GitVaults.environment

    func shell(_ line: String, in vault: TempVault) throws {
        let result = try CLIRunner.runShell(line, in: vault.url, environment: Self.git)
        expect(result.status, equals: 0, "\(line): \(result.stderr)")
    }

    func rows(_ text: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [[String: Any]]
    }

    @Test func withoutGitRecentGoesByModifiedAndLogSaysWhy() throws {
        let vault = try TempVault()
        try vault.write("Old.md", "---\nmodified: 2020-01-01\n---\nold\n")
        try vault.write("New.md", "---\nmodified: 2024-05-01\n---\nnew\n")
        let result = try vault.run(["recent"], environment: Self.git)
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stdout, equals: "2024-05-01  New.md\n2020-01-01  Old.md\n")
        let json = try rows(try vault.run(["recent", "--json", "-n", "1"], environment: Self.git).stdout)
        expect(json.count == 1 && json[0]["source"] as? String == "modified" && json[0]["commit"] is NSNull)
        let log = try vault.run(["log", "New"], environment: Self.git)
        expect(log.status == 2 && log.stdout.isEmpty && log.stderr.contains("not in a git work tree"))
        try expect(vault.run(["recent", "--by", "git"], environment: Self.git).status, equals: 2)
    }

    @Test func byGitUncommittedFirstThenCommitsAndLogFollowsRenames() throws {
        let vault = try TempVault()
        try shell("git init -q -b main", in: vault)
        try vault.write("First name.md", "one\n")
        try vault.write("Other.md", "other\n")
        try shell("git add -A && git commit -qm 'add notes'", in: vault)
        try shell("git mv 'First name.md' Renamed.md && echo two >> Renamed.md && git commit -qam 'rename it'", in: vault)
        try vault.write("Other.md", "changed\n")
        let recent = try rows(try vault.run(["recent", "--json"], environment: Self.git).stdout)
        expect(recent.map { $0["path"] as? String }, equals: ["Other.md", "Renamed.md"])
        expect(recent.map { $0["source"] as? String }, equals: ["uncommitted", "commit"])
        expect((recent[1]["commit"] as? [String: Any])?["subject"] as? String == "rename it")
        let byTime = try vault.run(["recent", "--by", "modified", "--json"], environment: Self.git)
        expect(try rows(byTime.stdout).allSatisfy { $0["source"] as? String == "modified" })
        let log = try vault.run(["log", "Renamed"], environment: Self.git)
        expect(log.status, equals: 0, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n")
        expect(lines.count, equals: 2)
        expect(lines[0].hasSuffix("notez test: rename it  (renamed from First name.md)"))
        expect(lines[1].hasSuffix("notez test: add notes"))
        let json = try rows(try vault.run(["log", "Renamed", "--json", "-n", "1"], environment: Self.git).stdout)
        expect(json.count == 1 && ((json[0]["changes"] as? [[String: Any]])?.first?["from"] as? String) == "First name.md")
        try vault.write("Fresh.md", "never committed\n")
        let fresh = try vault.run(["log", "Fresh"], environment: Self.git)
        expect(fresh.status == 1 && fresh.stdout.isEmpty)
    }

    @Test func hostileNamesAndGitConfigRunNothingAndWriteNothing() throws {
        let vault = try TempVault()
        let outside = try TempVault()
        try shell("git init -q -b main", in: vault)
        // Names that would be options or pathspec magic if they reached git unguarded.
        try vault.write("--output=pwned.md", "dash\n")
        try vault.write(":(glob)*.md", "magic\n")
        try vault.write("plain.md", "plain\n")
        try shell("git add -A && git commit -qm 'hostile names'", in: vault)
        // The vault's own git config asks to run programs: a monitor on every status, a pager, an external diff.
        let marker = outside.path + "/ran"
        try vault.write("hook.sh", "#!/bin/sh\ntouch '\(marker)'\n")
        try shell("chmod +x hook.sh && git config core.fsmonitor \"$PWD/hook.sh\" && git config core.pager \"$PWD/hook.sh\" && git config diff.external \"$PWD/hook.sh\"", in: vault)
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let dashed = try CLIRunner.run(["log", "--json", "--vault", vault.path, "--", "--output=pwned.md"], environment: Self.git)
        expect(dashed.status, equals: 0, "\(dashed.stderr)")
        try expect(rows(dashed.stdout).count, equals: 1)
        let magic = try vault.run(["log", ":(glob)*.md"], environment: Self.git)
        expect(magic.status == 0 && magic.stdout.split(separator: "\n").count == 1, "\(magic.stderr)")
        let recent = try vault.run(["recent", "--json"], environment: Self.git)
        expect(recent.status, equals: 0, "\(recent.stderr)")
        expect(!FileManager.default.fileExists(atPath: marker))
        expect(!FileManager.default.fileExists(atPath: vault.path + "/pwned.md"))
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/cache/") }, equals: before.filter { !$0.key.hasPrefix(".notez/cache/") })
        try expect(outside.snapshot(), equals: outsideBefore)
    }
}
