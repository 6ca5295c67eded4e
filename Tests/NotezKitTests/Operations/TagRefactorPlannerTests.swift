import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Plans of `tag rename`, `tag merge`, `tag delete` on small vaults, with hand-computed results.
@Suite struct TagRefactorPlannerTests {
    static let registry = "# notez tag registry: tags and their colors. Edited by `notez tag create/color`.\n"

    static let mergeVault = [
        "a.md": "---\ntags: [ideas, work]\n---\nA\n",
        "b.md": "---\ntitle: B\ntags:\n  - Ideas\n  - later\n  - someday\n---\nB\n",
        "c.md": "---\ntags: [later, ideas, x]\n---\nC\n",
        "d.md": "---\ntags: someday\n---\nD\n",
        "e.md": "---\ntitle: E\n---\nE ideas later\n",
        ".notez/tags.yaml": registry + "\"ideas\": {color: \"yellow\"}\n\"later\": {color: \"red\"}\n\"work\": {}\n",
    ]

    @Test func mergeOfSeveralSourcesWithOverlaps() throws {
        let vault = try TemporaryVault(Self.mergeVault)
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.merge(["ideas", "later"], into: "someday", index: vault.index(), files: vault.files)
        expect(plan.steps.map(\.path), equals: ["a.md", "b.md", "c.md", ".notez/tags.yaml"])
        // a: no target → the first source becomes the target in place; c: the first source in the note's
        // own order (later) becomes the target, ideas is removed; b had the target → sources removed only.
        expect(plan.steps[0].edits, equals: [.replaceTag(TagKey("ideas"), with: "someday")])
        expect(plan.steps[1].edits, equals: [.removeTags([TagKey("ideas"), TagKey("later")])])
        expect(plan.steps[2].edits, equals: [.replaceTag(TagKey("later"), with: "someday"), .removeTags([TagKey("ideas")])])
        let details = try #require(TagOperationDetails(plan.details))
        expect(details.kind == .merge && details.target == "someday")
        expect(
            details.sources, equals: [
                .init(name: "ideas", color: "yellow", registered: true, notes: ["a.md", "b.md", "c.md"], hadTarget: ["b.md"]),
                .init(name: "later", color: "red", registered: true, notes: ["b.md", "c.md"], hadTarget: ["b.md"]),
            ])
        expect(plan.messages.contains("merge into 'someday': 'ideas' is on 3 notes, 'later' is on 2 notes"))
        try vault.run(plan)
        expect(vault.text("a.md"), equals: "---\ntags: [someday, work]\n---\nA\n")
        expect(vault.text("b.md"), equals: "---\ntitle: B\ntags:\n  - someday\n---\nB\n")
        expect(vault.text("c.md"), equals: "---\ntags: [someday, x]\n---\nC\n")
        expect(vault.text("d.md"), equals: Self.mergeVault["d.md"])
        expect(vault.text("e.md"), equals: Self.mergeVault["e.md"])
        expect(vault.text(".notez/tags.yaml"), equals: Self.registry + "\"work\": {}\n")
    }

    @Test func mergeErrors() throws {
        let vault = try TemporaryVault(Self.mergeVault)
        defer { vault.remove() }
        expect(throws: NotezError.usage("cannot merge 'Someday' into itself")) {
            try TagRefactorPlanner.merge(["ideas", "Someday"], into: "someday", index: vault.index(), files: vault.files)
        }
        expect(throws: NotezError.usage("no tag 'nope', 'gone'; nothing to merge; see the tags with 'notez tag list'")) {
            try TagRefactorPlanner.merge(["nope", "gone"], into: "someday", index: vault.index(), files: vault.files)
        }
        expect(throws: NotezError.usage("no tag 'nope'; see the tags with 'notez tag list'")) {
            try TagRefactorPlanner.merge(["ideas", "nope"], into: "someday", index: vault.index(), files: vault.files)
        }
    }

