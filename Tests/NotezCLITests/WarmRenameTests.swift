import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `rename` while `notez watch` runs: the watch names the notes the rename needs (`FocusSet`, after
/// the client took the vault lock), the client reads them and plans; the result is the cold
/// path's, byte for byte (`NOTEZ_WARM=require` proves the watch's set was used), and an edit saved
/// while the rename writes is kept, as on the cold path.
@Suite("rename with a running watch ≡ cold", .serialized)
struct WarmRenameTests {
    /// Runs `arguments` on `warm` (a watch runs on it) with `mode` and on `cold` without any
    /// daemon, and compares what they print and leave.
    static func both(_ warm: TempVault, _ cold: TempVault, _ arguments: [String], mode: String = "require", extra: [String: String] = [:])
        throws -> (CLIResult, CLIResult)
    {
        let a = try warm.run(arguments, environment: extra.merging(["NOTEZ_WARM": mode]) { $1 })
        let b = try cold.run(arguments, environment: extra.merging(["NOTEZ_WARM": "off"]) { $1 })
        expect(a.status != 6, "\(arguments): the watch's set was not used: \(a.stderr)")
        expect(a.stdout, equals: b.stdout, "\(arguments)")
        expect(a.stderr, equals: b.stderr, "\(arguments)")
        expect(a.status, equals: b.status, "\(arguments)")
        let (x, y) = (try warm.snapshot(), try cold.snapshot())
        expect(x.keys.filter { !$0.hasPrefix(".notez/") }.sorted(), equals: y.keys.filter { !$0.hasPrefix(".notez/") }.sorted(), "\(arguments)")
        for (path, bytes) in x where !path.hasPrefix(".notez/") { expect(y[path], equals: bytes, "\(arguments): \(path)") }
        return (a, b)
    }

    @Test("renames of linked notes, a dry run, a refusal, a note edited just before; undo gives every byte back")
    func renamesAsCold() throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        let original = try cold.snapshot()
        let watch = try Self.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        _ = try Self.both(warm, cold, ["rename", "API design notes", "API notes", "--dry-run"])
        _ = try Self.both(warm, cold, ["rename", "Work/Projects/Alpha/API design notes.md", "Interface notes"])
        _ = try Self.both(warm, cold, ["rename", "Team handbook", "Handbook"])
        // A name taken: refused, the same way.
        _ = try Self.both(warm, cold, ["rename", "Vendor comparison", "Open questions"])
        // Edited by another program just before (no pause): the cookie makes the watch see it.
        for vault in [warm, cold] {
            try vault.write("Reading/New page.md", "See [[Handbook]] and [bread](../Personal/Recipes/Sourdough%20bread.md).\n")
        }
        _ = try Self.both(warm, cold, ["rename", "Handbook", "Team guide"])
        _ = try Self.both(warm, cold, ["rename", "Sourdough bread", "Bread"])
        // An argument that names no note: the watch says so and the client runs cold, with the cold error.
        _ = try Self.both(warm, cold, ["rename", "No such note at all", "X"], mode: "auto")
        for _ in 0..<4 { _ = try Self.both(warm, cold, ["undo"], mode: "off") }
        for vault in [warm, cold] {
            try FileManager.default.removeItem(atPath: vault.path + "/Reading/New page.md")
            let back = try vault.snapshot()
            for (path, bytes) in original where !path.hasPrefix(".notez/") { expect(back[path], equals: bytes, "undo: \(path)") }
        }
    }

    /// An edit saved by another program between the plan and the write (the test switch plays it
    /// at the worst moment): the guarded write keeps it, as on the cold path.
    @Test(arguments: ["before-commit:inplace", "before-commit:rename"])
    func anEditBetweenPlanAndApplyIsKept(hook: String) throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        let watch = try Self.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        let (result, _) = try Self.both(warm, cold, ["rename", "Team handbook", "Handbook"], extra: ["NOTEZ_TEST_CONCURRENT_WRITE": hook])
        // The other program's save is never lost (the cold path's guard, unchanged)...
        let saved = try warm.snapshot().filter { String(decoding: $0.value, as: UTF8.self).hasSuffix("concurrent edit\n") }
        expect(saved.count, equals: 1)
        // ... and a link that could not be rewritten on its text is reported, never counted as done.
        for (path, bytes) in saved where String(decoding: bytes, as: UTF8.self).contains("[[Team handbook") {
            expect(result.status == 4 && result.stderr.contains("\(path): changed since notez read it"), "\(result.stderr)")
        }
        // The set was the watch's: a small part of the vault, proven fresh after the lock.
        let set = try warm.run(["_rename-focus", "Handbook", "Team guide", "--vault", warm.path], environment: ["NOTEZ_WARM": "require"])
        expect(set.status, equals: 0, "\(set.stderr)")
        expect(set.stdout.contains("\"notePath\":\"Work\\/Handbook.md\"") || set.stdout.contains("\"notePath\":\"Work/Handbook.md\""), "\(set.stdout)")
        expect(!set.stdout.contains("Zürich trip") && !set.stdout.contains("Z\\u00fcrich"), "\(set.stdout)")
    }

    /// Hostile: a note linking to the renamed note is a symlink to a file outside the vault
    /// (before the watch started, and added while it runs); `.git/` holds a note-like file with
    /// such a link. The same output as cold, and nothing outside the vault or in `.git/` written.
    @Test("symlinked notes and .git/ are never written through, with the watch as without")
    func symlinksAndGitAreLeftAlone() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "See [[Team handbook]].\n")
        try outside.write("later.md", "And [[Team handbook]] again.\n")
        let before = try outside.snapshot()
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        for vault in [warm, cold] {
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
            try vault.write(".git/notes.md", "[[Team handbook]]\n")
        }
        let watch = try Self.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        for vault in [warm, cold] {
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/Later.md", withDestinationPath: outside.path + "/later.md")
        }
        _ = try Self.both(warm, cold, ["rename", "Team handbook", "Handbook"])
        _ = try Self.both(warm, cold, ["rename", "Work/Linked.md", "Renamed link"])
        try expect(outside.snapshot(), equals: before)
        for vault in [warm, cold] {
            try expect(String(contentsOfFile: vault.path + "/.git/notes.md", encoding: .utf8), equals: "[[Team handbook]]\n")
            try expect(FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/Work/Linked.md"), equals: outside.path + "/secret.md")
        }
    }

    /// The watch proves a new name free without the client listing the folder; what another
    /// program made just before under that name in another case (a folder, a pipe: not notes the
    /// watch indexes) makes the rename refuse, as cold.
    @Test("a new name taken in another case by what is not a note, made just before, is refused as cold")
    func takenNamesAreSeen() throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        let watch = try Self.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        func focus() throws -> String {
            let set = try warm.run(["_rename-focus", "Team handbook", "Staff Guide", "--vault", warm.path], environment: ["NOTEZ_WARM": "require"])
            expect(set.status, equals: 0, "\(set.stderr)")
            return set.stdout
        }
        expect(try focus().contains("\"freeTargets\""), "the watch proved nothing free")
        for vault in [warm, cold] { try FileManager.default.createDirectory(atPath: vault.path + "/Work/staff guide.md", withIntermediateDirectories: false) }
        expect(!(try focus().contains("\"freeTargets\"")))
        let (refused, _) = try Self.both(warm, cold, ["rename", "Team handbook", "Staff Guide"])
        expect(refused.status != 0 && refused.stderr.contains("exists"), "\(refused.stderr)")
        for vault in [warm, cold] {
            try FileManager.default.removeItem(atPath: vault.path + "/Work/staff guide.md")
            expect(mkfifo(vault.path + "/Work/STAFF GUIDE.md", 0o600) == 0)
        }
        let (again, _) = try Self.both(warm, cold, ["rename", "Team handbook", "Staff Guide"])
        expect(again.status != 0 && again.stderr.contains("exists"), "\(again.stderr)")
        for vault in [warm, cold] { try FileManager.default.removeItem(atPath: vault.path + "/Work/STAFF GUIDE.md") }
        let (renamed, _) = try Self.both(warm, cold, ["rename", "Team handbook", "Staff Guide"])
        expect(renamed.status, equals: 0, "\(renamed.stderr)")
    }

    @Test("without a watch, NOTEZ_WARM=require refuses a rename (status 6) and changes nothing")
    func requireWithoutAWatch() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try vault.run(["rename", "Team handbook", "Handbook"], environment: ["NOTEZ_WARM": "require"])
        expect(result.status, equals: 6)
        expect(result.stderr.contains("NOTEZ_WARM=require"))
        let after = try vault.snapshot()
        for (path, bytes) in before where !path.hasPrefix(".notez/") { expect(after[path], equals: bytes, "\(path)") }
        // Asked directly without a watch, the internal command refuses rather than read the whole vault.
        try expect(vault.run(["_rename-focus", "Team handbook", "Handbook"], environment: ["NOTEZ_WARM": "off"]).status, equals: 2)
    }

    static func startWatch(_ vault: TempVault) throws -> WatchProcess {
        let watch = try WatchProcess(["watch", "--quiet", "--vault", vault.path])
        for _ in 0..<100 {
            if try vault.run(["ls"], environment: ["NOTEZ_WARM": "require"]).status == 0 { return watch }
            usleep(50_000)
        }
        _ = watch.stop(SIGTERM)
        throw WarmTestFailure.daemonDidNotStart
    }
}
