import Foundation
import Testing
import NotezTestSupport

@testable import NotezKit

struct VaultIndexTests {
    /// A vault with folders three deep, unsorted notes, tags in several spellings and pinned notes.
    static func makeVault() throws -> ScratchFolder {
        let vault = try ScratchFolder()
        try vault.write("Inbox.md", "---\ntags: [Work, ideas]\nmodified: 2024-01-03\n---\n# Inbox\n")
        try vault.write("Loose.md", "No front matter at all.\n")
        try vault.write("Work/Plan.md", "---\ntitle: Plan\ntags: [work, project/alpha]\npinned: true\nmodified: 2024-01-01\n---\n")
        try vault.write("Work/Projects/Alpha/Spec.md", "---\ntags:\n  - project/alpha\n  - work\nmodified: 2024-01-05\n---\n")
        try vault.write("Work/Projects/Beta.md", "---\ntags: project/beta\nmodified: 2024-01-04\n---\n")
        try vault.write("Personal/Recipes/Soup.md", "---\ntags: [food]\npinned: yes\nmodified: 2023-12-01\n---\n")
        try vault.write("Personal/zeta.md", "---\ntags: [WORK]\nmodified: 2024-01-02\n---\n")
        try vault.mkdir("Empty")
        try vault.write(".obsidian/ignored.md", "---\ntags: [hidden]\n---\n")
        try vault.write(".notez/config.yaml", "ignore: [\"Templates/*\", \"*.draft.md\"]\n")
        try vault.write(".notez/tags.yaml", "\"someday\": {}\n\"ideas\": {color: \"yellow\"}\n")
        try vault.write(".notez/folders.yaml", "\"Work\": {color: \"blue\"}\n")
        try vault.write("Templates/T.md", "---\ntags: [template]\n---\n")
        try vault.write("Work/wip.draft.md", "draft\n")
        return vault
    }

    @Test func countsFoldersRecursively() throws {
        let vault = try Self.makeVault()
        let index = try IndexBuilder.build(root: vault.path)
        expect(index.notes.count, equals: 7)
        expect(index.folderTree.count, equals: 7)
        expect(index.folderTree.direct, equals: 2)
        let names = index.folderTree.children.map(\.name)
        expect(names, equals: ["Empty", "Personal", "Work"])
        let work = try #require(index.folderTree.find("Work"))
        expect(work.count, equals: 3)
        expect(work.direct, equals: 1)
        expect(work.color?.text == "blue")
        expect(index.folderTree.find("Work/Projects")?.count == 2)
        expect(index.folderTree.find("Work/Projects/Alpha")?.count == 1)
        expect(index.folderTree.find("Personal")?.count == 2)
        expect(index.folderTree.find("Empty")?.count == 0)
        // `Templates/*` hides the folder itself, not only its notes.
        expect(index.folderTree.find("Templates") == nil)
    }

    @Test func tagsAreCaseInsensitiveWithDisplaySpelling() throws {
        let vault = try Self.makeVault()
        let index = try IndexBuilder.build(root: vault.path)
        let summary = index.tags.map { "\($0.name)=\($0.count)" }
        expect(summary, equals: ["food=1", "ideas=1", "project/alpha=2", "project/beta=1", "someday=0", "work=4"])
        expect(index.tag(TagKey("IDEAS"))?.color?.text == "yellow")
        expect(index.notes(withTag: TagKey("project")).count, equals: 3)
        expect(index.notes(withTag: TagKey("project"), includeChildren: false).isEmpty)
    }

    @Test func ordersPinnedFirstThenNewest() throws {
        let vault = try Self.makeVault()
        let index = try IndexBuilder.build(root: vault.path)
        let all = index.notes(inFolder: "", recursive: true).map(\.path)
        // Loose.md has no dates, so its file time (just now) makes it the newest unpinned note.
        expect(
            all, equals: [
                "Work/Plan.md", "Personal/Recipes/Soup.md", "Loose.md", "Work/Projects/Alpha/Spec.md",
                "Work/Projects/Beta.md", "Inbox.md", "Personal/zeta.md",
            ])
        expect(index.unsortedNotes.map(\.path), equals: ["Loose.md", "Inbox.md"])
        expect(index.pinnedNotes.map(\.path), equals: ["Work/Plan.md", "Personal/Recipes/Soup.md"])
    }

