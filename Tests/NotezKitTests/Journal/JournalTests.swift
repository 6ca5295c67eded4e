import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct JournalTests {
    static let now = 1_714_554_000.0

    /// A multi-file operation: three notes into a new folder (1 folder creation + 3 moves).
    static func movePlan(_ vault: TemporaryVault) throws -> Plan {
        try MovePlanner.move(notes: ["a", "b", "Sub/c"], to: "Done", create: true, index: vault.index(), files: vault.files)
    }

    static let files = ["a.md": "a\n", "b.md": "b\n", "Sub/c.md": "---\ntags: [x]\n---\nc\n", "keep.md": "keep\n"]

    @Test func recordIsWrittenBeforeAnyStepAndMarkedComplete() throws {
        let vault = try TemporaryVault(Self.files)
        defer { vault.remove() }
        let plan = try Self.movePlan(vault)
        // Stop at the first write: the record must already be on disk, pending.
        expect(throws: NotezError.self) { try vault.run(plan, now: Self.now, limit: 1) }
        let journal = Journal(writer: try vault.writer())
        let pending = journal.pendingIDs()
        expect(pending.count, equals: 1)
        let record = try #require(try journal.record(id: pending[0]))
        expect(record.complete, equals: false)
        expect(record.operation, equals: "mv")
        expect(record.arguments, equals: ["a", "b", "Sub/c", "Done"])
        expect(record.steps, equals: plan.steps)
        expect(record.id.hasPrefix("20240501T090000000Z-"))

        let messages = try Recovery.finishInterrupted(
            writer: vault.writer(), counter: WriteCounter(limit: nil, action: .throwError), now: Self.now)
        expect(messages, equals: ["finished an interrupted 'mv' (3 files)"])
        expect(journal.pendingIDs().isEmpty)
        let done = try #require(try journal.record(id: pending[0]))
        expect(done.complete && done.recovered == true)
    }

    /// Every k: crash after the k-th write, recover, and compare with an uninterrupted run.
    @Test(arguments: 1...4)
    func crashAfterEveryWriteIsRolledForward(k: Int) throws {
        let reference = try TemporaryVault(Self.files)
        let vault = try TemporaryVault(Self.files)
        defer { reference.remove(); vault.remove() }
        try reference.run(Self.movePlan(reference), now: Self.now)

        expect(throws: NotezError.self) { try vault.run(Self.movePlan(vault), now: Self.now, limit: k) }
        let messages = try Recovery.finishInterrupted(
            writer: vault.writer(), counter: WriteCounter(limit: nil, action: .throwError), now: Self.now)
        expect(messages.count, equals: 1)
        expect(vault.snapshot(), equals: reference.snapshot())
        expect(vault.folders(), equals: reference.folders())
        // A second recovery has nothing to do.
        expect(
            try Recovery.finishInterrupted(writer: vault.writer(), counter: WriteCounter(limit: nil, action: .throwError), now: Self.now)
                .isEmpty)
    }

    @Test(arguments: 1...7)
    func crashDuringFolderDeleteIsRolledForward(k: Int) throws {
        let files = [
            "W/a.md": "a\n", "W/b.md": "b\n", "W/S/c.md": "c\n", "a.md": "root\n", ".notez/folders.yaml": "\"W/S\": {color: \"red\"}\n",
        ]
        let reference = try TemporaryVault(files)
        let vault = try TemporaryVault(files)
        defer { reference.remove(); vault.remove() }
        let full = try FolderPlanner.delete("W", index: reference.index(), files: reference.files)
        expect(full.steps.count, equals: 5)
        try reference.run(full, now: Self.now)
        let plan = try FolderPlanner.delete("W", index: vault.index(), files: vault.files)
        if k <= plan.steps.count {
            expect(throws: NotezError.self) { try vault.run(plan, now: Self.now, limit: k) }
        } else {
            try vault.run(plan, now: Self.now, limit: k)
        }
        _ = try Recovery.finishInterrupted(writer: vault.writer(), counter: WriteCounter(limit: nil, action: .throwError), now: Self.now)
        expect(vault.snapshot(), equals: reference.snapshot())
        expect(vault.folders(), equals: reference.folders())
    }

    @Test func applyingARecordTwiceIsIdempotent() throws {
        let vault = try TemporaryVault(Self.files)
        defer { vault.remove() }
        let plan = try Self.movePlan(vault)
        try vault.run(plan, now: Self.now)
        let before = vault.snapshot()
        let applier = StepApplier(writer: try vault.writer(), counter: WriteCounter(limit: nil, action: .throwError))
        for step in plan.steps {
            try expect(applier.apply(step), equals: .alreadyDone)
        }
        expect(vault.snapshot(), equals: before)
    }

    @Test func aStateFileChangedAfterThePlanIsNotClobbered() throws {
        let vault = try TemporaryVault([".notez/tags.yaml": "a: {}\n"])
        defer { vault.remove() }
        let plan = try TagRegistryPlanner.create("b", index: vault.index(), files: vault.files)
        try Data("a: {}\nmine: {}\n".utf8).write(to: URL(fileURLWithPath: vault.root + "/.notez/tags.yaml"))
        let result = try vault.run(plan, now: Self.now)
        expect(result.issues.map(\.path), equals: [".notez/tags.yaml"])
        expect(vault.text(".notez/tags.yaml"), equals: "a: {}\nmine: {}\n")
        let id = try #require(result.id)
        let record = try #require(try Journal(writer: vault.writer()).record(id: id))
        expect(record.complete && record.issues?.count == 1)
    }

    @Test func aNoteChangedBeforeItsMoveKeepsTheChange() throws {
        let vault = try TemporaryVault(Self.files)
        defer { vault.remove() }
        let plan = try Self.movePlan(vault)
        try Data("a, edited meanwhile\n".utf8).write(to: URL(fileURLWithPath: vault.root + "/a.md"))
        try vault.run(plan, now: Self.now)
        expect(vault.text("Done/a.md"), equals: "a, edited meanwhile\n")
    }

    @Test
    func aNoteChangedBetweenPlanAndApplyIsReplannedAndTheChangeSurvives() throws {
        let vault = try TemporaryVault(["a.md": "---\ntags: [x]\n---\nbody\n"])
        defer { vault.remove() }
        let plan = try NotePlanner.setPinned(true, notes: ["a"], index: vault.index(), files: vault.files)
        try Data("---\ntags: [x]\n---\nbody edited in vim\n".utf8).write(to: URL(fileURLWithPath: vault.root + "/a.md"))
        let result = try vault.run(plan, now: Self.now)
        expect(result.replanned, equals: ["a.md"])
        expect(vault.text("a.md")?.contains("body edited in vim") == true)
        expect(try vault.index().note(at: "a.md")?.pinned == true)
    }

    @Test func recordRoundTripsThroughJSON() throws {
        var plan = Plan(operation: "tag add", arguments: ["a", "x"])
        plan.steps = [
            .edit(
                "a.md", before: FileFingerprint(size: 3, mtimeNanos: 5, hash: "00"), afterHash: "11",
                edits: [.addTags(["x"]), .setPinned(true), .setModified(12.5), .replaceTag(TagKey("A"), with: "B")],
                inverse: [.removeTags([TagKey("x")])]),
            .move("a.md", to: "b.md"), .write(".notez/tags.yaml", contents: "x: {}\n", previous: nil),
        ]
        plan.details = ["k": ["v"]]
        let record = JournalRecord(id: "20240501T090000000Z-0001", plan: plan, time: Self.now)
        let data = try JSONEncoder().encode(record)
        try expect(JSONDecoder().decode(JournalRecord.self, from: data), equals: record)
    }

    @Test func stepsInvert() {
        expect(FileStep.move("a", to: "b").inverted, equals: .move("b", to: "a"))
        expect(FileStep.createFolder("F").inverted, equals: .removeFolder("F"))
        expect(FileStep.write("n.md", contents: "x", previous: nil).inverted, equals: .delete("n.md", hash: ContentHash.of("x"), size: 1))
        expect(FileStep.delete("x", hash: "0", size: 0).inverted == nil)
        let edit = FileStep.edit(
            "a.md", before: FileFingerprint(size: 1, mtimeNanos: 1, hash: "0"), afterHash: "1",
            edits: [.setPinned(true)], inverse: [.setPinned(false)])
        expect(edit.inverted?.edits == [.setPinned(false)])
    }
}

