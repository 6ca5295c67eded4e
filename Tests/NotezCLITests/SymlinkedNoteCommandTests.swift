import Foundation
import NotezTestSupport
import Testing

/// One rule for a note that is a symbolic link, on the command line as in the web UI and MCP: it is
/// listed by its file name and never read (it may point outside the vault: `ln -s /etc/passwd`).
@Suite struct SymlinkedNoteCommandTests {
    @Test func aLinkedFileIsNeverReadOnlyListed() throws {
        let vault = try TempVault()
        try vault.write("a.md", "hello\n")
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        let secret = outside.appendingPathComponent("secret.txt")
        try Data("---\ntags: [leak]\n---\nzebra secret words\n".utf8).write(to: secret)
        try FileManager.default.createDirectory(at: vault.url.appendingPathComponent("Att"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Att/passwd.md", withDestinationPath: secret.path)
        let outsideBefore = try Data(contentsOf: secret)
        let before = try vault.snapshot()

        for arguments in [["search", "zebra"], ["search", "tag:leak"], ["ls", "-r"], ["ls", "-r", "--json"], ["tag", "list"], ["overview", "--json"]] {
            let result = try vault.run(arguments)
            expect(!result.stdout.contains("zebra") && !result.stdout.contains("secret words") && !result.stdout.contains("leak"), "\(arguments)")
        }
        try expect(vault.run(["search", "zebra"]).status, equals: 1)
        expect(try vault.run(["ls", "-r", "--paths"]).stdout.contains("Att/passwd.md"))
        let show = try vault.run(["show", "Att/passwd"])
        expect(show.status == 3 && !show.stdout.contains("zebra"))
        expect(show.stderr.contains("a symbolic link; notez never reads a note through a link"))
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(check.stdout.contains("Att/passwd.md"))
        let export = try vault.run(["export"])
        expect(!export.stdout.contains("zebra"))

        // Nothing was written, inside the vault (`.git/` included) or outside it.
        try expect(vault.snapshot(), equals: before)
        try expect(Data(contentsOf: secret), equals: outsideBefore)
    }

    /// `search` answered from the index cache (graph terms, folders, titles) leaves symlinked notes
    /// out as the full index does: same stdout, stderr and status with the cache and without it.
    /// One link points outside the vault, one at a note inside; neither is listed, and nothing
    /// outside the vault or in `.git/` changes.
    @Test func searchFromTheCacheLeavesSymlinkedNotesOutAsTheFullIndexDoes() throws {
        let vault = try TempVault()
        try vault.write("a.md", "hello [[b]]\n")
        try vault.write("b.md", "# b\n")
        try vault.write("c.md", "lonely\n")
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        let secret = outside.appendingPathComponent("secret.md")
        try Data("---\ntitle: Leaked title\ntags: [leak]\n---\nzebra [[a]] [[b]]\n".utf8).write(to: secret)
        try FileManager.default.createDirectory(at: vault.url.appendingPathComponent("Att"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Att/passwd.md", withDestinationPath: secret.path)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Att/inside.md", withDestinationPath: "../c.md")
        try ScratchFolder.age(vault.path)
        let cacheHome = try TempVault()
        let cached = ["XDG_CACHE_HOME": cacheHome.path]
        // Written by the first run, proven current (and used) by the next ones.
        _ = try vault.run(["ls"], environment: cached)
        _ = try vault.run(["ls"], environment: cached)
        let outsideBefore = HostileVault.files(in: outside)
        let before = try vault.snapshot()
        for query in ["is:orphan", "is:hub", "folder:Att", "title:passwd", "title:inside", "is:orphan OR is:hub"] {
            for arguments in [["search", query, "--paths"], ["search", query], ["search", query, "--json"], ["search", query, "--count"]] {
                let fromCache = try vault.run(arguments, environment: cached)
                let full = try vault.run(arguments, environment: CachedQueryTests.noCache)
                expect(fromCache.stdout == full.stdout && fromCache.stderr == full.stderr && fromCache.status == full.status, "\(arguments)")
                for leak in ["Att/", "passwd", "Leaked", "zebra", "leak\""] {
                    expect(!fromCache.stdout.contains(leak), "\(arguments): \(fromCache.stdout)")
                }
            }
        }
        // The graph flags with hostile NOTE values: a symlinked note (its links are never read), paths
        // out of the vault, `.git`: no note or a usage error, never a byte read or written there.
        let secretName = "../" + outside.lastPathComponent + "/secret"
        for flags in [
            ["--linked-by", "Att/passwd"], ["--links-to", "Att/passwd"], ["--links-to", secretName], ["--linked-by", secret.path],
            ["--links-to", ".git/HEAD"], ["--linked-by", "Att/inside", "--orphan"],
        ] {
            let fromCache = try vault.run(["search"] + flags + ["--paths"], environment: cached)
            let full = try vault.run(["search"] + flags + ["--paths"], environment: CachedQueryTests.noCache)
            expect(fromCache.stdout == full.stdout && fromCache.status == full.status, "\(flags)")
            expect(fromCache.status != 0 && fromCache.stdout.isEmpty, "\(flags): \(fromCache.stdout)")
        }
        let orphans = try vault.run(["search", "is:orphan", "--paths"], environment: cached)
        expect(orphans.status == 0 && orphans.stdout == "c.md\n", "\(orphans.stdout)")
        expect(orphans.stderr.contains("Att/passwd.md: symlinked note; left out"), "\(orphans.stderr)")
        expect(orphans.stderr.contains("Att/inside.md: symlinked note; left out"), "\(orphans.stderr)")
        try expect(vault.run(["search", "folder:Att", "--paths"], environment: cached).status, equals: 1)
        // Nothing was written: in the vault (`.git/` included) or outside it.
        try expect(vault.snapshot(), equals: before)
        expect(HostileVault.files(in: outside), equals: outsideBefore)
    }
}
