import Foundation
import Testing

@Suite struct TrashCommandTests {
    @Test func rmListRestoreRoundTrip() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let rm = try Mutation.run(vault, ["rm", "Work/Team handbook"])
        #expect(rm.status == 0)
        let trashed = try vault.snapshot()
        let stored = try #require(trashed.keys.first { $0.hasPrefix(".notez/trash/") && $0.hasSuffix("/Team handbook.md") })
        let info = stored.replacingOccurrences(of: "Team handbook.md", with: "trashinfo.yaml")
        Mutation.expectOnly(["Work/Team handbook.md", stored, info], before: before, after: trashed)
        #expect(trashed[stored] == before["Work/Team handbook.md"])
        #expect(Mutation.text(trashed[info])?.contains("path: \"Work/Team handbook.md\"\ndeleted: \(Mutation.nowISO)\n") == true)

        let list = try Mutation.run(vault, ["trash", "list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["path"] as? String } == ["Work/Team handbook.md", "Personal/Old grocery list.md"])

        let show = try Mutation.run(vault, ["trash", "show", "Work/Team handbook"])
        #expect(show.status == 0 && show.stdout.contains("trashed from Work/Team handbook.md"))

        let restore = try Mutation.run(vault, ["trash", "restore", "Work/Team handbook.md"])
        #expect(restore.status == 0)
        let restored = try vault.snapshot()
        Mutation.expectOnly([], before: before, after: restored)
    }

    @Test func restoreToUnsortedWhenTheFolderIsGone() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["trash", "restore", "Old grocery list"])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("no longer exists; restored to Unsorted Notes")
                || result.stdout.contains("restored Personal/Old grocery list.md"))
        let after = try vault.snapshot()
        let restoredPath = after.keys.contains("Personal/Old grocery list.md") ? "Personal/Old grocery list.md" : "Old grocery list.md"
        let stored = ".notez/trash/20261101T120000Z-7f3a/Old grocery list.md"
        #expect(after[restoredPath] == before[stored])
        Mutation.expectOnly([restoredPath, stored, ".notez/trash/20261101T120000Z-7f3a/trashinfo.yaml"], before: before, after: after)
    }

    @Test func deleteAndEmptyNeedConfirmation() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let refused = try Mutation.run(vault, ["trash", "empty"])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("pass --yes"))
        #expect(try vault.snapshot() == before)
        let done = try Mutation.run(vault, ["trash", "delete", "Old grocery list", "--yes"])
        #expect(done.status == 0)
        let after = try vault.snapshot()
        #expect(!after.keys.contains { $0.hasPrefix(".notez/trash/") })
        Mutation.expectOnly(
            [".notez/trash/20261101T120000Z-7f3a/Old grocery list.md", ".notez/trash/20261101T120000Z-7f3a/trashinfo.yaml"],
            before: before, after: after)
    }

    @Test func oldItemsArePurgedWhenNotezRuns() throws {
        let vault = try TempVault.example()
        // 2026-12-31: the example item (deleted 2026-11-01) is older than 30 days.
        let result = try Mutation.run(vault, ["ls"], environment: ["NOTEZ_NOW": "1798675200"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("purged 1 note"))
        #expect(!(try vault.snapshot()).keys.contains { $0.hasPrefix(".notez/trash/") })
    }
}