@Suite struct UndoAndSymlinkTests {
    @Test func undoOfAMoveMovesBackAndRemovesTheCreatedFolder() throws {
        let vault = try TemporaryVault(JournalTests.files)
        defer { vault.remove() }
        let before = vault.snapshot()
        let folders = vault.folders()
        let result = try vault.run(JournalTests.movePlan(vault))
        let id = try #require(result.id)
        let record = try #require(try Journal(writer: vault.writer()).record(id: id))
        let undo = try UndoPlanner.inverse(of: record, files: vault.files)
        expect(undo.steps.last, equals: .removeFolder("Done"))
        try OperationRunner(writer: vault.writer(), counter: WriteCounter(limit: nil, action: .throwError)).run(
            undo, now: 1, undoes: record.id)
        expect(vault.snapshot(), equals: before)
        // The journal created .notez/; everything else is as before.
        expect(vault.folders(), equals: folders.union([".notez"]))
    }

    @Test func permanentDeletesCannotBeUndone() throws {
        let vault = try TemporaryVault(["a.md": "a\n"])
        defer { vault.remove() }
        try vault.run(TrashPlanner.trash(notes: ["a"], now: 1, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files))
        let result = try vault.run(TrashPlanner.empty(index: vault.index(), files: vault.files))
        let id = try #require(result.id)
        let record = try #require(try Journal(writer: vault.writer()).record(id: id))
        expect(throws: NotezError.self) { try UndoPlanner.inverse(of: record, files: vault.files) }
    }

    @Test func symlinkedNotesAreNeverMovedOrTrashed() throws {
        let vault = try TemporaryVault(["real/target.md": "real\n"], folders: ["Dest"])
        defer { vault.remove() }
        symlink(vault.root + "/real/target.md", vault.root + "/link.md")
        let move = try MovePlanner.move(notes: ["link.md"], to: "Dest", create: false, index: vault.index(), files: vault.files)
        expect(move.steps.isEmpty && move.skipped.map(\.path) == ["link.md"])
        let trash = try TrashPlanner.trash(notes: ["link.md"], now: 1, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files)
        expect(trash.steps.isEmpty && trash.skipped.map(\.path) == ["link.md"])
        // Even a hand-made step is refused by the writer.
        let applier = StepApplier(writer: try vault.writer(), counter: WriteCounter(limit: nil, action: .throwError))
        if case .skipped = try applier.apply(.move("link.md", to: "Dest/link.md")) {} else { Issue.record("symlink was moved") }
        expect(vault.text("real/target.md"), equals: "real\n")
    }
}
