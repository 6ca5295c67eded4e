import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// A step whose system call fails: the applied steps are undone from the record, or the record
/// stays pending for recovery; and a record too large to read back is never begun.
@Suite struct RollbackTests {
    static let files = ["a.md": "a\n", "b.md": "b\n", "Sub/c.md": "---\ntags: [x]\n---\nc\n", "keep.md": "keep\n"]

    static func plan(_ vault: TemporaryVault) throws -> Plan {
        try MovePlanner.move(notes: ["a", "b", "Sub/c"], to: "Done", create: true, index: vault.index(), files: vault.files)
    }

    static func run(_ vault: TemporaryVault, _ plan: Plan, counter: WriteCounter) throws -> OperationRunner.Result {
        try OperationRunner(writer: vault.writer(), counter: counter).run(plan, now: 1_800_000_000)
    }

    @Test(arguments: 1...4)
    func aFailureAtStepKUndoesTheStepsBefore(k: Int) throws {
        let vault = try TemporaryVault(Self.files)
        defer { vault.remove() }
        let before = vault.snapshot()
        let folders = vault.folders()
        let plan = try Self.plan(vault)
        let result = try Self.run(vault, plan, counter: WriteCounter(failAt: k, errno: ENOSPC))
        let failure = try #require(result.failure)
        expect(failure.rolledBack)
        expect(failure.stepsApplied, equals: k - 1)
        expect(failure.issue.reason.contains("No space left on device"))
        expect(vault.snapshot(), equals: before)
        expect(vault.folders().subtracting([".notez", ".notez/journal"]), equals: folders)
        let journal = Journal(writer: try vault.writer())
        expect(journal.pendingIDs().isEmpty)
        let record = try #require(journal.records().last)
        expect(record.complete && record.failed == true && record.rolledBack == true)
        expect(JournalHistory(records: journal.records()).undoability(of: record) != .undoable)
    }

    @Test(arguments: 2...4)
    func aFailureThatPersistsLeavesThePlanPendingForRecovery(k: Int) throws {
        let vault = try TemporaryVault(Self.files)
        defer { vault.remove() }
        let plan = try Self.plan(vault)
        let reference = try TemporaryVault(Self.files)
        defer { reference.remove() }
        try reference.run(try Self.plan(reference))

        let result = try Self.run(vault, plan, counter: WriteCounter(failAt: k, fromThenOn: true, errno: EROFS))
        let failure = try #require(result.failure)
        expect(!failure.rolledBack)
        let journal = Journal(writer: try vault.writer())
        expect(journal.pendingIDs().count, equals: 1)
        let pending = try #require(try journal.record(id: journal.pendingIDs()[0]))
        expect(!pending.complete && pending.issues?.first?.failed == true)

        // Still failing: recovery leaves it pending and says so.
        let stuck = try Recovery.finishInterrupted(writer: vault.writer(), counter: WriteCounter(failAt: 1, fromThenOn: true), now: 1_800_000_001)
        expect(stuck.contains { $0.contains("could not finish an interrupted 'mv'") && $0.contains("stays pending") })
        expect(journal.pendingIDs().count, equals: 1)

        let messages = try Recovery.finishInterrupted(writer: vault.writer(), counter: WriteCounter(limit: nil, action: .throwError), now: 1_800_000_002)
        expect(messages, equals: ["finished an interrupted 'mv' (3 files)"])
        expect(vault.snapshot(), equals: reference.snapshot())
        expect(journal.pendingIDs().isEmpty)
    }

    @Test func aRecordOverTheLimitIsNeverBegun() throws {
        let vault = try TemporaryVault(Self.files)
        defer { vault.remove() }
        let journal = Journal(writer: try vault.writer())
        try journal.ensureFolder()
        let record = JournalRecord(id: journal.newID(time: 1_800_000_000), plan: try Self.plan(vault), time: 1_800_000_000)
        expect(throws: NotezError.self) { try journal.begin(record, limit: 200) }
        expect(try FileManager.default.contentsOfDirectory(atPath: vault.root + "/" + Journal.folder).isEmpty)
        try journal.begin(record)
        expect(journal.pendingIDs(), equals: [record.id])
    }
}
