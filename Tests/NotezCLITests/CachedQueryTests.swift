import Foundation
import NotezTestSupport
import Testing

/// A query answered from the memory-mapped index cache (every note unchanged since the cache was
/// written) prints exactly what the full index prints: same stdout, stderr and status.
@Suite("cached queries ≡ full index")
struct CachedQueryTests {
    /// Where a notez run can keep no cache at all (a folder under a file cannot be made), so
    /// every run builds the full index.
    static let noCache = ["XDG_CACHE_HOME": "/dev/null/no-cache"]

    @Test("ExampleVault: every read command of the warm/cold suite, then after edits")
    func exampleVault() throws {
        let vault = try TempVault.example()
        try compareAll(vault, "initial")
        try vault.write("fresh note.md", "---\ntags: [fresh, work, Work/Sub]\npinned: yes\n---\nfresh words\n")
        try vault.write("Personal/Recipes/Lentil soup.md", "---\ntags: [fresh]\n---\n# Lentil soup\nchanged\n")
        try FileManager.default.removeItem(at: vault.url.appendingPathComponent("scratch.md"))
        try vault.write(".notez/tags.yaml", "tags:\n  - name: FRESH\n    color: red\n")
        try compareAll(vault, "after edits")
    }

    @Test("a note changed after the cache was written is seen at once")
    func changedNoteIsSeen() throws {
        let vault = try TempVault.example()
        try CachedQueryTests.age(vault)
        _ = try vault.run(["ls"])
        let before = try vault.run(["search", "tag:brandnew", "--paths"])
        expect(before.status, equals: 1)
        try vault.write("Work/Team handbook.md", "---\ntags: [brandnew]\n---\nbody\n")
        let after = try vault.run(["search", "tag:brandnew", "--paths"])
        expect(after.status, equals: 0)
        expect(after.stdout, equals: "Work/Team handbook.md\n")
    }

