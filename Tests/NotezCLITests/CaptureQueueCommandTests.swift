import Foundation
import Testing
import NotezTestSupport

/// The capture queue end to end: a capture never fails for lack of a vault, and is delivered once.
@Suite struct CaptureQueueCommandTests {
    /// A private state folder, so this test's queue is its own.
    static func stateFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notez-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    static func notes(_ vault: TempVault, titled prefix: String) throws -> [String] {
        try vault.snapshot().keys.filter { ($0 as NSString).lastPathComponent.hasPrefix(prefix) }.sorted()
    }

    @Test func lockedVaultQueuesThenTheNextCommandDelivers() throws {
        let vault = try TempVault.example()
        let environment = ["XDG_STATE_HOME": try Self.stateFolder(), "NOTEZ_LOCK_WAIT": "0.1"]
        // Another process holds the vault lock until told to stop.
        let holder = try LockHolder(vault)
        let queued = try Mutation.run(vault, ["new", "Locked idea", "--folder", "Work"], stdin: "thought\n", environment: environment)
        holder.release()
        expect(queued.status, equals: 0, "\(queued.stderr)")
        expect(queued.stdout, equals: "")
        expect(queued.stderr.contains("another notez is changing the vault: capture queued as "))
        expect(try Self.notes(vault, titled: "Locked idea").isEmpty)
        let list = try vault.run(["queue", "list"], environment: environment)
        expect(list.stdout.contains("pending  ") && list.stdout.contains("'Locked idea'"), "\(list.stdout)")

        let next = try Mutation.run(vault, ["pin", "Quarterly goals"], environment: environment)
        expect(next.status, equals: 0, "\(next.stderr)")
        expect(next.stderr.contains("queued capture 'Locked idea' delivered: Work/Locked idea.md"), "\(next.stderr)")
        try expect(Self.notes(vault, titled: "Locked idea"), equals: ["Work/Locked idea.md"])
        let text = try String(contentsOf: vault.url.appendingPathComponent("Work/Locked idea.md"), encoding: .utf8)
        expect(text.hasSuffix("---\nthought\n"))
        let json = try vault.run(["queue", "list", "--json"], environment: environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        expect(entries.map { $0["state"] as? String }, equals: ["done"])
        // Later commands do not deliver it again.
        try expect(Mutation.run(vault, ["unpin", "Quarterly goals"], environment: environment).status, equals: 0)
        try expect(Self.notes(vault, titled: "Locked idea"), equals: ["Work/Locked idea.md"])
    }

    @Test func unreachableVaultQueuesAndRetryDelivers() throws {
        let environment = ["XDG_STATE_HOME": try Self.stateFolder()]
        let parent = try TempVault()
        let drive = parent.path + "/drive/notes"
        let queued = try CLIRunner.run(["new", "On the train", "--vault", drive, "--tag", "travel"], stdin: "idea\n", environment: environment)
        expect(queued.status, equals: 0, "\(queued.stderr)")
        expect(queued.stderr.contains("the vault \(drive) is unreachable: capture queued as "))
        expect(!FileManager.default.fileExists(atPath: drive))
        // A dry run is never queued: it reports the missing vault.
        try expect(CLIRunner.run(["new", "x", "--vault", drive, "--dry-run"], environment: environment).status, equals: 3)

        try FileManager.default.createDirectory(atPath: drive, withIntermediateDirectories: true)
        let retry = try CLIRunner.run(["queue", "retry"], environment: environment)
        expect(retry.status, equals: 0, "\(retry.stderr)")
        expect(retry.stdout.contains("done  ") && retry.stdout.contains("-> On the train.md"), "\(retry.stdout)")
        let text = try String(contentsOfFile: drive + "/On the train.md", encoding: .utf8)
        expect(text.contains("tags: [travel]") && text.hasSuffix("idea\n"))
    }

    @Test func killDuringDeliveryLosesNothingAndDoublesNothing() throws {
        let vault = try TempVault.example()
        let environment = ["XDG_STATE_HOME": try Self.stateFolder()]
        try vault.write(".git/index.lock", "")
        let queued = try Mutation.run(vault, ["new", "Crash test", "--body", "kept"], environment: environment)
        expect(queued.stderr.contains("git holds .git/index.lock in the vault: capture queued as "))
        try FileManager.default.removeItem(atPath: vault.path + "/.git/index.lock")

        var crash = environment
        crash["NOTEZ_FAULT_AFTER_WRITES"] = "1"
        let killed = try CLIRunner.run(["queue", "retry"], environment: crash)
        expect(killed.status, equals: 99)
        try expect(Self.notes(vault, titled: "Crash test"), equals: ["Crash test.md"])

        let retry = try CLIRunner.run(["queue", "retry"], environment: environment)
        expect(retry.status, equals: 0, "\(retry.stderr)")
        expect(retry.stdout.contains("done  "), "\(retry.stdout)")
        try expect(Self.notes(vault, titled: "Crash test"), equals: ["Crash test.md"])
        // The next changing command finishes the interrupted journal record; still one note.
        try expect(Mutation.run(vault, ["pin", "Crash test"], environment: environment).status, equals: 0)
        try expect(Self.notes(vault, titled: "Crash test"), equals: ["Crash test.md"])
    }
}
