import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `mv` while `notez watch` runs: the watch names the notes the move needs (`FocusSet`, after the
/// client took the vault lock), the client reads them and plans; the result is the cold path's,
/// byte for byte (`NOTEZ_WARM=require` proves the watch's set was used). What the set cannot plan
/// (a folder given by name or to create, a numbered name, attachments that may move) is planned
/// cold, with the cold result; `require` then says so (status 6) and changes nothing.
@Suite("mv with a running watch ≡ cold", .serialized)
struct WarmMoveTests {
    @Test("moves of linked notes, a dry run, several notes, the root, a note edited just before; undo gives every byte back")
    func movesAsCold() throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        let original = try cold.snapshot()
        let watch = try WarmRenameTests.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        _ = try WarmRenameTests.both(warm, cold, ["mv", "API design notes", "Personal", "--dry-run"])
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Work/Projects/Alpha/API design notes.md", "Personal"])
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Team handbook", "Sourdough bread", "Archive/2023"])
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Vendor comparison", "Work/Projects/Beta"])
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Packing list", "/"])
        // Already there: a message, no step.
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Packing list", "/"])
        // Edited by another program just before (no pause): the cookie makes the watch see it.
        for vault in [warm, cold] {
            try vault.write("Reading/New page.md", "See [[Team handbook]] and [bread](../Archive/2023/Sourdough%20bread.md).\n")
        }
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Team handbook", "Sourdough bread", "Work"])
        // A note whose name starts with `-`, given after `--`: a note for the watch too.
        for vault in [warm, cold] { try vault.write("Reading/-draft.md", "Draft of [[Team handbook]].\n") }
        _ = try WarmRenameTests.both(warm, cold, ["mv", "--", "-draft", "Personal"])
        for _ in 0..<6 { _ = try WarmRenameTests.both(warm, cold, ["undo"], mode: "off") }
        for vault in [warm, cold] {
            try FileManager.default.removeItem(atPath: vault.path + "/Reading/New page.md")
            try FileManager.default.removeItem(atPath: vault.path + "/Reading/-draft.md")
            let back = try vault.snapshot()
            for (path, bytes) in original where !path.hasPrefix(".notez/") { expect(back[path], equals: bytes, "undo: \(path)") }
        }
    }

    /// What the set cannot plan runs cold with the cold result (`auto`); with `require` it fails
    /// with status 6 and changes nothing.
    @Test("an unknown note, a folder to create or given by name, a numbered name, attachments: planned cold")
    func plannedColdWhereTheSetCannot() throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        for vault in [warm, cold] {
            try vault.write("Personal/Team handbook.md", "A different handbook; see [[Team handbook]].\n")
            try vault.write("Work/Projects/Alpha/attachments/diagram.png", "png")
            try vault.write("Work/Projects/Alpha/Diagram notes.md", "![[diagram.png]]\n")
            // A settings file that cannot be read: warned about once, whichever way plans.
            try vault.write(".notez/folders.yaml", "colors: [unclosed\n")
        }
        let watch = try WarmRenameTests.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        let cases: [[String]] = [
            ["mv", "No such note at all", "Personal"],
            ["mv", "Lentil soup", "Work/New/Deeper", "--create"],
            ["mv", "Work/Team handbook.md", "Personal"],
            ["mv", "Diagram notes", "Personal"],
        ]
        for arguments in cases {
            let before = try warm.snapshot()
            let required = try warm.run(arguments, environment: ["NOTEZ_WARM": "require"])
            expect(required.status, equals: 6, "\(arguments): \(required.stdout) \(required.stderr)")
            expect(required.stderr.contains("NOTEZ_WARM=require"), "\(required.stderr)")
            let after = try warm.snapshot()
            for (path, bytes) in before where !path.hasPrefix(".notez/") { expect(after[path], equals: bytes, "\(arguments): \(path)") }
            expect(after.keys.filter { !$0.hasPrefix(".notez/") }.count, equals: before.keys.filter { !$0.hasPrefix(".notez/") }.count)
            let (result, _) = try WarmRenameTests.both(warm, cold, arguments, mode: "auto")
            if arguments[1] != "No such note at all" { expect(result.status, equals: 0, "\(arguments): \(result.stderr)") }
            expect(result.stderr.components(separatedBy: ".notez/folders.yaml").count, equals: 2, "\(arguments): \(result.stderr)")
        }
        // The numbered note and the moved attachment, as cold.
        expect(FileManager.default.fileExists(atPath: warm.path + "/Personal/Team handbook 2.md"))
        expect(FileManager.default.fileExists(atPath: warm.path + "/Personal/attachments/diagram.png"))
    }

    /// Hostile: a note linking to the moved note is a symlink to a file outside the vault (before
    /// the watch started, and added while it runs), a symlinked note is named to move, and `.git/`
    /// holds a note-like file with such a link. The same output as cold; nothing outside the vault
    /// or in `.git/` is written.
    @Test("symlinked notes and .git/ are never written through, with the watch as without")
    func symlinksAndGitAreLeftAlone() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "See [[Team handbook]] and [t](Work/Team%20handbook.md).\n")
        try outside.write("later.md", "And [[Team handbook]] and [t](Work/Team%20handbook.md) again.\n")
        let before = try outside.snapshot()
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        for vault in [warm, cold] {
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
            try vault.write(".git/notes.md", "[[Team handbook]] [t](../Work/Team%20handbook.md)\n")
        }
        let watch = try WarmRenameTests.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        for vault in [warm, cold] {
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/Later.md", withDestinationPath: outside.path + "/later.md")
        }
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Team handbook", "Personal"])
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Work/Linked.md", "Personal"])
        // Notes named outside the vault or in `.git/`: the watch refuses to name a set, and the
        // client refuses as cold.
        for hostile in [outside.path + "/secret.md", "../" + URL(fileURLWithPath: outside.path).lastPathComponent + "/later.md", ".git/notes.md"] {
            let asked = try warm.run(["_move-focus", hostile, "--vault", warm.path], environment: ["NOTEZ_WARM": "require"])
            expect(asked.status != 0 && asked.stdout.isEmpty, "\(hostile): \(asked.stdout)")
            let (refused, _) = try WarmRenameTests.both(warm, cold, ["mv", hostile, "Personal"], mode: "auto")
            expect(refused.status != 0, "\(hostile): \(refused.stdout)")
        }
        try expect(outside.snapshot(), equals: before)
        for vault in [warm, cold] {
            try expect(String(contentsOfFile: vault.path + "/.git/notes.md", encoding: .utf8), equals: "[[Team handbook]] [t](../Work/Team%20handbook.md)\n")
            try expect(FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/Work/Linked.md"), equals: outside.path + "/secret.md")
        }
    }

    /// The watch proves a destination free without the client listing the target folder; what
    /// another program made just before under that name in another case (a folder, a pipe: not
    /// notes the watch indexes) numbers the moved note, as cold.
    @Test("a destination taken in another case by what is not a note, made just before, is numbered as cold")
    func takenNamesAreSeen() throws {
        let warm = try TempVault.example()
        let cold = try TempVault.example()
        let watch = try WarmRenameTests.startWatch(warm)
        defer { _ = watch.stop(SIGTERM) }
        func focus() throws -> String {
            let set = try warm.run(["_move-focus", "Team handbook", "--to=Personal", "--vault", warm.path], environment: ["NOTEZ_WARM": "require"])
            expect(set.status, equals: 0, "\(set.stderr)")
            return set.stdout
        }
        expect(try focus().contains("\"freeTargets\""), "the watch proved nothing free")
        for vault in [warm, cold] { try FileManager.default.createDirectory(atPath: vault.path + "/Personal/team HANDBOOK.md", withIntermediateDirectories: false) }
        expect(!(try focus().contains("\"freeTargets\"")))
        let (numbered, _) = try WarmRenameTests.both(warm, cold, ["mv", "Team handbook", "Personal"], mode: "auto")
        expect(numbered.status == 0 && numbered.stdout.contains("Team handbook 2.md"), "\(numbered.stdout)")
        _ = try WarmRenameTests.both(warm, cold, ["undo"], mode: "off")
        for vault in [warm, cold] {
            try FileManager.default.removeItem(atPath: vault.path + "/Personal/team HANDBOOK.md")
            expect(mkfifo(vault.path + "/Personal/TEAM HANDBOOK.md", 0o600) == 0)
        }
        let (again, _) = try WarmRenameTests.both(warm, cold, ["mv", "Team handbook", "Personal"], mode: "auto")
        expect(again.status == 0 && again.stdout.contains("Team handbook 2.md"), "\(again.stdout)")
        _ = try WarmRenameTests.both(warm, cold, ["undo"], mode: "off")
        for vault in [warm, cold] { try FileManager.default.removeItem(atPath: vault.path + "/Personal/TEAM HANDBOOK.md") }
        expect(try focus().contains("\"freeTargets\""))
        let (moved, _) = try WarmRenameTests.both(warm, cold, ["mv", "Team handbook", "Personal"])
        expect(moved.status == 0 && moved.stdout.contains("Personal/Team handbook.md"), "\(moved.stdout)")
        // To the root, given as `/`.
        let root = try warm.run(["_move-focus", "Packing list", "--to=/", "--vault", warm.path], environment: ["NOTEZ_WARM": "require"])
        expect(root.stdout.contains("\"freeTargets\":[\"Packing list.md\"]"), "\(root.stdout) \(root.stderr)")
        _ = try WarmRenameTests.both(warm, cold, ["mv", "Packing list", "/"])
    }

    @Test("without a watch, NOTEZ_WARM=require refuses a move (status 6); the internal command refuses cold")
    func requireWithoutAWatch() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try vault.run(["mv", "Team handbook", "Personal"], environment: ["NOTEZ_WARM": "require"])
        expect(result.status, equals: 6)
        expect(result.stderr.contains("NOTEZ_WARM=require"))
        let after = try vault.snapshot()
        for (path, bytes) in before where !path.hasPrefix(".notez/") { expect(after[path], equals: bytes, "\(path)") }
        try expect(vault.run(["_move-focus", "Team handbook"], environment: ["NOTEZ_WARM": "off"]).status, equals: 2)
    }
}
