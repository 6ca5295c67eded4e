import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct PlannerTests {
    static let now = 1_714_554_000.0  // 2024-05-01T09:00:00Z

    @Test func newNoteGetsAFreeNameAndExactText() throws {
        let vault = try TemporaryVault(["Work/Idea.md": "x\n", "Work/idea 2.md": "y\n"])
        defer { vault.remove() }
        let plan = try NotePlanner.new(
            title: "Idea", folder: "Work", tags: ["inbox", "#Inbox"], body: "hello",
            now: Self.now, index: vault.index(), files: vault.files)
        expect(plan.details["created"], equals: ["Work/Idea 3.md"])
        expect(plan.dryRunText().contains("+++ b/Work/Idea 3.md"))
        try vault.run(plan)
        expect(
            vault.text("Work/Idea 3.md"), equals: "---\ncreated: 2024-05-01T09:00:00Z\nmodified: 2024-05-01T09:00:00Z\ntags: [inbox]\n---\nhello\n")
    }

    @Test(arguments: ["../x", "/etc", "a/../../b", "bad\u{7}folder", ".notez"])
    func newRefusesFoldersOutsideTheVault(folder: String) throws {
        let vault = try TemporaryVault(["a.md": "a\n"])
        defer { vault.remove() }
        expect(throws: NotezError.self) {
            try NotePlanner.new(title: "x", folder: folder, now: Self.now, index: vault.index(), files: vault.files)
        }
    }

    @Test func titleWithSlashesStaysInItsFolder() throws {
        let vault = try TemporaryVault(["a.md": "a\n"])
        defer { vault.remove() }
        let plan = try NotePlanner.new(title: "../../etc/passwd", now: Self.now, index: vault.index(), files: vault.files)
        expect(plan.details["created"], equals: ["-..-etc-passwd.md"])
    }

    @Test func moveSuffixesClashesAndReportsThem() throws {
        let vault = try TemporaryVault(["a/Note.md": "1\n", "b/Note.md": "2\n", "Target/note.md": "3\n"])
        defer { vault.remove() }
        let plan = try MovePlanner.move(
            notes: ["a/Note.md", "b/Note"], to: "Target", create: false, index: vault.index(), files: vault.files)
        expect(plan.steps, equals: [.move("a/Note.md", to: "Target/Note 2.md"), .move("b/Note.md", to: "Target/Note 3.md")])
        expect(plan.messages.count, equals: 2)
        expect(plan.dryRunText().contains("move a/Note.md -> Target/Note 2.md"))
        try vault.run(plan)
        expect(vault.text("Target/Note 2.md") == "1\n" && vault.text("Target/Note 3.md") == "2\n" && vault.text("Target/note.md") == "3\n")
    }

    @Test func moveNeedsAnExistingFolderUnlessCreate() throws {
        let vault = try TemporaryVault(["a.md": "a\n"])
        defer { vault.remove() }
        expect(throws: NotezError.self) {
            try MovePlanner.move(notes: ["a"], to: "New/Deep", create: false, index: vault.index(), files: vault.files)
        }
        let plan = try MovePlanner.move(notes: ["a"], to: "New/Deep", create: true, index: vault.index(), files: vault.files)
        expect(plan.steps, equals: [.createFolder("New"), .createFolder("New/Deep"), .move("a.md", to: "New/Deep/a.md")])
        expect(throws: NotezError.self) {
            try MovePlanner.move(notes: ["a"], to: "../out", create: true, index: vault.index(), files: vault.files)
        }
    }

    @Test func rmMovesToTheTrashWithInfo() throws {
        let vault = try TemporaryVault(["Work/Plan.md": "plan\n"])
        defer { vault.remove() }
        let plan = try TrashPlanner.trash(notes: ["Work/Plan"], now: Self.now, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files)
        try vault.run(plan)
        let items = TrashStore(root: vault.root).items()
        expect(items.count, equals: 1)
        expect(items.first?.originalPath == "Work/Plan.md")
        expect(items.first?.deleted == Self.now)
        expect(items.first.map { vault.text($0.storedPath) }, equals: "plan\n")
        expect(!vault.exists("Work/Plan.md") && vault.exists("Work"))
    }

    @Test func restoreGoesToTheRootWhenTheFolderIsGoneAndSuffixesClashes() throws {
        let vault = try TemporaryVault(["Gone/Plan.md": "old\n"])
        defer { vault.remove() }
        try vault.run(TrashPlanner.trash(notes: ["Gone/Plan"], now: Self.now, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files))
        try FileManager.default.removeItem(atPath: vault.root + "/Gone")
        try Data("new\n".utf8).write(to: URL(fileURLWithPath: vault.root + "/Plan.md"))
        let items = TrashStore(root: vault.root).items()
        let item = try TrashPlanner.resolve("Gone/Plan", in: items)
        let plan = try TrashPlanner.restore([item], arguments: ["Gone/Plan"], index: vault.index(), files: vault.files)
        expect(plan.messages.count, equals: 2)
        try vault.run(plan)
        expect(vault.text("Plan 2.md") == "old\n" && vault.text("Plan.md") == "new\n")
        expect(TrashStore(root: vault.root).items().isEmpty)
        expect(!vault.exists(".notez/trash/" + item.id))
    }

    @Test func trashDeleteAndPurge() throws {
        let vault = try TemporaryVault(["a.md": "a\n", "b.md": "b\n"])
        defer { vault.remove() }
        try vault.run(TrashPlanner.trash(notes: ["a"], now: Self.now - 40 * 86_400, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files))
        try vault.run(TrashPlanner.trash(notes: ["b"], now: Self.now, key: try MachineKey.loadOrCreate(), index: vault.index(), files: vault.files))
        let purge = try TrashPlanner.purge(days: 30, now: Self.now, index: vault.index(), files: vault.files)
        try vault.run(purge)
        expect(TrashStore(root: vault.root).items().map(\.originalPath), equals: ["b.md"])
        let empty = try TrashPlanner.empty(index: vault.index(), files: vault.files)
        expect(empty.confirmation != nil)
        try vault.run(empty)
        expect(TrashStore(root: vault.root).items().isEmpty)
        expect(try FileManager.default.contentsOfDirectory(atPath: vault.root + "/.notez/trash").isEmpty)
    }

    @Test func folderDeleteMovesEverythingOutAndSaysHowMany() throws {
        let vault = try TemporaryVault([
            "Work/a.md": "a\n", "Work/b.md": "b\n", "Work/pic.png": "png", "Work/Sub/c.md": "c\n",
            "a.md": "root a\n", "Sub/x.md": "x\n",
            ".notez/folders.yaml": "\"Work\": {color: \"red\"}\n\"Work/Sub\": {color: \"blue\"}\n",
        ])
        defer { vault.remove() }
        let plan = try FolderPlanner.delete("Work", index: vault.index(), files: vault.files)
        expect(plan.confirmation, equals: "Delete folder 'Work'? 2 notes will be moved to Unsorted Notes, 1 subfolder to the top level.")
        try vault.run(plan)
        expect(vault.text("a 2.md") == "a\n" && vault.text("a.md") == "root a\n" && vault.text("b.md") == "b\n")
        expect(vault.text("pic.png") == "png" && vault.text("Sub 2/c.md") == "c\n" && vault.text("Sub/x.md") == "x\n")
        expect(!vault.exists("Work"))
        try expect(FolderColors.load(root: vault.root).colors.map(\.path), equals: ["Sub 2"])
    }

    @Test func folderDeleteKeepsAFolderWithHiddenFiles() throws {
        let vault = try TemporaryVault(["Work/a.md": "a\n", "Work/.DS_Store": "x"])
        defer { vault.remove() }
        let plan = try FolderPlanner.delete("Work", index: vault.index(), files: vault.files)
        expect(!plan.steps.contains { $0.kind == .removeFolder })
        try vault.run(plan)
        expect(vault.text("a.md") == "a\n" && vault.text("Work/.DS_Store") == "x")
    }

    @Test func folderCreateRefusesCaseClashesAndEscapes() throws {
        let vault = try TemporaryVault([:], folders: ["Work"])
        defer { vault.remove() }
        expect(throws: NotezError.self) { try FolderPlanner.create("work", index: vault.index(), files: vault.files) }
        expect(throws: NotezError.self) { try FolderPlanner.create("Work", index: vault.index(), files: vault.files) }
        for bad in ["../x", "/etc", "a/\u{1}b", ".hidden"] {
            expect(throws: NotezError.self) { try FolderPlanner.create(bad, index: vault.index(), files: vault.files) }
        }
        let plan = try FolderPlanner.create("Work/Projects/Alpha", color: "Teal", index: vault.index(), files: vault.files)
        try vault.run(plan)
        expect(vault.folders().contains("Work/Projects/Alpha"))
        expect(vault.text(".notez/folders.yaml")?.contains("\"Work/Projects/Alpha\": {color: \"teal\"}") == true)
    }

    @Test func folderRenameMovesColorsAndRefusesBadNames() throws {
        let vault = try TemporaryVault(
            ["Work/Sub/a.md": "a\n", ".notez/folders.yaml": "\"Work/Sub\": {color: \"red\"}\n"], folders: ["Home"])
        defer { vault.remove() }
        for bad in ["../x", "a/b", "x\u{0}y", ".x", "home"] {
            expect(throws: NotezError.self) { try FolderPlanner.rename("Work", to: bad, index: vault.index(), files: vault.files) }
        }
        try vault.run(FolderPlanner.rename("Work", to: "Job", index: vault.index(), files: vault.files))
        expect(vault.text("Job/Sub/a.md"), equals: "a\n")
        expect(try FolderColors.load(root: vault.root).color(of: "Job/Sub")?.text == "red")
    }

    @Test func folderColorSetsAndClears() throws {
        let vault = try TemporaryVault([:], folders: ["Work"])
        defer { vault.remove() }
        expect(throws: NotezError.self) { try FolderPlanner.color("Work", color: "plaid", index: vault.index(), files: vault.files) }
        try vault.run(FolderPlanner.color("Work", color: "#00FF00", index: vault.index(), files: vault.files))
        expect(try FolderColors.load(root: vault.root).color(of: "Work")?.text == "#00FF00")
        try vault.run(FolderPlanner.color("Work", color: "none", index: vault.index(), files: vault.files))
        expect(try FolderColors.load(root: vault.root).colors.isEmpty)
    }

    @Test func tagCreateAndColor() throws {
        let vault = try TemporaryVault(["a.md": "---\ntags: [Ideas]\n---\n"])
        defer { vault.remove() }
        try vault.run(TagRegistryPlanner.create("inbox", color: "blue", index: vault.index(), files: vault.files))
        expect(throws: NotezError.self) { try TagRegistryPlanner.create("INBOX", index: vault.index(), files: vault.files) }
        expect(throws: NotezError.self) { try TagRegistryPlanner.create("a,b", index: vault.index(), files: vault.files) }
        try vault.run(TagRegistryPlanner.color("ideas", color: "red", index: vault.index(), files: vault.files))
        expect(throws: NotezError.self) { try TagRegistryPlanner.color("nope", color: "red", index: vault.index(), files: vault.files) }
        let registry = try TagRegistry.load(root: vault.root)
        expect(registry.entries, equals: [.init(name: "inbox", color: ColorName("blue")), .init(name: "Ideas", color: ColorName("red"))])
    }

    @Test
    func pinAndTagEditsPlanDiffs() throws {
        let vault = try TemporaryVault(["a.md": "---\ntags: [x]\n---\nbody\n"])
        defer { vault.remove() }
        let pin = try NotePlanner.setPinned(true, notes: ["a"], index: vault.index(), files: vault.files)
        expect(pin.dryRunText().contains("+pinned: true"))
        try vault.run(pin)
        try vault.run(NotePlanner.addTags(["y"], note: "a", index: vault.index(), files: vault.files))
        try vault.run(NotePlanner.removeTags(["x"], note: "a", index: vault.index(), files: vault.files))
        expect(try vault.index().note(at: "a.md")?.tags == ["y"])
        expect(try vault.index().note(at: "a.md")?.pinned == true)
        expect(vault.text("a.md")?.hasSuffix("---\nbody\n") == true)
    }
}