    static let projectVault = [
        "p.md": "---\ntags: [project, \"project/alpha\"]\n---\nP\n",
        "q.md": "---\ntags:\n  - project/alpha\n  - other\n---\nQ\n",
        "r.md": "---\ntags: project/beta\n---\nR\n",
        "s.md": "---\ntags: [projects]\n---\nS\n",
        ".notez/tags.yaml": registry + "\"project/alpha\": {color: \"blue\"}\n",
    ]

    @Test func hierarchicalRenameRenamesChildrenAndTheRegistry() throws {
        let vault = try TemporaryVault(Self.projectVault)
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.rename("project", to: "proj", index: vault.index(), files: vault.files)
        expect(plan.steps.map(\.path), equals: ["p.md", "q.md", "r.md", ".notez/tags.yaml"])
        expect(
            plan.messages.contains {
                $0.hasPrefix("also renames its child tags") && $0.contains("'project/alpha' → 'proj/alpha' (2 notes)")
            })
        let details = try #require(TagOperationDetails(plan.details))
        expect(details.sources.map(\.name), equals: ["project", "project/alpha", "project/beta"])
        expect(details.sources.map(\.renamedTo), equals: ["proj", "proj/alpha", "proj/beta"])
        expect(details.sources[1].color == "blue" && details.sources[1].notes == ["p.md", "q.md"])
        try vault.run(plan)
        expect(vault.text("p.md"), equals: "---\ntags: [proj, \"proj/alpha\"]\n---\nP\n")
        expect(vault.text("q.md"), equals: "---\ntags:\n  - proj/alpha\n  - other\n---\nQ\n")
        expect(vault.text("r.md"), equals: "---\ntags: proj/beta\n---\nR\n")
        expect(vault.text("s.md"), equals: Self.projectVault["s.md"])
        expect(vault.text(".notez/tags.yaml"), equals: Self.registry + "\"proj/alpha\": {color: \"blue\"}\n")
    }

    @Test func exactRenameLeavesChildren() throws {
        let vault = try TemporaryVault(Self.projectVault)
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.rename("project", to: "proj", exact: true, index: vault.index(), files: vault.files)
        expect(plan.steps.map(\.path), equals: ["p.md"])
        try vault.run(plan)
        expect(vault.text("p.md"), equals: "---\ntags: [proj, \"project/alpha\"]\n---\nP\n")
    }

    @Test func renameOntoAnExistingTagIsRefusedAndPointsToMerge() throws {
        let vault = try TemporaryVault(Self.projectVault.merging(["t.md": "---\ntags: [proj/beta]\n---\n"]) { $1 })
        defer { vault.remove() }
        do {
            _ = try TagRefactorPlanner.rename("project", to: "Projects", index: vault.index(), files: vault.files)
            Issue.record("not refused")
        } catch let error as NotezError {
            expect(error.category, equals: .refused)
            expect(error.description.contains("notez tag merge project --into projects"))
        }
        // A child that would land on an existing tag is refused too, naming it; --exact is fine.
        do {
            _ = try TagRefactorPlanner.rename("project", to: "proj", index: vault.index(), files: vault.files)
            Issue.record("not refused")
        } catch let error as NotezError {
            expect(error.category, equals: .refused)
            expect(error.description.contains("'project/beta' to 'proj/beta', which already exists"))
        }
        try expect(
            TagRefactorPlanner.rename("project", to: "proj", exact: true, index: vault.index(), files: vault.files).steps.count, equals: 1)
        expect(throws: NotezError.usage("no tag 'nothing'; see the tags with 'notez tag list'")) {
            try TagRefactorPlanner.rename("nothing", to: "x", index: vault.index(), files: vault.files)
        }
    }