    @Test func resolvesNoteArguments() throws {
        let vault = try Self.makeVault()
        try vault.write("Other/Plan.md", "# Plan\n")
        try vault.write("Work/Quarterly goals.md", "# Q3 goals\n")
        let index = try IndexBuilder.build(root: vault.path)
        try expect(index.resolve("Work/Plan").path, equals: "Work/Plan.md")
        try expect(index.resolve("Work/Plan.md").path, equals: "Work/Plan.md")
        try expect(index.resolve("inbox").path, equals: "Inbox.md")
        // A file name whose title differs (`Q3 goals`) still names the note.
        try expect(index.resolve("quarterly GOALS").path, equals: "Work/Quarterly goals.md")
        expect(throws: NotezError.ambiguousNote("plan", candidates: ["Other/Plan.md", "Work/Plan.md"])) {
            try index.resolve("plan")
        }
        expect(throws: NotezError.noteNotFound("nothing")) { try index.resolve("nothing") }
    }

    @Test func walkerSkipsSymlinkedFoldersAndLoops() throws {
        let vault = try ScratchFolder()
        try vault.write("A/real.md", "# Real\n")
        try vault.symlink("A/loop", to: vault.path + "/A")
        try vault.symlink("linked-folder", to: vault.path + "/A")
        try vault.symlink("link.md", to: vault.path + "/A/real.md")
        try vault.symlink("dangling.md", to: vault.path + "/nowhere.md")
        let listing = VaultWalker(root: vault.path).walk()
        expect(listing.notes, equals: ["A/real.md", "link.md"])
        expect(listing.symlinkedNotes, equals: ["link.md"])
        expect(listing.folders, equals: ["A"])
    }

    @Test func unreadableFolderIsReportedAndRestIndexed() throws {
        guard getuid() != 0 else { return }  // root can read anything; permissions cannot be tested
        let vault = try ScratchFolder()
        try vault.write("ok.md", "# ok\n")
        try vault.write("Locked/secret.md", "# s\n")
        chmod(vault.path + "/Locked", 0)
        defer { chmod(vault.path + "/Locked", 0o755) }
        let index = try IndexBuilder.build(root: vault.path)
        expect(index.notes.map(\.path), equals: ["ok.md"])
        expect(index.walkProblems.map(\.path), equals: ["Locked"])
    }

    @Test func checkFindsClashesAndVariants() throws {
        let vault = try ScratchFolder()
        try vault.write("Work/a.md", "---\ntags: [Open Science, Work]\n---\n")
        try vault.write("work/b.md", "---\ntags: [open-science, work]\n---\n")
        try vault.write("bad.md", "---\ntags: [x\n---\n")
        let index = try IndexBuilder.build(root: vault.path)
        let texts = VaultCheck(index: index).findings.map(\.text)
        expect(texts.count, equals: 4)
        expect(texts[0].hasPrefix("bad.md:3:1: "))
        expect(texts.contains(": folders differ only in case: Work, work") || texts.contains("folders differ only in case: Work, work"))
        expect(texts.contains("tag spelled in 2 ways (same tag, case differs): 'Work' (1), 'work' (1)"))
        expect(
            texts.contains("tags differ only in separators: 'open-science', 'Open Science'")
                || texts.contains("tags differ only in separators: 'Open Science', 'open-science'"))
    }

    @Test func hugeFrontMatterIsReportedNotParsed() throws {
        let vault = try ScratchFolder()
        let big = "---\n" + String(repeating: "key: value value value value value\n", count: 300_000) + "---\n# Big\n"
        try vault.write("big.md", big)
        try vault.write("small.md", "---\ntags: [a]\n---\n")
        let index = try IndexBuilder.build(root: vault.path)
        expect(index.note(at: "big.md")?.problem?.kind == .frontMatterTooLarge)
        expect(index.note(at: "small.md")?.tags == ["a"])
    }

    @Test func largeFrontMatterBeyondPrefixIsRead() throws {
        let vault = try ScratchFolder()
        let text = "---\nnotes: \"" + String(repeating: "x", count: 10_000) + "\"\ntags: [late]\n---\n"
        try vault.write("long.md", text)
        let index = try IndexBuilder.build(root: vault.path)
        expect(index.note(at: "long.md")?.tags == ["late"])
    }
}
