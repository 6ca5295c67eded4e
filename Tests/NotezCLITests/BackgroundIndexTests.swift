import Foundation
import NotezTestSupport
import Testing

/// A first run on a large vault answers before the index cache is written (`notez index` runs in
/// the background after it), and `notez index` brings the cache up to date on demand.
@Suite("the cache written after the answer, and notez index")
struct BackgroundIndexTests {
    /// Notes in the large vault: above the number of notes to read from which the write is deferred (1,000).
    static let noteCount = 1_100

    /// A vault of `noteCount` notes, every other one tagged `even` (front matter) and every third
    /// one `#third` (inline), aged past the cache's racy window; with a `.git/` folder and a note
    /// symlinked from a folder outside the vault.
    static func largeVault(outside: TempVault) throws -> TempVault {
        let vault = try TempVault()
        for number in 0..<noteCount {
            let tags = number % 2 == 0 ? "tags: [even]\n" : ""
            let inline = number % 3 == 0 ? " #third" : ""
            try vault.write(String(format: "Notes/n%04d.md", number), "---\n\(tags)---\nnote \(number)\(inline) [[n0000]]\n")
        }
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try vault.write(".git/config", "[core]\n")
        try outside.write("secret.md", "---\ntags: [even]\n---\nsecret words\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked.md", withDestinationPath: outside.path + "/secret.md")
        try ScratchFolder.age(vault.path)
        return vault
    }

    /// The cache file under `cacheHome`, once a refresh has written it (polled; nil after 120 s).
    static func waitForCacheFile(_ cacheHome: TempVault) -> String? { waitForCacheFile(cacheHome.path) }

    /// The cache file under the folder `cacheHome`, once written (polled; nil after 120 s).
    static func waitForCacheFile(_ cacheHome: String) -> String? {
        for _ in 0..<1_200 {
            if let files = FileManager.default.enumerator(atPath: cacheHome)?.compactMap({ $0 as? String }),
                let file = files.first(where: { $0.hasSuffix("/index-v1.bin") })
            {
                return cacheHome + "/" + file
            }
            usleep(100_000)
        }
        return nil
    }

