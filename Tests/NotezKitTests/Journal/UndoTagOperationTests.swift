import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Undo of tag merges, renames and deletions: exact restore, additive semantics, reverse order,
/// notes deleted since, redo; hand-computed expectations on small vaults.
@Suite struct UndoTagOperationTests {
    static let vaultFiles = TagRefactorPlannerTests.mergeVault
    static let noLimit = WriteCounter(limit: nil, action: .throwError)

    /// Runs `plan` and returns its journal id.
    static func run(_ plan: Plan, in vault: TemporaryVault, now: Double) throws -> String {
        try #require(try vault.run(plan, now: now).id)
    }

    static func history(_ vault: TemporaryVault) throws -> JournalHistory {
        JournalHistory(records: try Journal(writer: vault.writer()).records())
    }

    static func undo(_ id: String?, in vault: TemporaryVault, now: Double) throws -> (plan: Plan, id: String) {
        let plan = try JournalUndo.plan(id: id, history: history(vault), index: vault.index(), files: vault.files)
        return (plan, try run(plan, in: vault, now: now))
    }

    static func merge(_ sources: [String], into target: String, _ vault: TemporaryVault, now: Double) throws -> String {
        try run(TagRefactorPlanner.merge(sources, into: target, index: vault.index(), files: vault.files), in: vault, now: now)
    }

