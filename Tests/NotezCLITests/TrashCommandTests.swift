import Foundation
import Testing
import NotezTestSupport

@Suite struct TrashCommandTests {
    @Test func rmListRestoreRoundTrip() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let rm = try Mutation.run(vault, ["rm", "Work/Team handbook"])
        expect(rm.status, equals: 0)
        let trashed = try vault.snapshot()
        let stored = try #require(trashed.keys.first { $0.hasPrefix(".notez/trash/") && $0.hasSuffix("/Team handbook.md") })
        let info = stored.replacingOccurrences(of: "Team handbook.md", with: "trashinfo.yaml")
        Mutation.expectOnly(["Work/Team handbook.md", stored, info], before: before, after: trashed)
        expect(trashed[stored], equals: before["Work/Team handbook.md"])
        let infoText = try #require(Mutation.text(trashed[info]))
        expect(infoText.contains("path: \"Work/Team handbook.md\"\ndeleted: \(Mutation.nowISO)\nsignature: hmac-sha256:"))

        let list = try Mutation.run(vault, ["trash", "list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        expect(items.map { $0["path"] as? String }, equals: ["Work/Team handbook.md"])

        let show = try Mutation.run(vault, ["trash", "show", "Work/Team handbook"])
        expect(show.status == 0 && show.stdout.contains("trashed from Work/Team handbook.md"))

        let restore = try Mutation.run(vault, ["trash", "restore", "Work/Team handbook.md"])
        expect(restore.status, equals: 0)
        let restored = try vault.snapshot()
        Mutation.expectOnly([], before: before, after: restored)

        // A restore is undoable: the note goes back into the trash, with its signed info.
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(trashed))
        let listAgain = try Mutation.run(vault, ["trash", "list", "--json"])
        expect(listAgain.stdout.contains("Work/Team handbook.md") && listAgain.stderr.isEmpty)
    }

    @Test func restoreToUnsortedWhenTheFolderIsGone() throws {
        let vault = try TempVault.example()
        try expect(Mutation.run(vault, ["mv", "Phone numbers", "Gone", "--create"]).status, equals: 0)
        try expect(Mutation.run(vault, ["rm", "Gone/Phone numbers"]).status, equals: 0)
        try FileManager.default.removeItem(atPath: vault.path + "/Gone")
        let before = try vault.snapshot()
        let stored = try #require(before.keys.first { $0.hasPrefix(".notez/trash/") && $0.hasSuffix("/Phone numbers.md") })
        let result = try Mutation.run(vault, ["trash", "restore", "Phone numbers"])
        expect(result.status, equals: 0)
        expect(result.stderr.contains("folder 'Gone' no longer exists; restored to Unsorted Notes"))
        let after = try vault.snapshot()
        expect(after["Phone numbers.md"], equals: before[stored])
        Mutation.expectOnly(
            ["Phone numbers.md", stored, stored.replacingOccurrences(of: "Phone numbers.md", with: "trashinfo.yaml")],
            before: before, after: after)
    }

    @Test func deleteAndEmptyNeedConfirmation() throws {
        let vault = try TempVault.example()
        try expect(Mutation.run(vault, ["rm", "scratch"]).status, equals: 0)
        let before = try vault.snapshot()
        let refused = try Mutation.run(vault, ["trash", "empty"])
        expect(refused.status, equals: 4)
        expect(refused.stderr.contains("pass --yes"))
        try expect(vault.snapshot(), equals: before)
        let done = try Mutation.run(vault, ["trash", "delete", "scratch", "--yes"])
        expect(done.status, equals: 0)
        let after = try vault.snapshot()
        expect(!after.keys.contains { $0.hasPrefix(".notez/trash/") && !$0.hasSuffix("/trash") })
        Mutation.expectOnly(Set(before.keys.filter { $0.hasPrefix(".notez/trash/") }), before: before, after: after)
    }

    @Test func oldItemsArePurgedByTheNextChangingCommandNeverByAReadOne() throws {
        let vault = try TempVault.example()
        try expect(Mutation.run(vault, ["rm", "scratch"]).status, equals: 0)
        let trashed = try vault.snapshot()
        // 2026-12-31: the item (deleted 2026-11-18) is older than 30 days.
        let later = ["NOTEZ_NOW": "1798675200"]
        let read = try Mutation.run(vault, ["ls"], environment: later)
        expect(read.status == 0 && !read.stderr.contains("purged"))
        try expect(vault.snapshot(), equals: trashed)
        let result = try Mutation.run(vault, ["recover"], environment: later)
        expect(result.status, equals: 0)
        expect(result.stderr.contains("purged 1 note"))
        expect(!(try vault.snapshot()).keys.contains { $0.hasPrefix(".notez/trash/") && $0.hasSuffix(".md") })
        // Idempotent: nothing more to purge, no error.
        let again = try Mutation.run(vault, ["recover"], environment: later)
        expect(again.status == 0 && again.stdout == "nothing to recover\n" && again.stderr.isEmpty)
    }
}
