import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct CaptureQueueTests {
    static let now = 1_795_000_000.0
    static let utc = TimeZone(identifier: "UTC")!

    /// A private queue folder and a vault, both removed at the end.
    struct Setup {
        let queue: String
        let vault: TemporaryVault

        init() throws {
            queue = FileManager.default.temporaryDirectory.appendingPathComponent("notez-queue-" + UUID().uuidString).path
            try UserFolders.ensure(queue)
            vault = try TemporaryVault(["Inbox/a.md": "a\n"])
        }

        func remove() {
            vault.remove()
            try? FileManager.default.removeItem(atPath: queue)
        }

        func request(_ title: String, body: String = "the captured thought\n") -> CaptureRequest {
            var request = CaptureRequest(title: title, time: LocalTime(seconds: CaptureQueueTests.now, zone: CaptureQueueTests.utc))
            request.folder = "Inbox"
            request.body = body
            return request
        }

        func notes(titled title: String) -> [String] {
            vault.snapshot().keys.filter { $0.hasPrefix("Inbox/" + title) }.sorted()
        }
    }

    static let noFault = WriteCounter(limit: nil, action: .throwError)

    @Test func deliveredEntriesArePrunedAfterAWeekAndNothingElseIs() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let old = try CaptureQueue.add(setup.request("Old"), vault: setup.vault.root, reason: "git", now: Self.now, queue: setup.queue)
        let recent = try CaptureQueue.add(setup.request("Recent"), vault: setup.vault.root, reason: "git", now: Self.now, queue: setup.queue)
        var failed = try CaptureQueue.add(setup.request("Failed"), vault: setup.vault.root, reason: "git", now: Self.now, queue: setup.queue)
        let pending = try CaptureQueue.add(setup.request("Pending"), vault: setup.vault.root, reason: "git", now: Self.now, queue: setup.queue)
        for entry in [old, recent] {
            expect(CaptureQueue.attempt(entry, now: Self.now, counter: Self.noFault, queue: setup.queue, recordHistory: false).state, equals: .done)
        }
        failed.state = .failed
        try CaptureQueue.save(failed, queue: setup.queue)
        // Files written 8 days ago, except the recently delivered one (1 day).
        let now = Date().timeIntervalSince1970
        for (entry, age) in [(old, 8.0), (recent, 1.0), (failed, 8.0), (pending, 8.0)] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: now - age * 86_400)], ofItemAtPath: setup.queue + "/" + entry.id + ".json")
        }
        try "garbage".write(toFile: setup.queue + "/unreadable.json", atomically: true, encoding: .utf8)
        expect(CaptureQueue.prune(now: now, queue: setup.queue), equals: [old.id])
        let left = CaptureQueue.load(queue: setup.queue)
        expect(Set(left.entries.map(\.id)), equals: [recent.id, failed.id, pending.id])
        expect(left.problems.count, equals: 1)
        expect(setup.notes(titled: "Old"), equals: ["Inbox/Old.md"])
        expect(CaptureQueue.prune(now: now, queue: setup.queue).isEmpty)
    }

    @Test func gitLockQueuesAndAFlushDeliversOnce() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try FileManager.default.createDirectory(atPath: setup.vault.root + "/.git", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: setup.vault.root + "/.git/index.lock", contents: Data())
        expect(CaptureQueue.unavailability(vault: setup.vault.root), equals: "git holds .git/index.lock in the vault")
        let entry = try CaptureQueue.add(setup.request("Idea"), vault: setup.vault.root, reason: "git", now: Self.now, queue: setup.queue)
        expect(CaptureQueue.load(queue: setup.queue).entries, equals: [entry])
        expect(CaptureQueue.hasDue(root: setup.vault.root, now: Self.now, queue: setup.queue))

        // Still locked: the attempt fails and waits 2 s.
        let first = CaptureQueue.flush(root: setup.vault.root, now: Self.now, counter: Self.noFault, queue: setup.queue)
        expect(first.map(\.state), equals: [.pending])
        expect(first.first?.notBefore == Self.now + 2)
        expect(!CaptureQueue.hasDue(root: setup.vault.root, now: Self.now + 1, queue: setup.queue))

        try FileManager.default.removeItem(atPath: setup.vault.root + "/.git/index.lock")
        let second = CaptureQueue.flush(root: setup.vault.root, now: Self.now + 2, counter: Self.noFault, queue: setup.queue)
        expect(second.map(\.state), equals: [.done])
        expect(second.first?.path == "Inbox/Idea.md")
        expect(setup.vault.text("Inbox/Idea.md")?.hasSuffix("---\nthe captured thought\n") == true)
        // The note keeps the capture's time, not the delivery's.
        expect(setup.vault.text("Inbox/Idea.md")?.contains("created: 2026-11-18T11:06:40Z") == true)
        expect(CaptureQueue.flush(root: setup.vault.root, now: Self.now + 10, counter: Self.noFault, queue: setup.queue).isEmpty)
        expect(setup.notes(titled: "Idea"), equals: ["Inbox/Idea.md"])
    }

    @Test func threeFailuresWithBackoffThenFailedAndNothingLost() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let missing = setup.vault.root + "/unmounted-drive"
        expect(CaptureQueue.unavailability(vault: missing), equals: "the vault \(missing) is unreachable")
        _ = try CaptureQueue.add(setup.request("Lost?"), vault: missing, reason: "unreachable", now: Self.now, queue: setup.queue)
        var clock = Self.now
        var sleeps: [Double] = []
        let result = CaptureQueue.retry(
            vault: nil, includeFailed: false, clock: { clock }, sleep: { sleeps.append($0); clock += $0 }, counter: Self.noFault,
            queue: setup.queue, recordHistory: false)
        expect(sleeps, equals: [2, 4])
        expect(result.map(\.state), equals: [.failed])
        expect(result.first?.attempts == 3)
        let stored = CaptureQueue.load(queue: setup.queue).entries
        expect(stored.map(\.state), equals: [.failed])
        expect(stored.first?.request.body == "the captured thought\n")

        // The drive comes back: a failed capture needs --failed, and then it is delivered.
        try FileManager.default.createDirectory(atPath: missing + "/Inbox", withIntermediateDirectories: true)
        let ignored = CaptureQueue.retry(
            vault: nil, includeFailed: false, clock: { clock }, sleep: { _ in }, counter: Self.noFault, queue: setup.queue, recordHistory: false)
        expect(ignored.map(\.state), equals: [.failed])
        let retried = CaptureQueue.retry(
            vault: nil, includeFailed: true, clock: { clock }, sleep: { _ in }, counter: Self.noFault, queue: setup.queue, recordHistory: false)
        expect(retried.map(\.state), equals: [.done])
        expect(FileManager.default.fileExists(atPath: missing + "/Inbox/Lost-.md"))
    }

    @Test func aCrashAfterTheWriteIsNotDoubled() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let entry = try CaptureQueue.add(setup.request("Crash"), vault: setup.vault.root, reason: "test", now: Self.now, queue: setup.queue)
        // The simulated crash comes right after the note is written, before the entry is marked done.
        let crashed = CaptureQueue.attempt(
            entry, now: Self.now, counter: WriteCounter(limit: 1, action: .throwError), queue: setup.queue, recordHistory: false)
        expect(crashed.state, equals: .pending)
        expect(crashed.claim?.path == "Inbox/Crash.md")
        expect(setup.notes(titled: "Crash"), equals: ["Inbox/Crash.md"])
        let again = CaptureQueue.flush(root: setup.vault.root, now: Self.now + 5, counter: Self.noFault, queue: setup.queue)
        expect(again.map(\.state), equals: [.done])
        expect(setup.notes(titled: "Crash"), equals: ["Inbox/Crash.md"])
    }

    @Test func aCrashBeforeTheWriteIsDeliveredLater() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var entry = try CaptureQueue.add(setup.request("Later"), vault: setup.vault.root, reason: "test", now: Self.now, queue: setup.queue)
        // As left by a process killed after recording its claim, before writing.
        entry.claim = CaptureQueue.Entry.Claim(path: "Inbox/Later.md", hash: "0")
        entry.attempts = 1
        try CaptureQueue.save(entry, queue: setup.queue)
        let delivered = CaptureQueue.flush(root: setup.vault.root, now: Self.now, counter: Self.noFault, queue: setup.queue)
        expect(delivered.map(\.state), equals: [.done])
        expect(setup.notes(titled: "Later"), equals: ["Inbox/Later.md"])
    }

    @Test func namesNeverClashAndBadFilesAreKept() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var ids: Set<String> = []
        for number in 0..<20 {
            ids.insert(try CaptureQueue.add(setup.request("n\(number)"), vault: setup.vault.root, reason: "t", now: Self.now, queue: setup.queue).id)
        }
        expect(ids.count, equals: 20)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: setup.queue + "/zz.json"))
        let (entries, problems) = CaptureQueue.load(queue: setup.queue)
        expect(entries.count, equals: 20)
        expect(problems.map(\.path), equals: [setup.queue + "/zz.json"])
        expect(FileManager.default.fileExists(atPath: setup.queue + "/zz.json"))
    }
}