    @Test func mergeThenUndoIsByteIdenticalAndRedoIsToo() throws {
        let vault = try TemporaryVault(Self.vaultFiles)
        defer { vault.remove() }
        let before = vault.snapshot()
        let mergeID = try Self.merge(["ideas", "later"], into: "someday", vault, now: 1000)
        let merged = vault.snapshot()
        let (plan, undoID) = try Self.undo(nil, in: vault, now: 2000)
        expect(plan.details["exact"], equals: ["a.md", "b.md", "c.md"])
        expect(plan.details["missing"], equals: [])
        expect(vault.snapshot(), equals: before)
        let record = try #require(try Journal(writer: vault.writer()).record(id: undoID))
        expect(record.undoes == mergeID && record.operation == "undo")
        // Undoing the undo merges again, exactly as the first time.
        _ = try Self.undo(undoID, in: vault, now: 3000)
        expect(vault.snapshot(), equals: merged)
        // And `undo` without an id walks back: the redo is an undo, so it takes the merge... which is in force again.
        let history = try Self.history(vault)
        expect(history.isInForce(try #require(history.record(mergeID))))
        expect(
            history.undoability(of: try #require(history.record(undoID))), equals: .notUndoable("already undone by \(history.undoneBy[undoID]!)"))
    }

    @Test func undoIsAdditiveForNotesChangedSinceTheMerge() throws {
        let vault = try TemporaryVault(Self.vaultFiles)
        defer { vault.remove() }
        _ = try Self.merge(["ideas", "later"], into: "someday", vault, now: 1000)
        // After the merge: a gets a new tag, b (which had the target before) gets one too.
        try vault.run(NotePlanner.addTags(["fresh"], note: "a", index: vault.index(), files: vault.files), now: 1100)
        try vault.run(NotePlanner.addTags(["extra"], note: "b", index: vault.index(), files: vault.files), now: 1200)
        let (plan, _) = try Self.undo(try Self.history(vault).records.first!.id, in: vault, now: 2000)
        expect(plan.details["exact"], equals: ["c.md"])
        expect(plan.details["merged"], equals: ["a.md", "b.md"])
        // a: the target is replaced by the source again, the tag added since is kept.
        expect(vault.text("a.md"), equals: "---\ntags: [ideas, work, fresh]\n---\nA\n")
        // b had the target before the merge: it keeps it, gets its sources back, keeps the new tag.
        expect(vault.text("b.md"), equals: "---\ntitle: B\ntags:\n  - someday\n  - extra\n  - Ideas\n  - later\n---\nB\n")
        expect(vault.text("c.md"), equals: Self.vaultFiles["c.md"])
        expect(vault.text(".notez/tags.yaml"), equals: Self.vaultFiles[".notez/tags.yaml"])
    }

    @Test func notesDeletedSinceAreSkippedAndListed() throws {
        let vault = try TemporaryVault(Self.vaultFiles)
        defer { vault.remove() }
        let id = try Self.merge(["ideas", "later"], into: "someday", vault, now: 1000)
        try FileManager.default.removeItem(atPath: vault.root + "/c.md")
        try FileManager.default.moveItem(atPath: vault.root + "/a.md", toPath: vault.root + "/moved.md")
        let (plan, _) = try Self.undo(id, in: vault, now: 2000)
        expect(plan.details["missing"], equals: ["a.md", "c.md"])
        expect(plan.skipped.isEmpty)
        expect(plan.messages.contains("skipped 2 notes that no longer exist (deleted or moved since): a.md, c.md"))
        expect(vault.text("b.md"), equals: Self.vaultFiles["b.md"])
        expect(vault.text("moved.md"), equals: "---\ntags: [someday, work]\n---\nA\n")
    }

    @Test func mergesAreUndoneInReverseOrderOnly() throws {
        let vault = try TemporaryVault(Self.vaultFiles)
        defer { vault.remove() }
        let before = vault.snapshot()
        let first = try Self.merge(["ideas"], into: "later", vault, now: 1000)
        let second = try Self.merge(["later"], into: "someday", vault, now: 2000)
        // An unrelated later operation does not block.
        _ = try Self.merge(["x"], into: "zz", vault, now: 2500)
        do {
            _ = try Self.undo(first, in: vault, now: 3000)
            Issue.record("undo out of order was not refused")
        } catch let error as NotezError {
            expect(error.category, equals: .refused)
            expect(error.description.contains("the later 'tag merge later --into someday' (\(second))"))
            expect(error.description.contains("notez undo \(second)"))
        }
        expect(try Self.history(vault).blocker(of: try #require(try Self.history(vault).record(first)))?.id == second)
        _ = try Self.undo(second, in: vault, now: 4000)
        _ = try Self.undo(first, in: vault, now: 5000)
        var expected = before
        // c changed after the second merge (x → zz), so both undos are semantic there: the second gives
        // `later` back in place of `someday`; the first gives `ideas` back at the end (c had `later`).
        expected["c.md"] = "---\ntags: [later, zz, ideas]\n---\nC\n"
        expect(vault.snapshot(), equals: expected)
    }

    @Test func renameAndDeleteUndoByTheSameJournal() throws {
        let vault = try TemporaryVault(TagRefactorPlannerTests.projectVault)
        defer { vault.remove() }
        let before = vault.snapshot()
        _ = try Self.run(TagRefactorPlanner.rename("project", to: "proj", index: vault.index(), files: vault.files), in: vault, now: 1000)
        _ = try Self.undo(nil, in: vault, now: 2000)
        expect(vault.snapshot(), equals: before)
        let deleteID = try Self.run(
            TagRefactorPlanner.delete(["project/alpha"], index: vault.index(), files: vault.files), in: vault, now: 3000)
        expect(vault.text("q.md"), equals: "---\ntags:\n  - other\n---\nQ\n")
        // q is edited after the deletion: its tag comes back at the end of the list, the edit stays.
        try vault.run(NotePlanner.addTags(["new"], note: "q", index: vault.index(), files: vault.files), now: 3500)
        // `undo` without an id would undo that `tag add`: name the deletion.
        expect(try Self.history(vault).defaultTarget()?.operation == "tag add")
        let (plan, _) = try Self.undo(deleteID, in: vault, now: 4000)
        expect(plan.details["exact"], equals: ["p.md"])
        expect(vault.text("q.md"), equals: "---\ntags:\n  - other\n  - new\n  - project/alpha\n---\nQ\n")
        expect(vault.text("p.md"), equals: before["p.md"])
        expect(vault.text(".notez/tags.yaml"), equals: before[".notez/tags.yaml"])
    }

    @Test func registryChangedSinceGetsTheSourcesBackWithTheirColors() throws {
        let vault = try TemporaryVault(Self.vaultFiles)
        defer { vault.remove() }
        let id = try Self.merge(["ideas", "later"], into: "someday", vault, now: 1000)
        try vault.run(TagRegistryPlanner.create("brand-new", index: vault.index(), files: vault.files), now: 1500)
        _ = try Self.undo(id, in: vault, now: 2000)
        let registry = try TagRegistry.load(root: vault.root)
        expect(registry.entries.map(\.name), equals: ["work", "brand-new", "ideas", "later"])
        expect(registry.entry(for: TagKey("ideas"))?.color?.text == "yellow")
        expect(registry.entry(for: TagKey("later"))?.color?.text == "red")
    }

    @Test func crashDuringAMergeIsRolledForwardThenUndoneExactly() throws {
        for k in 1...4 {
            let vault = try TemporaryVault(Self.vaultFiles)
            defer { vault.remove() }
            let before = vault.snapshot()
            let plan = try TagRefactorPlanner.merge(["ideas", "later"], into: "someday", index: vault.index(), files: vault.files)
            expect(throws: NotezError.self) { try vault.run(plan, now: 1000, limit: k) }
            let messages = try Recovery.finishInterrupted(writer: vault.writer(), counter: Self.noLimit, now: 1001)
            expect(messages, equals: ["finished an interrupted 'tag merge' (4 files)"])
            expect(vault.text("c.md"), equals: "---\ntags: [someday, x]\n---\nC\n")
            _ = try Self.undo(nil, in: vault, now: 2000)
            expect(vault.snapshot(), equals: before)
        }
    }

    @Test func historyTellsWhyAnOperationCannotBeUndone() throws {
        let vault = try TemporaryVault(Self.vaultFiles.merging(["gone.md": "x\n"]) { $1 })
        defer { vault.remove() }
        try vault.run(TrashPlanner.trash(notes: ["gone"], now: 500, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files), now: 500)
        try vault.run(TrashPlanner.empty(index: vault.index(), files: vault.files), now: 600)
        let history = try Self.history(vault)
        expect(history.undoability(of: history.records[1]), equals: .notUndoable("deleted files permanently"))
        expect(history.undoability(of: history.records[0]), equals: .undoable)
        expect(history.defaultTarget()?.id == history.records[1].id)
        expect(throws: NotezError.self) { try JournalUndo.plan(id: nil, history: history, index: vault.index(), files: vault.files) }
        expect(throws: NotezError.usage("no journaled operation 'nope'; see `notez history`")) {
            try JournalUndo.plan(id: "nope", history: history, index: vault.index(), files: vault.files)
        }
    }

    @Test func detailsRoundTripThroughTheJournalForm() {
        let details = TagOperationDetails(
            kind: .rename, target: nil,
            sources: [
                .init(name: "a b", color: "#112233", registered: true, notes: ["x.md"], hadTarget: [], renamedTo: "c"),
                .init(name: "a b/c", notes: ["y.md", "z.md"], renamedTo: "c/c"),
            ])
        expect(TagOperationDetails(details.encoded), equals: details)
        expect(TagOperationDetails(["undoes": ["x"]]) == nil)
    }
}
