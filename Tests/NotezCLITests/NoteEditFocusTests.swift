import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// The edits of named notes (`pin`, `unpin`, `tag remove`, `set`) read only those notes: from the
/// index cache when it proves itself current, else from the notes a running `notez watch` names;
/// each does exactly what it does from the whole index (same stdout, stderr, status and bytes, and
/// an undo that gives every byte back).
@Suite("edits of named notes from the cache or a watch ≡ the whole index", .serialized)
struct NoteEditFocusTests {
    static let edits: [[String]] = [
        ["pin", "Team handbook", "--dry-run"],
        ["pin", "Team handbook", "Work/Quarterly goals.md", "Lentil soup"],
        ["pin", "Team handbook"],
        ["unpin", "Quarterly goals"],
        ["tag", "remove", "Lentil soup", "recipes", "no-such-tag"],
        ["set", "Work/Team handbook.md", "status=done", "owner=Dana"],
        ["set", "Team handbook", "owner="],
        // Names no single note: the whole index gives the error, the same way.
        ["pin", "No such note at all"],
        ["unpin", "Team handbook", "No such note at all"],
    ]

    @Test("pin, unpin, tag remove and set from the index cache, as without a cache")
    func fromTheCacheAsWithout() throws {
        let fresh: [[String]] = [["unpin", "New page"], ["tag", "remove", "New page", "recipes"], ["set", "Health log", "mood=good"]]
        try RenameFromCacheTests.compare(Self.edits + fresh) { vault in
            // Added and edited since the cache was written: read afresh.
            try vault.write("Reading/New page.md", "---\ntags: [recipes]\npinned: true\n---\nNew.\n")
            try vault.write("Personal/Health log.md", "---\ntitle: Health log\nmood: bad\n---\nEdited.\n")
        }
    }

    @Test("with a running watch, as cold; notes edited just before are seen")
    func withAWatchAsCold() throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        let original = try cold.snapshot()
        let watch = try WarmRenameTests.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        var changed = 0
        for arguments in Self.edits {
            let unknown = arguments.contains("No such note at all")
            let (result, _) = try WarmRenameTests.both(warm, cold, arguments, mode: unknown ? "auto" : "require")
            if result.status == 0, !arguments.contains("--dry-run") { changed += 1 }
        }
        for vault in [warm, cold] { try vault.write("Personal/Health log.md", "---\ntags: [health, log]\n---\nEdited just now.\n") }
        _ = try WarmRenameTests.both(warm, cold, ["tag", "remove", "Health log", "log"])
        _ = try WarmRenameTests.both(warm, cold, ["pin", "Health log"])
        // A note whose name starts with `-`, given after `--`: a note for the watch too.
        for vault in [warm, cold] { try vault.write("Reading/-draft.md", "Draft.\n") }
        _ = try WarmRenameTests.both(warm, cold, ["pin", "--", "-draft"])
        _ = try WarmRenameTests.both(warm, cold, ["rename", "--", "-draft", "Draft two"])
        changed += 4
        for _ in 0..<changed { _ = try WarmRenameTests.both(warm, cold, ["undo"], mode: "off") }
        for vault in [warm, cold] {
            let back = try vault.snapshot()
            try FileManager.default.removeItem(atPath: vault.path + "/Reading/-draft.md")
            for (path, bytes) in original where !path.hasPrefix(".notez/") && path != "Personal/Health log.md" {
                expect(back[path], equals: bytes, "undo: \(path)")
            }
        }
        // Asked directly without a watch, the internal command refuses rather than read the whole vault.
        try expect(cold.run(["_note-focus", "Team handbook"], environment: ["NOTEZ_WARM": "off"]).status, equals: 2)
    }

    /// Hostile: a symlinked note pointing outside the vault, notes named outside the vault or in
    /// `.git/`: refused as from the whole index; nothing outside the vault or in `.git/` is written.
    @Test("symlinked notes, notes outside the vault and in .git/ are never written, from the cache and with a watch")
    func symlinksAndGitAreLeftAlone() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "---\ntags: [secret]\n---\nSecret.\n")
        let before = try outside.snapshot()
        let hostile: [[String]] = [
            ["pin", "Work/Linked.md"],
            ["tag", "remove", "Work/Linked.md", "secret"],
            ["pin", outside.path + "/secret.md"],
            ["pin", "../secret.md"],
            ["unpin", ".git/notes.md"],
        ]
        var gits: [TempVault] = []
        try RenameFromCacheTests.compare(hostile) { vault in
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
            try vault.write(".git/notes.md", "---\npinned: true\n---\n")
            gits.append(vault)
        }
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        for vault in [warm, cold] {
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
            try vault.write(".git/notes.md", "---\npinned: true\n---\n")
            gits.append(vault)
        }
        let watch = try WarmRenameTests.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        for arguments in hostile { _ = try WarmRenameTests.both(warm, cold, arguments, mode: "auto") }
        // Asked directly for notes outside the vault or in `.git/`, the watch names none.
        for note in [outside.path + "/secret.md", "../secret.md", ".git/notes.md"] {
            let asked = try warm.run(["_note-focus", "--", note], environment: ["NOTEZ_WARM": "require"])
            expect(asked.status != 0 && asked.stdout.isEmpty, "\(note): \(asked.stdout)")
        }
        // `set` refuses to read the symlinked note, naming its absolute path (each vault's own).
        for vault in [warm, cold] {
            let refused = try vault.run(["set", "Work/Linked.md", "status=done"], environment: ["NOTEZ_WARM": vault === warm ? "auto" : "off"])
            expect(refused.status != 0 && refused.stderr.contains("Work/Linked.md: a symbolic link"), "\(refused.stderr)")
        }
        try expect(outside.snapshot(), equals: before)
        for vault in gits {
            try expect(String(contentsOfFile: vault.path + "/.git/notes.md", encoding: .utf8), equals: "---\npinned: true\n---\n")
            try expect(FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/Work/Linked.md"), equals: outside.path + "/secret.md")
        }
    }
}
