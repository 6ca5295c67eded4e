import Foundation
import Testing
import NotezTestSupport

/// End-to-end tests of `tag rename`, `tag merge`, `tag delete`, `history`, `tag history` and `undo`
/// on copies of ExampleVault.
@Suite struct TagRefactorCommandTests {
    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static let mergedNotes: Set<String> = [
        "Ideas for the garden shed.md", "Podcast episodes to listen.md", "scratch.md",
        "Reading/Books/Project Hail Mary.md", "Reading/Books/The Dispossessed.md", "Reading/Reading list 2025.md",
    ]

    @Test func mergeThenUndoGivesBackEveryByte() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let merge = try Mutation.run(vault, ["tag", "merge", "ideas", "space travel", "--into", "someday"])
        expect(merge.status, equals: 0, "\(merge.stderr)")
        expect(
            merge.stdout.hasPrefix("merged 'ideas' (3 notes), 'space travel' (3 notes) into 'someday'\n6 notes updated, registry updated\n")
        )
        expect(merge.stderr.contains("notez: merge into 'someday': 'ideas' is on 3 notes, 'space travel' is on 3 notes"))
        let merged = try vault.snapshot()
        Mutation.expectOnly(Self.mergedNotes.union([".notez/tags.yaml"]), before: before, after: merged)
        expect(Mutation.text(merged["Reading/Books/Project Hail Mary.md"])?.contains("tags: [books, \"someday\"]\n") == true)
        expect(Mutation.text(merged["scratch.md"])?.hasPrefix("---\ntags: someday\n") == true)
        expect(Mutation.text(merged[".notez/tags.yaml"])?.contains("ideas") == false)

        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        expect(
            undo.stdout.hasPrefix(
                "undid 'tag merge ideas \"space travel\" --into someday' (20261118T110640000Z-0001)\n"
                    + "6 files restored exactly, 0 merged with changes made since, registry restored\n"))
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))

        let history = try #require(try Self.json(try Mutation.run(vault, ["history", "--json"]).stdout) as? [[String: Any]])
        expect(history.count, equals: 2)
        expect(history[0]["operation"] as? String == "undo" && history[0]["undoes"] as? String == "20261118T110640000Z-0001")
        expect(history[0]["undoable"] as? Bool == true)
        expect(history[1]["command"] as? String == "tag merge ideas \"space travel\" --into someday")
        expect((history[1]["files"] as? [String])?.count == 7)
        expect(history[1]["undoable"] as? Bool == false)
        expect(history[1]["reason"] as? String == "already undone by 20261118T110640000Z-0002")

        let text = try Mutation.run(vault, ["tag", "history"])
        expect(
            text.stdout.contains(
                "20261118T110640000Z-0001  2026-11-18T11:06:40Z      7  no    tag merge ideas \"space travel\" --into someday\n"))
        expect(text.stdout.contains("↳ already undone by 20261118T110640000Z-0002"))

        // Undoing the undo merges again, byte for byte.
        try expect(Mutation.run(vault, ["undo", "20261118T110640000Z-0002"]).status, equals: 0)
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(merged))
    }

    @Test func dryRunPrintsTheFrontMatterDiffAndChangesNothing() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let dry = try Mutation.run(vault, ["tag", "rename", "project", "proj", "--dry-run"])
        expect(dry.status, equals: 0)
        expect(dry.stdout.contains("--- a/Work/Projects/Projects overview.md\n+++ b/Work/Projects/Projects overview.md\n"))
        expect(dry.stdout.contains("\n-tags: [project, work]\n+tags: [proj, work]\n"))
        expect(dry.stdout.contains("\n-keywords: [project/beta, research]\n+keywords: [proj/beta, research]\n"))
        expect(
            dry.stdout.contains(
                "note: also renames its child tags (--exact renames only 'project'): 'project/alpha' → 'proj/alpha' (4 notes), 'project/beta' → 'proj/beta' (3 notes)"
            ))
        // Only front matter lines are shown, never the body.
        expect(!dry.stdout.contains("Active projects and who owns them"))
        let json = try #require(
            try Self.json(try Mutation.run(vault, ["tag", "rename", "project", "proj", "--dry-run", "--json"]).stdout) as? [String: Any])
        expect(json["dryRun"] as? Bool == true && json["journal"] is NSNull)
        expect((json["tags"] as? [[String: Any]])?.map { $0["renamedTo"] as? String } == ["proj", "proj/alpha", "proj/beta"])
        try expect(vault.snapshot(), equals: before)
    }

    @Test func renameKeepsQuotingAndIsRefusedOntoAnExistingTag() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let rename = try Mutation.run(vault, ["tag", "rename", "project", "proj", "--json"])
        expect(rename.status, equals: 0, "\(rename.stderr)")
        let json = try #require(try Self.json(rename.stdout) as? [String: Any])
        expect(json["journal"] as? String == "20261118T110640000Z-0001")
        expect((json["steps"] as? [[String: Any]])?.count == 9)
        let after = try vault.snapshot()
        expect(Mutation.text(after["Work/Projects/Alpha/Launch checklist.md"])?.contains("tags: proj/alpha work launch\n") == true)
        expect(Mutation.text(after[".notez/tags.yaml"])?.contains("\"proj/alpha\": {color: \"blue\"}") == true)

        let onto = try Mutation.run(vault, ["tag", "rename", "proj/alpha", "proj/beta"])
        expect(onto.status, equals: 4)
        expect(
            onto.stderr.contains(
                "notez: error: tag 'proj/beta' already exists; renaming 'proj/alpha' onto it would merge the two tags: use `notez tag merge proj/alpha --into proj/beta`"
            ))
        try expect(Mutation.run(vault, ["tag", "rename", "nothing-like-it", "x"]).status, equals: 2)

        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func deleteAsksFirstAndUndoBringsItBack() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let refused = try Mutation.run(vault, ["tag", "delete", "work"])
        expect(refused.status, equals: 4)
        expect(refused.stderr.contains("Delete tag 'Work' from 11 notes and from the registry?"))
        expect(refused.stderr.contains("pass --yes to confirm"))
        try expect(vault.snapshot(), equals: before)

        let deleted = try Mutation.run(vault, ["tag", "delete", "work", "--yes"])
        expect(deleted.status, equals: 0, "\(deleted.stderr)")
        expect(deleted.stdout.hasPrefix("deleted 'Work' from 11 notes\n11 notes updated, registry updated\n"))
        let after = try vault.snapshot()
        expect(Mutation.text(after["Archive/Conference 2023 notes.md"])?.contains("tags:\n  - conference\n  - 2023\n") == true)
        let list = try Mutation.run(vault, ["tag", "list", "--json"])
        expect(!list.stdout.lowercased().contains("\"name\": \"work\""))

        let undo = try Mutation.run(vault, ["undo", "--json"])
        expect(undo.status, equals: 0)
        let json = try #require(try Self.json(undo.stdout) as? [String: Any])
        expect(json["undoes"] as? String == "20261118T110640000Z-0001")
        expect((json["exact"] as? [String])?.count == 11)
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func mergesUndoInReverseOrderOnly() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        try expect(Mutation.run(vault, ["tag", "merge", "ideas", "--into", "later"]).status, equals: 0)
        try expect(Mutation.run(vault, ["tag", "merge", "later", "--into", "someday"]).status, equals: 0)
        let refused = try Mutation.run(vault, ["undo", "20261118T110640000Z-0001"])
        expect(refused.status, equals: 4)
        expect(
            refused.stderr.contains(
                "cannot undo 'tag merge ideas --into later' (20261118T110640000Z-0001): the later 'tag merge later --into someday' (20261118T110640000Z-0002) involves the same tags; undo it first: notez undo 20261118T110640000Z-0002"
            ))
        let history = try Mutation.run(vault, ["history"])
        expect(history.stdout.contains("↳ the later 'tag merge later --into someday' (20261118T110640000Z-0002) involves the same tags"))
        // `undo` twice walks back: the second merge, then the first.
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
        let nothing = try Mutation.run(vault, ["undo", "no-such-id"])
        expect(nothing.status, equals: 2)
    }

    @Test func mergeErrorsAreClear() throws {
        let vault = try TempVault.example()
        let itself = try Mutation.run(vault, ["tag", "merge", "ideas", "Ideas", "--into", "ideas"])
        expect(itself.status == 2 && itself.stderr.contains("cannot merge 'ideas' into itself"))
        let none = try Mutation.run(vault, ["tag", "merge", "nope", "--into", "ideas"])
        expect(none.status == 2 && none.stderr.contains("no tag 'nope'; nothing to merge"))
        let empty = try Mutation.run(vault, ["undo"])
        expect(empty.status == 2 && empty.stderr.contains("nothing to undo"))
        try expect(Mutation.run(vault, ["history"]).stdout, equals: "No operations in the journal yet.\n")
    }
}
