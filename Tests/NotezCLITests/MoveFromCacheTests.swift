import Foundation
import NotezTestSupport
import Testing

/// `mv` with a current index cache plans from it (`LinkFocus`, as `rename` does) and does exactly
/// what it does without a cache: same stdout, stderr, status and bytes, and an undo that gives
/// every byte back (`RenameFromCacheTests.compare` runs both copies).
@Suite("mv from the index cache ≡ without a cache")
struct MoveFromCacheTests {
    @Test("moves of linked notes, a dry run, --create, a note already there and an unknown note")
    func movesAsWithoutACache() throws {
        try RenameFromCacheTests.compare([
            ["mv", "API design notes", "Personal", "--dry-run"],
            ["mv", "Work/Projects/Alpha/API design notes.md", "Personal"],
            ["mv", "Team handbook", "Sourdough bread", "Archive/2023"],
            ["mv", "Lentil soup", "Work/New/Deeper", "--create"],
            ["mv", "Vendor comparison", "Work/Projects/Beta"],
            ["mv", "No such note at all", "Personal"],
            ["mv", "Packing list", "/"],
        ])
    }

    /// A name taken in the target folder numbers the moved note (`Team handbook 2.md`): the plan
    /// is made again from an index that knows the new name, and links by the old name that would
    /// now find the other note are written with enough path.
    @Test("a name taken in the target folder, and links that would become ambiguous")
    func numberedNameAsWithoutACache() throws {
        try RenameFromCacheTests.compare(
            [["mv", "Work/Team handbook.md", "Personal"], ["mv", "Reading/Books/Thinking in Systems.md", "Personal"]],
            setUp: { vault in
                try vault.write("Personal/Team handbook.md", "A different handbook; see [[Team handbook]] and [[Handbook 2]].\n")
                try vault.write("Personal/Team handbook 2.md", "Taken too.\n")
                try vault.write("Personal/Thinking in Systems 2.md", "[[Thinking in Systems]]\n")
            })
    }

    @Test("notes edited or added since the cache was written are read again")
    func changedNotesAsWithoutACache() throws {
        try RenameFromCacheTests.compare([["mv", "Team handbook", "Sourdough bread", "Reading"]]) { vault in
            let file = vault.url.appendingPathComponent("Reading/Reading list 2025.md")
            var text = try String(contentsOf: file, encoding: .utf8)
            text += "\nAlso [[Team handbook|the handbook]] and [bread](../Personal/Recipes/Sourdough%20bread.md).\n"
            try vault.write("Reading/Reading list 2025.md", text)
            try vault.write("Work/New page.md", "See [[Work/Team handbook]] and [x](Team%20handbook.md).\n")
        }
    }

    /// A moved note that links to a file which may move with it needs every note's links
    /// (`SoleAttachments`): planned from the whole index, as without a cache, whether the file is
    /// the note's own (it moves) or shared with a note the cache holds (it stays).
    @Test("attachments that move with the note, and one that another note shares")
    func attachmentsAsWithoutACache() throws {
        try RenameFromCacheTests.compare(
            [["mv", "API design notes", "Personal"], ["mv", "Beta kickoff", "Personal"]],
            setUp: { vault in
                try vault.write("Work/Projects/Alpha/attachments/diagram.png", "png")
                try vault.write("Work/Projects/Beta/attachments/shared.png", "png")
                try vault.append("Work/Projects/Alpha/API design notes.md", "\n![[diagram.png]]\n")
                try vault.append("Work/Projects/Beta/Beta kickoff.md", "\n![[shared.png]]\n")
                try vault.append("Work/Projects/Beta/Open questions.md", "\n![[shared.png]]\n")
            })
    }

    /// Hostile: a note linking to the moved note is a symlink to a file outside the vault (in the
    /// cache, and added after it), a symlinked note is named to move, and `.git/` holds a
    /// note-like file with such a link. Nothing outside the vault or in `.git/` is written.
    @Test("symlinked notes and .git/ are never written through, with the cache as without")
    func symlinksAndGitAreLeftAlone() throws {
        let outside = try TempVault()
        try outside.write("secret.md", "See [[Team handbook]].\n")
        try outside.write("later.md", "And [[Team handbook]] and [t](Work/Team%20handbook.md) again.\n")
        let before = try outside.snapshot()
        var gits: [TempVault] = []
        try RenameFromCacheTests.compare(
            [["mv", "Team handbook", "Personal"], ["mv", "Work/Linked.md", "Personal"]],
            setUp: { vault in
                try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Linked.md", withDestinationPath: outside.path + "/secret.md")
                try vault.write(".git/notes.md", "[[Team handbook]]\n")
                gits.append(vault)
            },
            prepare: { vault in
                try FileManager.default.createSymbolicLink(atPath: vault.path + "/Later.md", withDestinationPath: outside.path + "/later.md")
            })
        try expect(outside.snapshot(), equals: before)
        expect(gits.count, equals: 2)
        for vault in gits {
            try expect(String(contentsOfFile: vault.path + "/.git/notes.md", encoding: .utf8), equals: "[[Team handbook]]\n")
            try expect(FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/Work/Linked.md"), equals: outside.path + "/secret.md")
        }
    }
}

extension TempVault {
    /// Appends `text` to the note at `relative`.
    fileprivate func append(_ relative: String, _ text: String) throws {
        let before = try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
        try write(relative, before + text)
    }
}
