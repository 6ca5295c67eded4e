import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The title table: a capture's stand-in for the notes when routing by similarity.
@Suite struct TitleTableTests {
    static func note(_ path: String, title: String, tags: [String] = []) -> Note {
        Note(
            path: path, folder: VaultPath.folder(of: path), title: title, tags: tags, tagKeys: tags.map { TagKey($0) }, pinned: false,
            created: 0, modified: 0, snippet: "", stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1))
    }

    static let notes = [
        note("Work/Meetings/a.md", title: "Weekly sync", tags: ["meeting", "work"]),
        note("Work/Meetings/b.md", title: "Alpha retro", tags: ["meeting", "project/alpha"]),
        note("Work/Projects/c.md", title: "Alpha project plan", tags: ["project/alpha"]),
        note("Personal/Recipes/d.md", title: "Lentil soup", tags: ["food"]),
        note("Zürich/e.md", title: "Zürich trip", tags: ["Reise"]),
        // Hostile names: separators and escapes in folders, titles and tags survive exactly.
        note("Odd\tfolder\\x/f.md", title: "Retro\nwith a line break\tand tab \\t", tags: ["tab\ttag", "back\\slash"]),
        note("g.md", title: "", tags: []),
        note("Work/Meetings/h.md", title: "Retro retro RETRO the of", tags: []),
    ]

    /// The table of `bytes`, through a file as it is read in use.
    static func table(_ bytes: [UInt8], in scratch: ScratchFolder) throws -> TitleTable? {
        let path = try scratch.write("titles.bin", Data(bytes))
        return MappedFile(path: path).flatMap(TitleTable.init(file:))
    }

    @Test func holdsEveryNoteExactly() throws {
        let scratch = try ScratchFolder()
        let table = try #require(try Self.table(TitleTable.encode(Self.notes), in: scratch))
        expect(table.count, equals: Self.notes.count)
        for (number, note) in Self.notes.enumerated() {
            expect(table.title(number), equals: note.title)
            expect(table.folderNumber(number).flatMap(table.folder), equals: note.folder)
        }
        // Out of range: nothing, never a crash.
        expect(table.title(-1) == "" && table.title(Self.notes.count) == "")
        expect(table.folderNumber(Self.notes.count) == nil)
    }

    @Test func findsTheNotesOfAWordCaseInsensitivelyAndWholeWordsOnly() throws {
        let scratch = try ScratchFolder()
        let table = try #require(try Self.table(TitleTable.encode(Self.notes), in: scratch))
        func notes(_ word: String) -> [Int] { table.notes(having: Array(word.utf8)) }
        expect(notes("retro"), equals: [1, 5, 7])
        expect(notes("alpha"), equals: [1, 2])
        expect(notes("meeting"), equals: [0, 1])
        expect(notes("zürich"), equals: [4])
        expect(notes("reise"), equals: [4])
        expect(notes("line"), equals: [5])
        expect(notes("tag"), equals: [5])
        // Inside a longer word, only in the folder, a stop word, or nothing: no note.
        for word in ["lent", "soup2", "recipes", "eekly", "the", "with", "nothing", "", "zzzz", "a"] { expect(notes(word).isEmpty, "\(word)") }
        // The word count ranking uses: repeats in ASCII text count, stop words do not.
        expect(table.wordLength(7), equals: 3)
        expect(table.wordLength(0), equals: 4)
    }

    @Test(arguments: [1, 2, 7, 8, 9, 30, 100])
    func tornOrForeignTablesAreRejected(cut: Int) throws {
        let scratch = try ScratchFolder()
        let bytes = TitleTable.encode(Self.notes)
        expect(try Self.table(Array(bytes.dropLast(cut)), in: scratch) == nil)
        expect(try Self.table(Array(bytes.dropFirst(cut)), in: scratch) == nil)
        expect(try Self.table(bytes + Array(repeating: 0, count: cut), in: scratch) == nil)
    }

    @Test func otherVersionsAndGarbageAreRejected() throws {
        let scratch = try ScratchFolder()
        var bytes = TitleTable.encode(Self.notes)
        bytes[8] = 3
        expect(try Self.table(bytes, in: scratch) == nil)
        expect(try Self.table(Array("notez-titles\t1\t0\nend\n".utf8), in: scratch) == nil)
        expect(try Self.table(Array(repeating: 0xFF, count: 4096), in: scratch) == nil)
        expect(try Self.table([], in: scratch) == nil)
        // A count too large for the file is refused before any arithmetic on it.
        var huge = TitleTable.encode(Self.notes)
        for position in 16..<24 { huge[position] = 0xFF }
        expect(try Self.table(huge, in: scratch) == nil)
        expect(try Self.table(TitleTable.encode([]), in: scratch)?.count == 0)
    }

    /// Damage inside the areas (the sizes still add up) gives worse answers, never a crash.
    @Test func damagedAreasNeverCrash() throws {
        let scratch = try ScratchFolder()
        let bytes = TitleTable.encode(Self.notes)
        var loaded = 0
        defer { expect(loaded > 50) }
        for position in stride(from: TitleTable.headerSize, to: bytes.count - 8, by: 3) {
            var damaged = bytes
            for offset in position..<min(position + 4, bytes.count - 8) { damaged[offset] = 0xFF }
            // Damage to an area's last offset is caught on load; the rest only when read.
            guard let table = try Self.table(damaged, in: scratch) else { continue }
            loaded += 1
            _ = TextSimilarity.rankFolders("Alpha retro weekly zürich lentil", table: table)
            for number in -1...Self.notes.count {
                _ = table.title(number)
                _ = table.folderNumber(number).flatMap(table.folder)
            }
        }
    }

    @Test func symlinkedAndForeignFilesAreNotMapped() throws {
        let scratch = try ScratchFolder()
        let real = try scratch.write("real.bin", Data(TitleTable.encode(Self.notes)))
        expect(MappedFile(path: real) != nil)
        try scratch.symlink("link.bin", to: real)
        expect(MappedFile(path: scratch.path + "/link.bin") == nil)
        try scratch.mkdir("folder.bin")
        expect(MappedFile(path: scratch.path + "/folder.bin") == nil)
        // Another user's file: made so when running as root, else one root owns.
        if getuid() == 0 {
            expect(chown(real, 65534, 65534), equals: 0)
            expect(MappedFile(path: real) == nil)
        } else {
            expect(MappedFile(path: "/etc/passwd") == nil)
        }
    }

    /// The table ranks folders exactly as the index does.
    @Test(arguments: ["Alpha retro notes", "weekly meeting", "zürich reise", "lentil", "nothing matches", "", "retro with tag"])
    func rankingFromTheTableEqualsRankingFromTheIndex(text: String) throws {
        let scratch = try ScratchFolder()
        let index = VaultIndex(root: "/nonexistent", config: VaultConfig(), notes: Self.notes, folders: [])
        let table = try #require(try Self.table(TitleTable.encode(index.notes), in: scratch))
        expect(TextSimilarity.rankFolders(text, table: table).folders, equals: TextSimilarity.rank(text, index: index).folders)
        expect(TextSimilarity.rankFolders(text, table: table).tags.isEmpty)
    }

    /// Captures added since the table was written count as if the table held them.
    @Test(arguments: ["Alpha retro notes", "weekly meeting", "retro with tag", "quokka"])
    func additionsRankAsIfTheTableHeldThem(text: String) throws {
        let scratch = try ScratchFolder()
        let later = [
            Self.note("Work/Projects/q.md", title: "Quokka retro", tags: ["project/alpha"]),
            Self.note("Odd\tfolder\\x/r.md", title: "Weekly\tquokka", tags: ["with\nline"]),
        ]
        let index = VaultIndex(root: "/nonexistent", config: VaultConfig(), notes: Self.notes + later, folders: [])
        let table = try #require(try Self.table(TitleTable.encode(Self.notes), in: scratch))
        let added = TitleAdditions(
            bytes: later.flatMap { TitleAdditions.encode(TitleAdditions.Entry(folder: $0.folder, title: $0.title, tags: $0.tags)) })
        expect(added.entries.count, equals: 2)
        expect(TextSimilarity.rankFolders(text, table: table, added: added).folders, equals: TextSimilarity.rank(text, index: index).folders)
    }

    @Test func additionsSkipATornLastLineAndKeepEscapes() {
        let entry = TitleAdditions.Entry(folder: "A\\b", title: "T\ti\nt\rle", tags: ["x", ""])
        let line = TitleAdditions.encode(entry)
        expect(TitleAdditions(bytes: line).entries, equals: [entry])
        expect(TitleAdditions(bytes: line + line.dropLast()).entries, equals: [entry])
        expect(TitleAdditions(bytes: Array("only-one-field\n\n".utf8) + line).entries, equals: [entry])
        expect(TitleAdditions(bytes: []).entries.isEmpty)
    }
}