    /// An edit is read at once, but a note changed within the cache's racy window is not stored:
    /// the cache file stays as it was (no rewrite of every entry for it) until the note is old
    /// enough, when one rewrite stores it.
    @Test("an edit too recent to store is seen and leaves the cache file as it was")
    func recentEditKeepsTheCacheFile() throws {
        let vault = try TempVault.example()
        let cacheHome = try TempVault()
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        try CachedQueryTests.age(vault)
        _ = try vault.run(["ls"], environment: environment)
        let files = try #require(FileManager.default.enumerator(atPath: cacheHome.path)).compactMap { $0 as? String }
        let cacheFile = cacheHome.path + "/" + (try #require(files.first { $0.hasSuffix("/index-v1.bin") }))
        func identity() throws -> (Data, Int) {
            (try Data(contentsOf: URL(fileURLWithPath: cacheFile)),
             try #require(FileManager.default.attributesOfItem(atPath: cacheFile)[.systemFileNumber] as? Int))
        }
        let before = try identity()
        try vault.write("Work/Team handbook.md", "---\ntags: [brandnew]\n---\nbody\n")
        for _ in 0..<2 {
            let found = try vault.run(["search", "tag:brandnew", "--paths"], environment: environment)
            expect(found.stdout, equals: "Work/Team handbook.md\n")
            expect(found.status, equals: 0)
            let now = try identity()
            expect(now.0 == before.0 && now.1 == before.1)
        }
        try CachedQueryTests.age(vault)
        try expect(vault.run(["search", "tag:brandnew", "--paths"], environment: environment).stdout, equals: "Work/Team handbook.md\n")
        expect(try identity().0 != before.0)
        try expect(vault.run(["search", "tag:brandnew", "--paths"], environment: environment).stdout, equals: "Work/Team handbook.md\n")
    }

    /// `show` over the cached view names only notes the index holds: a path out of the vault
    /// (`..`, absolute, through a symlinked folder) is no note, and nothing is read or written there.
    @Test("show over the cached view refuses paths out of the vault")
    func showRefusesPathsOutOfTheVault() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntags: [secret]\n---\nzqxjk\n")
        let vault = try TempVault.example()
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked", withDestinationPath: outside.path)
        try CachedQueryTests.age(vault)
        _ = try vault.run(["ls"])
        let before = try outside.snapshot()
        for argument in ["../\(outside.url.lastPathComponent)/secret.md", outside.path + "/secret.md", "Linked/secret.md", "Linked/secret"] {
            let shown = try vault.run(["show", argument])
            expect(shown.status, equals: 2, "\(argument)")
            expect(shown.stdout.isEmpty)
            expect(!shown.stderr.contains("zqxjk"))
        }
        try expect(outside.snapshot(), equals: before)
    }

    /// A note copied in by a sync tool that then sets the folder's mtime back (`rsync -t`) is
    /// still seen: the folder's ctime changed.
    @Test("a note added with its folder's mtime set back is seen")
    func noteAddedBehindRestoredFolderTimeIsSeen() throws {
        let vault = try TempVault.example()
        try CachedQueryTests.age(vault)
        _ = try vault.run(["ls"])
        _ = try vault.run(["search", "tag:brandnew", "--paths"])
        try expect(vault.run(["search", "tag:brandnew", "--paths"]).status, equals: 1)
        let folder = vault.url.appendingPathComponent("Work").path
        let folderTime = try FileManager.default.attributesOfItem(atPath: folder)[.modificationDate] as! Date
        try vault.write("Work/synced.md", "---\ntags: [brandnew]\n---\nbody\n")
        try FileManager.default.setAttributes([.modificationDate: folderTime], ofItemAtPath: folder)
        let after = try vault.run(["search", "tag:brandnew", "--paths"])
        expect(after.stdout, equals: "Work/synced.md\n")
        expect(after.status, equals: 0)
    }

    /// Ages every file past the cache's racy window, runs a command that writes the cache, then
    /// runs each command with the cache and without one.
    private func compareAll(_ vault: TempVault, _ stage: String) throws {
        try CachedQueryTests.age(vault)
        _ = try vault.run(["ls"])
        for args in WarmColdTests.commands + CachedQueryTests.extraQueries {
            let cached = try vault.run(args)
            let full = try vault.run(args, environment: CachedQueryTests.noCache)
            expect(cached.stdout, equals: full.stdout, "\(stage) \(args): stdout differs")
            expect(cached.stderr, equals: full.stderr, "\(stage) \(args): stderr differs")
            expect(cached.status, equals: full.status, "\(stage) \(args): status differs")
        }
    }

    /// Queries that exercise each field the cache answers from.
    static let extraQueries: [[String]] = [
        ["search", "tag:work", "--json"], ["search", "tag:WORK"], ["search", "tag:project", "--paths"],
        ["search", "folder:work", "--count"], ["search", "folder:Personal/Recipes", "--paths"], ["search", "in:unsorted"],
        ["search", "is:pinned"], ["search", "-is:pinned", "--limit", "3"], ["search", "created:<2024-06-01", "--paths"],
        ["search", "modified:>2024-01-01", "--sort", "title"], ["search", "title:soup"], ["search", "soup", "--json"],
        ["search", "tag:fresh OR tag:recipe", "--reverse"], ["search", "tag:nothing-like-this"], ["search", "prop:status=done"],
        ["search", "prop:rating>=4", "--paths"], ["search", "prop:created<2024-03-01 OR prop:rating=5.0", "--json"],
        ["ls", "-r", "--limit", "2"], ["ls", "-r", "--unsorted"], ["ls", "-r", "--paths", "--print0"], ["search", "tag:work", "--limit", "1"],
        ["trash", "list"], ["tag", "history"],
        // `show` resolves over the cached view: path without `.md`, title, file name, alias, case-insensitive path.
        ["show", "Work/Quarterly goals"], ["show", "LENTIL SOUP", "--json"], ["show", "Team handbook"], ["show", "import api"],
        ["show", "work/team handbook.md"], ["show", "./Phone numbers.md"],
    ]

    /// Sets every file's and folder's modification time an hour back, so the cache may hold every
    /// note and the walk's folder stamps are trusted (`walk-v1.bin`: later runs list no folder).
    static func age(_ vault: TempVault) throws { try ScratchFolder.age(vault.url.path) }
}
