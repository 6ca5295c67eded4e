import Foundation
import Testing
import NotezTestSupport

/// Attacks on the write path (rules 5–8 of docs/safety.md): a second writer, an edit saved while
/// notez writes, failures that must be reported truthfully, and degenerate input of every size.
@Suite struct HostileWriteTests {
    static let note = "---\ntags: [a]\n---\nbody\n"

    static func vaultWithNote() throws -> TempVault {
        let vault = try TempVault()
        try vault.write(".notez/config.yaml", "snippets: true\n")
        try vault.write("n.md", note)
        try vault.write("other.md", "---\ntags: [a]\n---\nother\n")
        return vault
    }

    @Test func aSecondWriterWaitsThenGivesUpClearly() throws {
        let vault = try Self.vaultWithNote()
        let lock = try HostileVault.HeldLock(vault)
        let before = try vault.snapshot()
        let busy = try Mutation.run(vault, ["tag", "add", "n", "b"], environment: ["NOTEZ_LOCK_WAIT": "0.3"])
        expect(busy.status, equals: 5)
        expect(busy.stderr.contains("another notez process is changing this vault"))
        try expect(vault.snapshot(), equals: before)
        // Reading is never blocked by a writer.
        try expect(Mutation.run(vault, ["ls"]).status, equals: 0)
        lock.release()
        try expect(Mutation.run(vault, ["tag", "add", "n", "b"]).status, equals: 0)
    }

