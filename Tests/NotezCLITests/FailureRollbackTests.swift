import Foundation
import Testing
import NotezTestSupport

/// All or nothing on failure as on a crash: every journaled operation kind runs with a failing
/// system call injected at each of its steps in turn (`NOTEZ_FAULT_FAIL_STEP=k`, with
/// `NOTEZ_FAULT_ERRNO`). A single failure is rolled back: the vault (trash and state files
/// included) is byte-identical to before, nothing is reported as done, the journal says
/// `rolledBack`, `history` and `trash list` tell the truth. A failure that persists (`k+`: the
/// rollback fails too) leaves the operation pending, says so, and `recover` (the cause gone)
/// brings the vault to exactly the complete result. `.git/` and a file outside the vault are
/// checked untouched throughout.
@Suite struct FailureRollbackTests {
    /// One operation: the commands that prepare the vault, then the operation itself.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var setup: [[String]] = []
        var operation: [String]
        /// The operation deletes notes for good (their bytes are not journaled): a failure after
        /// that cannot be undone, so the operation stays pending and `recover` finishes it.
        var irreversible = false
        var testDescription: String { name }
    }

    /// `OUTSIDE` in an argument is replaced by the folder beside the vault.
    static let cases: [Case] = [
        Case(name: "tag rename", operation: ["tag", "rename", "ideas", "thoughts"]),
        Case(name: "tag merge", operation: ["tag", "merge", "ideas", "meeting", "--into", "someday"]),
        Case(name: "tag delete", operation: ["tag", "delete", "ideas", "--yes"]),
        Case(name: "tag add", operation: ["tag", "add", "scratch", "later", "open questions"]),
        Case(name: "tag remove", setup: [["tag", "add", "scratch", "later"]], operation: ["tag", "remove", "scratch", "later"]),
        Case(name: "pin", operation: ["pin", "Quarterly goals"]),
        Case(name: "set", operation: ["set", "Quarterly goals", "status=Doing", "owner=Ana"]),
        Case(name: "mv", operation: ["mv", "scratch", "Phone numbers", "Later/Inbox", "--create"]),
        Case(name: "rename with links", operation: ["rename", "Team handbook", "Handbook"]),
        Case(name: "folder create", operation: ["folder", "create", "Work/Gamma", "--color", "mint"]),
        Case(name: "folder rename", operation: ["folder", "rename", "Work/Meetings", "Calls"]),
        Case(name: "folder delete", operation: ["folder", "delete", "Work/Projects/Beta", "--yes"]),
        Case(name: "rm", operation: ["rm", "scratch", "Phone numbers"]),
        Case(name: "trash restore", setup: [["rm", "Team handbook"]], operation: ["trash", "restore", "Team handbook"]),
        Case(name: "trash delete", setup: [["rm", "scratch"]], operation: ["trash", "delete", "scratch", "--yes"], irreversible: true),
        Case(name: "trash empty", setup: [["rm", "scratch", "Phone numbers"]], operation: ["trash", "empty", "--yes"], irreversible: true),
        Case(name: "order", operation: ["order", "Personal/Recipes", "Weeknight pasta", "Lentil soup"]),
        Case(name: "attach", operation: ["attach", "Quarterly goals", "OUTSIDE/board.png", "OUTSIDE/budget.pdf"]),
        Case(name: "import", operation: ["import", "OUTSIDE/export.json"]),
        Case(name: "capture", operation: ["new", "Standup notes", "--template", "meeting", "--tag", "meeting"]),
        Case(name: "undo", setup: [["mv", "scratch", "Phone numbers", "Archive"]], operation: ["undo"]),
    ]

    static let errnos = ["EACCES", "ENOSPC", "EIO", "EROFS", "ENOENT"]

    /// A vault (a copy of ExampleVault with a `.git/`) and a folder beside it, after the setup.
    final class Scene {
        let root: URL
        let vault: TempVault
        let outside: URL

        init(_ test: Case) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("notez-fail-\(UUID().uuidString)")
            outside = root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestPaths.exampleVault, to: root.appendingPathComponent("vault"))
            vault = TempVault(existing: root.appendingPathComponent("vault"))
            try vault.write(".git/config", "[core]\n\tbare = false\n")
            try vault.write(".git/HEAD", "ref: refs/heads/main\n")
            try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: outside.appendingPathComponent("board.png"))
            try Data("%PDF-1.4 budget\n".utf8).write(to: outside.appendingPathComponent("budget.pdf"))
            let export = """
                {"format": "notez-export", "version": 1, "notes": [
                  {"path": "Imported/One.md", "frontMatterText": "---\\ntags: [imported]\\n---\\n", "body": "One\\n"},
                  {"path": "Imported/Deep/Two.md", "body": "Two\\n"},
                  {"path": "scratch.md", "body": "a second scratch\\n"}
                ], "tags": [{"name": "imported", "color": "mint"}]}
                """
            try Data(export.utf8).write(to: outside.appendingPathComponent("export.json"))
            for command in test.setup {
                let result = try run(command)
                expect(result.status, equals: 0, "setup \(command): \(result.stderr)")
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func run(_ args: [String], environment: [String: String] = [:]) throws -> CLIResult {
            try Mutation.run(vault, args.map { $0.replacingOccurrences(of: "OUTSIDE", with: outside.path) }, environment: environment)
        }

        /// Every file (bytes) and folder ("/" suffix) of the vault and outside it, without notez's
        /// machine-local bookkeeping (the journal, the lock, the temporary folder, the `.gitignore`
        /// that hides them).
        func state() throws -> [String: Data] {
            var result: [String: Data] = [:]
            let base = root.standardizedFileURL.path
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])!
            for case let url as URL in enumerator {
                let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
                let inVault = relative.hasPrefix("vault/") ? String(relative.dropFirst(6)) : ""
                if inVault.hasPrefix(".notez/journal") || inVault == ".notez/lock" || inVault == ".notez/.gitignore"
                    || inVault.hasPrefix(".notez/tmp") || inVault.hasPrefix(".notez/cache")
                {
                    continue
                }
                let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
                if values.isDirectory == true {
                    result[relative + "/"] = Data()
                } else {
                    result[relative] = try Data(contentsOf: url)
                }
            }
            return result
        }

        var pendingMarkers: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/.notez/journal")) ?? []).filter { $0.hasSuffix(".pending") }
        }

        /// The newest record of `history --json`.
        func newestRecord() throws -> [String: Any] {
            let history = try run(["history", "--json"])
            let records = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
            return try #require(records?.first)
        }
    }

    /// The differences between two states, for a readable failure.
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    @Test(arguments: cases)
    func aFailureAtEveryStepIsRolledBackOrLeftPendingAndFinished(_ test: Case) throws {
        let reference = try Scene(test)
        let completed = try reference.run(test.operation)
        expect(completed.status, equals: 0, "\(completed.stderr)")
        let complete = try reference.state()

        var k = 1
        while k < 200 {
            // One failure: rolled back.
            let scene = try Scene(test)
            let before = try scene.state()
            let trashBefore = try scene.run(["trash", "list"]).stdout
            let code = Self.errnos[(k - 1) % Self.errnos.count]
            let failed = try scene.run(test.operation, environment: ["NOTEZ_FAULT_FAIL_STEP": String(k), "NOTEZ_FAULT_ERRNO": code])
            if failed.status == 0 {
                // Past the last step: nothing failed, and the result is the complete one.
                expect(k > 1, "\(test.name): no step was attempted")
                expect(Self.differences(try scene.state(), complete), equals: [], "\(test.name) k=\(k)")
                break
            }
            expect(failed.status, equals: 3, "\(test.name) k=\(k): \(failed.stderr)")
            expect(failed.stdout.isEmpty, "\(test.name) k=\(k): claims \(failed.stdout)")
            if test.irreversible, failed.stderr.contains("is pending") {
                try Self.expectPendingThenFinished(scene, failed, complete: complete, label: "\(test.name) k=\(k)")
            } else {
                expect(failed.stderr.contains("nothing was changed"), "\(test.name) k=\(k): \(failed.stderr)")
                expect(Self.differences(try scene.state(), before), equals: [], "\(test.name) k=\(k) (\(code)): not rolled back")
                expect(scene.pendingMarkers.isEmpty)
                let record = try scene.newestRecord()
                expect(record["rolledBack"] as? Bool == true && record["failed"] as? Bool == true, "\(test.name) k=\(k): \(record)")
                expect(record["undoable"] as? Bool == false)
                expect((record["reason"] as? String)?.contains("rolled back") == true)
                try expect(scene.run(["trash", "list"]).stdout, equals: trashBefore, "\(test.name) k=\(k)")
            }

            // A failure that persists (the rollback fails too): pending, then finished by recover.
            let stuck = try Scene(test)
            let stuckRun = try stuck.run(test.operation, environment: ["NOTEZ_FAULT_FAIL_STEP": "\(k)+", "NOTEZ_FAULT_ERRNO": code])
            expect(stuckRun.status, equals: 3, "\(test.name) k=\(k)+: \(stuckRun.stderr)")
            expect(stuckRun.stdout.isEmpty, "\(test.name) k=\(k)+: claims \(stuckRun.stdout)")
            if stuckRun.stderr.contains("nothing was changed") {
                // Nothing had been applied: nothing to undo, so nothing failed to be undone.
                expect(Self.differences(try stuck.state(), before), equals: [], "\(test.name) k=\(k)+")
                expect(stuck.pendingMarkers.isEmpty)
            } else {
                try Self.expectPendingThenFinished(stuck, stuckRun, complete: complete, label: "\(test.name) k=\(k)+")
            }
            k += 1
        }
    }

    /// The operation says it is pending, the journal and `history` agree, a read command says so,
    /// and `recover` brings the vault to exactly the complete result.
    static func expectPendingThenFinished(_ scene: Scene, _ run: CLIResult, complete: [String: Data], label: String) throws {
        expect(run.stderr.contains("the operation is pending: run 'notez recover'"), "\(label): \(run.stderr)")
        expect(scene.pendingMarkers.count, equals: 1)
        let record = try scene.newestRecord()
        expect(record["complete"] as? Bool == false)
        expect((record["reason"] as? String)?.contains("stopped by a failure") == true, "\(record)")
        let read = try scene.run(["ls"])
        expect(read.stderr.contains("1 interrupted operation is pending"))
        let recover = try scene.run(["recover"])
        expect(recover.status, equals: 0, "\(label) recover: \(recover.stderr)")
        expect(scene.pendingMarkers.isEmpty)
        expect(Self.differences(try scene.state(), complete), equals: [], "\(label): recover did not finish it")
        expect(try scene.newestRecord()["complete"] as? Bool == true)
    }

    /// The case the issue found: `trash restore` into a folder that is not writable (read-only
    /// for a user; immutable, `chattr +i`, for root, who writes into any folder).
    @Test func trashRestoreIntoAReadOnlyFolderChangesNothingAndSaysSo() throws {
        let scene = try Scene(Case(name: "restore", setup: [["rm", "Team handbook"]], operation: []))
        let before = try scene.state()
        let work = scene.vault.path + "/Work"
        let lock = getuid() == 0 ? "chattr +i '\(work)'" : "chmod 555 '\(work)'"
        let unlock = getuid() == 0 ? "chattr -i '\(work)'" : "chmod 755 '\(work)'"
        guard try CLIRunner.runShell(lock).status == 0 else { return }  // no chattr on this file system
        defer { _ = try? CLIRunner.runShell(unlock) }
        let result = try scene.run(["trash", "restore", "Team handbook"])
        expect(result.status, equals: 3, "\(result.stderr)")
        expect(!result.stdout.contains("restored"), "\(result.stdout)")
        expect(
            (result.stderr.contains("Permission denied") || result.stderr.contains("Operation not permitted"))
                && result.stderr.contains("nothing was changed"), "\(result.stderr)")
        expect(Self.differences(try scene.state(), before), equals: [])
        let list = try scene.run(["trash", "list"])
        expect(list.stdout.contains("Team handbook") && !list.stderr.contains("trashinfo"), "\(list.stdout)\(list.stderr)")
        _ = try CLIRunner.runShell(unlock)
        let again = try scene.run(["trash", "restore", "Team handbook"])
        expect(again.status == 0 && again.stdout.contains("restored Work/Team handbook.md"), "\(again.stderr)")
    }
}