    @Test func renameIntoItsOwnChildOrdersTheEdits() throws {
        // x → x/y while x/y exists: x/y becomes x/y/y first, then x becomes x/y (no merge of the two).
        let vault = try TemporaryVault(["n.md": "---\ntags: [x, x/y, z]\n---\n"])
        defer { vault.remove() }
        try vault.run(TagRefactorPlanner.rename("x", to: "x/y", index: vault.index(), files: vault.files))
        expect(vault.text("n.md"), equals: "---\ntags: [x/y, x/y/y, z]\n---\n")
    }

    @Test func caseOnlyRenameRewritesEverySpelling() throws {
        let vault = try TemporaryVault([
            "w1.md": "---\ntags: [work]\n---\n",
            "w2.md": "---\ntags: [Work, x]\n---\n",
            "w3.md": "---\ntags:\n  - WORK\n  - y\n---\n",
            ".notez/tags.yaml": Self.registry + "\"work\": {color: \"red\"}\n",
        ])
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.rename("work", to: "Work", index: vault.index(), files: vault.files)
        expect(plan.steps.map(\.path), equals: ["w1.md", "w3.md", ".notez/tags.yaml"])
        try vault.run(plan)
        expect(vault.text("w1.md"), equals: "---\ntags: [Work]\n---\n")
        expect(vault.text("w2.md"), equals: "---\ntags: [Work, x]\n---\n")
        expect(vault.text("w3.md"), equals: "---\ntags:\n  - Work\n  - y\n---\n")
        expect(vault.text(".notez/tags.yaml"), equals: Self.registry + "\"Work\": {color: \"red\"}\n")
    }

    @Test func deleteRemovesExactlyTheTagsAndAsksFirst() throws {
        let vault = try TemporaryVault(Self.mergeVault)
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.delete(["later", "x"], index: vault.index(), files: vault.files)
        expect(plan.steps.map(\.path), equals: ["b.md", "c.md", ".notez/tags.yaml"])
        expect(plan.confirmation, equals: "Delete tags 'later', 'x' from 2 notes and from the registry? (`notez undo` can reverse it.)")
        expect(TagOperationDetails(plan.details)?.sources.map(\.notes) == [["b.md", "c.md"], ["c.md"]])
        try vault.run(plan)
        expect(vault.text("b.md"), equals: "---\ntitle: B\ntags:\n  - Ideas\n  - someday\n---\nB\n")
        expect(vault.text("c.md"), equals: "---\ntags: [ideas]\n---\nC\n")
        expect(vault.text(".notez/tags.yaml"), equals: Self.registry + "\"ideas\": {color: \"yellow\"}\n\"work\": {}\n")
    }

    @Test func filesTheEditorRefusesAreSkippedAndTheRestIsDone() throws {
        let vault = try TemporaryVault([
            "ok.md": "---\ntags: [old]\n---\n",
            "anchor.md": "---\ntags: &t [old]\n---\n",
        ])
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.rename("old", to: "new", index: vault.index(), files: vault.files)
        expect(plan.steps.map(\.path), equals: ["ok.md"])
        expect(plan.skipped.map(\.path), equals: ["anchor.md"])
    }

    @Test func stepsCarryTheExactFrontMatterButNeverTheBody() throws {
        let body = String(repeating: "long body line\n", count: 500)
        let vault = try TemporaryVault(["n.md": "---\ntags: [a]\n---\n" + body])
        defer { vault.remove() }
        let plan = try TagRefactorPlanner.merge(["a"], into: "b", index: vault.index(), files: vault.files)
        expect(plan.steps[0].frontMatter, equals: FrontMatterChange(before: "---\ntags: [a]\n---\n", after: "---\ntags: [b]\n---\n"))
        expect(plan.previews[PathKey("n.md")]?.before.count == "---\ntags: [a]\n---\n".utf8.count)
        let data = try JSONEncoder().encode(JournalRecord(id: "x", plan: plan, time: 0))
        expect(!String(decoding: data, as: UTF8.self).contains("long body line"))
    }
}