    @Test func anOpenEditorDoesNotHoldTheLock() throws {
        let vault = try Self.vaultWithNote()
        // The "editor" runs another notez command that changes the vault, then saves the note.
        let script = vault.path + "-editor.sh"
        try """
            #!/bin/sh
            '\(CLIRunner.binary.path)' --vault '\(vault.path)' pin other > '\(vault.path)-nested.txt' 2>&1 || exit 7
            printf 'more\\n' >> "$1"
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let result = try Mutation.run(vault, ["edit", "n"], environment: ["EDITOR": script, "VISUAL": "", "NOTEZ_LOCK_WAIT": "1"])
        expect(result.status, equals: 0, "\(result.stderr) \((try? String(contentsOfFile: vault.path + "-nested.txt", encoding: .utf8)) ?? "")")
        let after = try vault.snapshot()
        expect(Mutation.text(after["other.md"])?.contains("pinned: true") == true)
        expect(Mutation.text(after["n.md"])?.hasSuffix("body\nmore\n") == true)
    }

    @Test func twoUndosOfTheSameRecordUndoItOnce() throws {
        let vault = try Self.vaultWithNote()
        let add = try Mutation.run(vault, ["tag", "add", "n", "b", "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [String: Any])?["journal"] as? String)
        let results = ResultBox()
        nonisolated(unsafe) let shared = vault
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            results.append(try? Mutation.run(shared, ["undo", id]))
        }
        let statuses = results.values.map { $0?.status ?? -1 }.sorted()
        expect(statuses.first == 0 && statuses.last != 0, "\(results.values.map { $0?.stderr ?? "" })")
        expect(results.values.contains { $0?.stderr.contains("already undone") == true || $0?.status == 5 })
        expect(Mutation.text(try vault.snapshot()["n.md"]), equals: Self.note)
    }

    @Test(arguments: ["before-commit:inplace", "before-commit:sametime", "before-commit:rename", "after-commit:inplace"])
    func anEditSavedWhileNotezWritesIsKept(hook: String) throws {
        let vault = try Self.vaultWithNote()
        let result = try Mutation.run(vault, ["tag", "add", "n", "b"], environment: ["NOTEZ_TEST_CONCURRENT_WRITE": hook])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stderr.contains("n.md changed since notez read it; the change was kept and the edit applied to it"))
        let text = try #require(Mutation.text(try vault.snapshot()["n.md"]))
        let concurrent = hook.hasSuffix("sametime") ? "---\ntags: [a, b]\n---\nbZZZ\n" : "---\ntags: [a, b]\n---\nbody\nconcurrent edit\n"
        expect(text, equals: concurrent)
        expect(!(try vault.snapshot()).keys.contains { $0.contains(".notez-tmp-") })
    }

    /// Large operations commit in batches (one file system sync per batch): the guard holds there too.
    @Test(arguments: ["before-commit:inplace", "before-commit:sametime", "before-commit:rename", "after-commit:inplace"])
    func anEditSavedDuringABatchedRenameIsKept(hook: String) throws {
        let vault = try TempVault()
        for i in 0..<40 { try vault.write("n\(i).md", "---\ntags: [a]\n---\nbody \(i)\n") }
        let result = try Mutation.run(vault, ["tag", "rename", "a", "z"], environment: ["NOTEZ_TEST_CONCURRENT_WRITE": hook])
        expect(result.status, equals: 0, "\(result.stderr)")
        let after = try vault.snapshot()
        let changed = after.filter { $0.key.hasSuffix(".md") && Mutation.text($0.value)?.hasPrefix("---\ntags: [z]\n---\n") != true }
        expect(changed.isEmpty, "\(changed.keys.sorted())")
        let kept = after.values.filter {
            let text = Mutation.text($0) ?? ""
            return text.hasSuffix("concurrent edit\n") || text.hasSuffix("ZZZ\n")
        }
        expect(kept.count, equals: 1)
        expect(result.stderr.contains("changed since notez read it; the change was kept"))
    }

    /// A link rewrite is known only as the whole text before and after: on a note another program
    /// saved at that moment it cannot be made again. The other program's text is kept, the note is
    /// named as left as it is, and the status says not everything was changed; before, the rename
    /// counted the link as rewritten and exited 0 with the link broken.
    @Test(arguments: ["before-commit:inplace", "before-commit:rename"])
    func aLinkRewriteOnANoteSavedMeanwhileIsReportedNotLost(hook: String) throws {
        let vault = try TempVault()
        let linking = "See [[target]] first.\n"
        try vault.write("target.md", "# Target\n")
        try vault.write("n.md", linking)
        let result = try Mutation.run(vault, ["rename", "target", "goal"], environment: ["NOTEZ_TEST_CONCURRENT_WRITE": hook])
        expect(result.status, equals: 4, "\(result.stderr)")
        expect(result.stderr.contains("n.md: changed since notez read it; the change was kept and this file left as it is"), "\(result.stderr)")
        let after = try vault.snapshot()
        expect(Mutation.text(after["n.md"]), equals: linking + "concurrent edit\n")
        expect(after["goal.md"] != nil && after["target.md"] == nil)
    }

    @Test func undoKeepsAnEditSavedWhileItWrites() throws {
        let vault = try Self.vaultWithNote()
        try expect(Mutation.run(vault, ["tag", "add", "n", "b"]).status, equals: 0)
        let undo = try Mutation.run(vault, ["undo"], environment: ["NOTEZ_TEST_CONCURRENT_WRITE": "before-commit:rename"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        expect(Mutation.text(try vault.snapshot()["n.md"]), equals: "---\ntags: [a]\n---\nbody\nconcurrent edit\n")
    }

    @Test(.enabled(if: getuid() == 0, "chattr +i needs root (CI runs as root)"))
    func aPermissionFailureIsRolledBackAndReported() throws {
        let vault = try Self.vaultWithNote()
        let before = Mutation.withoutDerivedState(try vault.snapshot())
        _ = try CLIRunner.runShell("chattr +i n.md", in: vault.url)
        defer { _ = try? CLIRunner.runShell("chattr -i n.md", in: vault.url) }
        let result = try Mutation.run(vault, ["tag", "rename", "a", "z"])
        expect(result.status, equals: 3)
        // All or nothing (docs/safety.md, rule 9): what was applied before the failure is undone.
        expect(result.stderr.contains("n.md: Operation not permitted; nothing was changed"), "\(result.stderr)")
        expect(result.stdout.isEmpty)
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: before)
    }

    @Test(.enabled(if: HostileVault.canMountTmpfs, "needs root to mount a small tmpfs (CI runs as root)"))
    func aFullDiskIsReportedAndChangesNothing() throws {
        let mount = FileManager.default.temporaryDirectory.appendingPathComponent("notez-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        try expect(CLIRunner.runShell("mount -t tmpfs -o size=256k tmpfs '\(mount.path)'").status, equals: 0)
        defer {
            _ = try? CLIRunner.runShell("umount '\(mount.path)'")
            try? FileManager.default.removeItem(at: mount)
        }
        let big = "---\ntags: [a]\n---\n" + String(repeating: "a long line of text in a big note\n", count: 2500)
        try Data(big.utf8).write(to: mount.appendingPathComponent("big.md"))
        try Data("x".utf8).write(to: mount.appendingPathComponent("small.md"))
        // Fill the rest, leaving room for the journal but not for a second copy of the big note.
        _ = try CLIRunner.runShell("dd if=/dev/zero of=filler bs=4k count=1000 2>/dev/null; rm -f filler; dd if=/dev/zero of=filler bs=4k count=$(( $(stat -f -c %a .) - 6 )) 2>/dev/null", in: mount)
        let vault = TempVault(existing: mount)
        let result = try Mutation.run(vault, ["tag", "add", "big", "b"])
        expect(result.status, equals: 3, "\(result.stderr)")
        expect(result.stderr.contains("No space left on device"))
        expect(result.stderr.contains("nothing was changed"))
        expect(FileManager.default.contents(atPath: mount.appendingPathComponent("big.md").path), equals: Data(big.utf8))
        expect(!(try FileManager.default.contentsOfDirectory(atPath: mount.path)).contains { $0.hasPrefix(".notez-tmp-") })
    }

    @Test func anUnreadableNoteDuringARenameIsReported() throws {
        let vault = try Self.vaultWithNote()
        expect(mkfifo(vault.path + "/pipe.md", 0o644), equals: 0)
        let result = try HostileVault.runBounded(vault, ["tag", "rename", "a", "z"], environment: ["NOTEZ_NOW": Mutation.now])
        expect(result.status, equals: 3, "\(result.stderr)")
        expect(result.stderr.contains("pipe.md: could not be read"))
        expect(Mutation.text(try vault.snapshot()["n.md"]), equals: "---\ntags: [z]\n---\nbody\n")
    }

    @Test func aFailedUndoIsNotRecordedAsDone() throws {
        let vault = try Self.vaultWithNote()
        try expect(Mutation.run(vault, ["mv", "n", "Sub", "--create"]).status, equals: 0)
        // Something now occupies the old name: the undo cannot move the note back.
        try FileManager.default.createDirectory(atPath: vault.path + "/n.md", withIntermediateDirectories: false)
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status != 0)
        let history = try Mutation.run(vault, ["history", "--json"])
        let records = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let move = try #require(records.first { $0["operation"] as? String == "mv" })
        expect(move["undoable"] as? Bool == true, "\(history.stdout)")
        try FileManager.default.removeItem(atPath: vault.path + "/n.md")
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        expect(Mutation.text(try vault.snapshot()["n.md"]), equals: Self.note)
    }

    @Test func degenerateFilesGetAnswersNotHangs() throws {
        let vault = try Self.vaultWithNote()
        expect(mkfifo(vault.path + "/fifo.md", 0o644), equals: 0)
        try vault.write("huge front matter.md", "---\n" + String(repeating: "key: value\n", count: 5_000_000) + "---\nbody\n")
        let huge = vault.path + "/huge.md"
        try vault.write("huge.md", "---\ntags: [a]\n---\n")
        expect(truncate(huge, 100 << 30), equals: 0)
        let before = try vault.snapshot(skipping: ["huge.md", "huge front matter.md"])
        for args in [["ls"], ["search", "zzz"], ["check"], ["overview"], ["tag", "list"]] {
            let result = try HostileVault.runBounded(vault, args)
            expect(result.status <= 1, "\(args): \(result.stderr)")
        }
        let check = try HostileVault.runBounded(vault, ["check"])
        expect(check.stdout.contains("huge front matter.md:1:1: front matter is larger than 1 MiB"))
        expect(check.stdout.contains("fifo.md"))
        let rename = try HostileVault.runBounded(vault, ["tag", "rename", "a", "z"], environment: ["NOTEZ_NOW": Mutation.now])
        expect(rename.status, equals: 3, "\(rename.stderr)")
        expect(Mutation.text(try vault.snapshot(skipping: ["huge.md", "huge front matter.md"])["n.md"]), equals: "---\ntags: [z]\n---\nbody\n")
        _ = before
    }

    @Test(arguments: [
        ("alias bomb", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nsnippets: [*d]\n"),
        ("deep nesting", String(repeating: "[", count: 100_000) + "\n"),
        ("not YAML", "snippets: [unclosed\n"),
        ("wrong type", "trash_days: -3\n"),
    ])
    func badSettingsDegradeWithAWarning(name: String, config: String) throws {
        let vault = try Self.vaultWithNote()
        try vault.write(".notez/config.yaml", config)
        let ls = try HostileVault.runBounded(vault, ["ls"])
        expect(ls.status, equals: 0, "\(name): \(ls.stderr)")
        expect(ls.stderr.contains("notez: warning: .notez/config.yaml") && ls.stderr.contains("using the defaults"), "\(name)")
        expect(ls.stdout.contains("n"))
        let check = try HostileVault.runBounded(vault, ["check"])
        expect(check.status == 1 && check.stdout.contains(".notez/config.yaml"), "\(name)")
        try expect(HostileVault.runBounded(vault, ["history"]).status, equals: 0)
        try expect(HostileVault.runBounded(vault, ["tag", "add", "n", "b"], environment: ["NOTEZ_NOW": Mutation.now]).status, equals: 0)
    }

    @Test func aCorruptJournalRecordDegradesHistoryWithAWarning() throws {
        let vault = try Self.vaultWithNote()
        try expect(Mutation.run(vault, ["tag", "add", "n", "b"]).status, equals: 0)
        try vault.write(".notez/journal/20200101T000000000Z-0001.json", "{ not json")
        let history = try Mutation.run(vault, ["history"])
        expect(history.status, equals: 0)
        expect(history.stderr.contains(".notez/journal/20200101T000000000Z-0001.json: not a signed notez journal record"))
        expect(history.stdout.contains("tag add"))
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
    }

    @Test func aHugeColorNameInSettingsIsHarmless() throws {
        let vault = try Self.vaultWithNote()
        try vault.write(".notez/tags.yaml", "a: {color: \"\(String(repeating: "x", count: 2000))\"}\n")
        let ls = try HostileVault.runBounded(vault, ["tag", "list"])
        expect(ls.status, equals: 0)
        expect(!ls.stdout.contains(String(repeating: "x", count: 100)) && !ls.stderr.contains(String(repeating: "x", count: 100)))
        expect(ls.stderr.contains("warning: .notez/tags.yaml: 'a': color 'xxxx") && ls.stderr.contains("(2000 bytes)' is not a preset"))
        let check = try HostileVault.runBounded(vault, ["check"])
        expect(check.status == 1 && check.stdout.contains(".notez/tags.yaml: 'a': color"))
    }
}

/// Results collected from concurrent runs.
final class ResultBox: @unchecked Sendable {
    private var storage: [CLIResult?] = []
    private let lock = NSLock()

    func append(_ value: CLIResult?) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [CLIResult?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