    @Test("a first run on a large vault answers, then the cache is written in the background, nothing in the vault")
    func firstRunRefreshesAfterTheAnswer() throws {
        let outside = try TempVault()
        let vault = try BackgroundIndexTests.largeVault(outside: outside)
        let cacheHome = try TempVault()
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        let vaultBefore = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let full = try vault.run(["search", "tag:even OR tag:third", "--count"], environment: CachedQueryTests.noCache)
        expect(full.stdout, equals: "733\n")

        let first = try vault.run(["search", "tag:even OR tag:third", "--count"], environment: environment)
        expect(first.stdout, equals: full.stdout)
        expect(first.stderr, equals: full.stderr)
        expect(first.status, equals: 0)
        // The refresh wrote the cache; `notez index` then finds every note unchanged.
        expect(BackgroundIndexTests.waitForCacheFile(cacheHome) != nil)
        let index = try vault.run(["index"], environment: environment)
        // The symlinked note is read (never written through): one note more.
        let indexed = BackgroundIndexTests.noteCount + 1
        expect(index.stdout, equals: "indexed \(indexed) notes (0 read, \(indexed) unchanged)\n")
        expect(index.status, equals: 0)
        // The next run answers from the cache, with the same output.
        let second = try vault.run(["search", "tag:even OR tag:third", "--count"], environment: environment)
        expect(second.stdout, equals: full.stdout)
        expect(second.stderr, equals: full.stderr)
        let rows = try vault.run(["search", "tag:third", "--paths"], environment: environment)
        expect(rows.stdout, equals: (try vault.run(["search", "tag:third", "--paths"], environment: CachedQueryTests.noCache)).stdout)

        try expect(vault.snapshot(), equals: vaultBefore)
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    @Test("a first run answers as a cached run on random vaults: --count, --paths, rows and --json", arguments: [UInt64(5)])
    func firstRunAnswersAsACachedRun(seed: UInt64) throws {
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntags: [work]\n---\nsecret #idea\n")
        let vault = try TempVault()
        var generator = SeededGenerator(seed: seed)
        let tags = ["Work", "work", "work/Alpha", "zürich", "Zürich", "e\u{301}", "é", "idea"]
        let folders = ["", "Work", "Work/Deep", "Ärchiv", "Cafe\u{301}"]
        for number in 0..<(noteCountAboveThreshold + Int(seed)) {
            let folder = folders.randomElement(using: &generator)!
            let own = (0..<Int.random(in: 0...2, using: &generator)).map { _ in "\"\(tags.randomElement(using: &generator)!)\"" }
            let inline = Bool.random(using: &generator) ? " #\(tags.randomElement(using: &generator)!)" : ""
            let pinned = number % 11 == 0 ? "pinned: true\n" : ""
            let long = number % 13 == 0 ? String(repeating: "filler words here\n", count: 300) : ""
            let name = ["n\(number).md", "Ünï \(number).MD", "x\(number).markdown"][number % 3]
            try vault.write(
                folder.isEmpty ? name : folder + "/" + name,
                "---\ntags: [\(own.joined(separator: ", "))]\n\(pinned)modified: 2024-0\(1 + number % 9)-1\(number % 10)\n---\n\(long)body \(number)\(inline)\n")
        }
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
        try ScratchFolder.age(vault.path)
        let vaultBefore = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let cacheHome = try TempVault()
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        try expect(vault.run(["index"], environment: environment).status, equals: 0)
        // `--count` and `--paths` read only the notes a tag or folder term may match (`NoteScreen`).
        for query in ["tag:work OR tag:zürich", "tag:idea -folder:Work", "folder:Work", "folder:Deep tag:WORK/alpha", "in:unsorted -tag:idea"] {
            for format in [["--count"], ["--paths"], [], ["--json"]] {
                let arguments = ["search", query] + format
                // Without a usable cache every run is a first run (the cache write deferred).
                let first = try vault.run(arguments, environment: CachedQueryTests.noCache)
                let cached = try vault.run(arguments, environment: environment)
                expect(first.status, equals: 0)
                expect(first.stdout, equals: cached.stdout, "\(arguments)")
                expect(first.stderr, equals: cached.stderr, "\(arguments)")
                expect(!first.stdout.isEmpty)
            }
        }
        // Commands that print no snippet, whose first run makes none, and `ls` with and without them.
        let others = [
            ["overview"], ["overview", "--json"], ["tag", "list"], ["tag", "list", "--json"], ["folder", "tree", "--json"],
            ["ls", "-r"], ["ls", "-r", "--paths"], ["ls", "-r", "--no-snippets"], ["ls", "Work", "--json"], ["ls", "Work", "--no-snippets"],
        ]
        for arguments in others {
            let first = try vault.run(arguments, environment: CachedQueryTests.noCache)
            let cached = try vault.run(arguments, environment: environment)
            expect(first.status, equals: 0, "\(arguments)")
            expect(first.stdout, equals: cached.stdout, "\(arguments)")
            expect(first.stderr, equals: cached.stderr, "\(arguments)")
            expect(!first.stdout.isEmpty, "\(arguments)")
        }
        try expect(vault.snapshot(), equals: vaultBefore)
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    /// Notes in a random vault: just above the deferral threshold.
    private var noteCountAboveThreshold: Int { 1_010 }

    @Test("notez index reads what changed, says so, and writes only its cache folder")
    func indexCommand() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntags: [x]\n---\nsecret\n")
        let vault = try TempVault.example()
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked.md", withDestinationPath: outside.path + "/secret.md")
        try vault.write(".notez/config.yaml", "ignore: [\"../\", \"/etc\"]\n")
        try ScratchFolder.age(vault.path)
        let cacheHome = try TempVault()
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        let vaultBefore = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let overview = try vault.run(["overview", "--json"], environment: CachedQueryTests.noCache).stdout
        let notes = try #require((try JSONSerialization.jsonObject(with: Data(overview.utf8)) as? [String: Any])?["notes"] as? Int)

        let first = try vault.run(["index"], environment: environment)
        expect(first.stdout, equals: "indexed \(notes) notes (\(notes) read, 0 unchanged)\n")
        expect(first.status, equals: 0)
        let again = try vault.run(["index"], environment: environment)
        expect(again.stdout, equals: "indexed \(notes) notes (0 read, \(notes) unchanged)\n")
        try vault.write("Work/Team handbook.md", "---\ntags: [changed]\n---\nchanged\n")
        // Older than the cache's racy window, so it is stored; the other notes keep their stamps.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -600)], ofItemAtPath: vault.path + "/Work/Team handbook.md")
        let changed = try vault.run(["index"], environment: environment)
        expect(changed.stdout, equals: "indexed \(notes) notes (1 read, \(notes - 1) unchanged)\n")
        // Only the cache folder was written: the vault (apart from the edit above) and the outside are as they were.
        var expected = vaultBefore
        expected["Work/Team handbook.md"] = Data("---\ntags: [changed]\n---\nchanged\n".utf8)
        try expect(vault.snapshot(), equals: expected)
        try expect(outside.snapshot(), equals: outsideBefore)

        let refused = try vault.run(["index"], environment: CachedQueryTests.noCache)
        expect(refused.status, equals: 3)
        expect(refused.stdout.isEmpty)
        expect(refused.stderr.contains("cache"))
    }

    @Test("a watch whose full-text search finds no index cache starts a refresh, and answers as cold")
    func aWatchRefreshesAMissingCache() throws {
        let outside = try TempVault()
        let vault = try BackgroundIndexTests.largeVault(outside: outside)
        // Short: the watch's socket lives below it, and a Unix socket's path is at most 107 bytes.
        let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("nzc-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let environment = ["XDG_CACHE_HOME": cacheHome]
        let vaultBefore = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let cold = try vault.run(["search", "note 7", "--paths"], environment: CachedQueryTests.noCache)
        expect(cold.status, equals: 0)
        let watch = try WatchProcess(["watch", "--quiet", "--vault", vault.path], environment: environment)
        defer { _ = watch.stop(SIGTERM) }
        // The watch reads 1,100 notes before it answers: up to a minute while the other tests run.
        var warm: CLIResult?
        for _ in 0..<600 where warm?.status != 0 {
            warm = try vault.run(["search", "note 7", "--paths"], environment: environment.merging(["NOTEZ_WARM": "require"]) { $1 })
            if warm?.status != 0 { usleep(100_000) }
        }
        expect(warm?.status == 0, "\(warm?.stderr ?? "")")
        expect(warm?.stdout == cold.stdout)
        // No cache for the daemon's signatures: it started `notez index`, which wrote one.
        expect(BackgroundIndexTests.waitForCacheFile(cacheHome) != nil)
        let again = try vault.run(["search", "note 7", "--paths"], environment: environment.merging(["NOTEZ_WARM": "require"]) { $1 })
        expect(again.stdout, equals: cold.stdout)
        // Nothing written in the vault, its `.git/`, or through its symlink to the folder outside.
        try expect(vault.snapshot(), equals: vaultBefore)
        try expect(outside.snapshot(), equals: outsideBefore)
        expect(again.status, equals: 0)
    }
}
