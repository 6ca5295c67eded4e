import Foundation
import NotezTestSupport
import Testing

/// `rename` with a current index cache plans from it (`LinkFocus`, only the notes it touches are
/// read) and does exactly what it does without a cache: same stdout, stderr, status, the same
/// bytes in every file, and an undo that gives every byte back; also when notes changed since the
/// cache was written or added since.
@Suite("rename from the index cache ≡ without a cache")
struct RenameFromCacheTests {
    /// Runs the same commands on two copies of the vault, one with a cache written before (every
    /// note aged, so the cache keeps it), one with none, after `prepare` changed both.
    /// `setUp` changes both copies before the cache is written.
    static func compare(
        _ renames: [[String]], setUp: (TempVault) throws -> Void = { _ in }, prepare: (TempVault) throws -> Void = { _ in }
    ) throws {
        let cached = try TempVault.example()
        let plain = try TempVault.example()
        try setUp(cached)
        try setUp(plain)
        let cacheHome = try TempVault()
        let withCache = ["XDG_CACHE_HOME": cacheHome.path]
        try CachedQueryTests.age(cached)
        _ = try cached.run(["ls"], environment: withCache)
        expect(FileManager.default.enumerator(atPath: cacheHome.path)?.contains { ($0 as? String)?.hasSuffix("index-v1.bin") == true } == true)
        try prepare(cached)
        try prepare(plain)
        let original = try plain.snapshot()
        /// Runs one command on both copies and compares everything it printed and left; true
        /// when it changed a file (a partial rename, status 3, changes some).
        func both(_ arguments: [String]) throws -> Bool {
            let earlier = try cached.snapshot(skipping: [".notez/journal.jsonl"]).filter { !$0.key.hasPrefix(".notez/") }
            let a = try cached.run(arguments, environment: withCache)
            let b = try plain.run(arguments, environment: CachedQueryTests.noCache)
            expect(a.stdout, equals: b.stdout, "\(arguments)")
            expect(a.stderr, equals: b.stderr, "\(arguments)")
            expect(a.status, equals: b.status, "\(arguments)")
            let (x, y) = (try cached.snapshot(skipping: [".notez/journal.jsonl"]), try plain.snapshot(skipping: [".notez/journal.jsonl"]))
            expect(x.keys.sorted(), equals: y.keys.sorted(), "\(arguments)")
            for (path, bytes) in x where !path.hasPrefix(".notez/") { expect(y[path], equals: bytes, "\(arguments): \(path)") }
            return x.filter { !$0.key.hasPrefix(".notez/") } != earlier
        }
        var changed = 0
        for arguments in renames {
            if try both(arguments) { changed += 1 }
        }
        // Undone newest first, every byte comes back.
        for _ in 0..<changed { expect(try both(["undo"])) }
        let back = try cached.snapshot()
        for (path, bytes) in original where !path.hasPrefix(".notez/") { expect(back[path], equals: bytes, "undo: \(path)") }
    }

    @Test("renames of linked notes, a dry run, a refusal and a title only")
    func renamesAsWithoutACache() throws {
        try RenameFromCacheTests.compare([
            ["rename", "API design notes", "API notes", "--dry-run"],
            ["rename", "Work/Projects/Alpha/API design notes.md", "Interface notes"],
            ["rename", "Team handbook", "Handbook"],
            ["rename", "Vendor comparison", "Open questions"],
            ["rename", "Packing list", ""],
        ])
    }

    @Test("notes edited since the cache was written (a new link, a new alias) are read again")
    func changedNotesAsWithoutACache() throws {
        try RenameFromCacheTests.compare([["rename", "Team handbook", "Handbook"], ["rename", "Sourdough bread", "Bread"]]) { vault in
            let file = vault.url.appendingPathComponent("Reading/Reading list 2025.md")
            var text = try String(contentsOf: file, encoding: .utf8)
            text += "\nAlso [[Team handbook|the handbook]] and [bread](../Personal/Recipes/Sourdough%20bread.md).\n"
            try vault.write("Reading/Reading list 2025.md", text)
            try vault.write("Personal/Recipes/Lentil soup.md", "---\naliases: [Bread]\n---\nNo more links.\n")
        }
    }

    /// Hostile: a note that links to the renamed note is a symlink to a file outside the vault,
    /// in the cache and added after it; a `.git/` folder holds a note-like file with such a link.
    /// Nothing outside the vault or in `.git/` is written, with or without the cache.
    @Test("symlinked notes and .git/ are never written through, with the cache as without")
    func symlinksAndGitAreLeftAlone() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "See [[Team handbook]].\n")
        try outside.write("later.md", "And [[Team handbook]] again.\n")
        let before = try outside.snapshot()
        var gits: [TempVault] = []
        try RenameFromCacheTests.compare(
            [["rename", "Team handbook", "Handbook"]],
            setUp: { vault in
                try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
                try vault.write(".git/notes.md", "[[Team handbook]]\n")
                gits.append(vault)
            },
            prepare: { vault in
                try FileManager.default.createSymbolicLink(atPath: vault.path + "/Later.md", withDestinationPath: outside.path + "/later.md")
            })
        try expect(outside.snapshot(), equals: before)
        expect(gits.count, equals: 2)
        for vault in gits {
            try expect(String(contentsOfFile: vault.path + "/.git/notes.md", encoding: .utf8), equals: "[[Team handbook]]\n")
            try expect(FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/Work/Linked.md"), equals: outside.path + "/secret.md")
        }
    }

    @Test("a note added since the cache was written is read with the ones that changed")
    func addedNoteAsWithoutACache() throws {
        try RenameFromCacheTests.compare([["rename", "Team handbook", "Handbook"]]) { vault in
            try vault.write("Work/New page.md", "See [[Team handbook]] and [[Handbook]].\n")
        }
    }
}
