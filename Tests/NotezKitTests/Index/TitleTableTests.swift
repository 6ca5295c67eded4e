import Foundation
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
    ]

    static func visited(_ table: TitleTable, _ words: [String]) -> [String] {
        var seen: [String] = []
        table.candidates(containing: words.map { Array($0.utf8) }) { folder, title, tags in
            seen.append(([folder, title] + tags).joined(separator: "|"))
        }
        return seen
    }

    @Test func roundTripsEveryNoteExactly() throws {
        let table = try #require(TitleTable(bytes: TitleTable.encode(Self.notes)))
        #expect(table.count == Self.notes.count)
        let all = Self.visited(table, ["weekly", "alpha", "lentil", "zürich", "retro"]) + Self.visited(table, [""])
        for note in Self.notes where !note.title.isEmpty {
            #expect(all.contains(([note.folder, note.title] + note.tags).joined(separator: "|")), "\(note.path)")
        }
    }

    @Test func findsCandidatesCaseInsensitivelyAndOnlyOnce() throws {
        let table = try #require(TitleTable(bytes: TitleTable.encode(Self.notes)))
        #expect(Self.visited(table, ["retro", "alpha"]) == [
            "Work/Meetings|Alpha retro|meeting|project/alpha", "Work/Projects|Alpha project plan|project/alpha",
            "Odd\tfolder\\x|Retro\nwith a line break\tand tab \\t|tab\ttag|back\\slash",
        ].sorted { a, b in Self.position(a) < Self.position(b) })
        #expect(Self.visited(table, ["zürich"]) == ["Zürich|Zürich trip|Reise"])
        #expect(Self.visited(table, ["reise"]) == ["Zürich|Zürich trip|Reise"])
        #expect(Self.visited(table, ["nothing"]).isEmpty)
        // Inside a longer word, or only in the folder: not a candidate. After an escape: a candidate.
        #expect(Self.visited(table, ["lent", "soup2", "recipes", "eekly"]).isEmpty)
        #expect(Self.visited(table, ["with"]) == ["Odd\tfolder\\x|Retro\nwith a line break\tand tab \\t|tab\ttag|back\\slash"])
    }

    static func position(_ line: String) -> Int {
        Self.notes.firstIndex { ([$0.folder, $0.title] + $0.tags).joined(separator: "|") == line } ?? -1
    }

    @Test(arguments: [1, 2, 4, 5, 30])
    func tornOrForeignTablesAreRejected(cut: Int) {
        let bytes = TitleTable.encode(Self.notes)
        #expect(TitleTable(bytes: Array(bytes.dropLast(cut))) == nil)
        #expect(TitleTable(bytes: Array(bytes.dropFirst(cut))) == nil)
        #expect(TitleTable(bytes: Array("notez-titles\t2\t0\nend\n".utf8)) == nil)
        #expect(TitleTable(bytes: Array("notez-titles\t1\t0\nend\n".utf8))?.count == 0)
    }

    /// The table ranks folders exactly as the index does.
    @Test(arguments: ["Alpha retro notes", "weekly meeting", "zürich reise", "lentil", "nothing matches", ""])
    func rankingFromTheTableEqualsRankingFromTheIndex(text: String) throws {
        let index = VaultIndex(root: "/nonexistent", config: VaultConfig(), notes: Self.notes, folders: [])
        let table = try #require(TitleTable(bytes: TitleTable.encode(index.notes)))
        #expect(TextSimilarity.rankFolders(text, table: table).folders == TextSimilarity.rank(text, index: index).folders)
        #expect(TextSimilarity.rankFolders(text, table: table).tags.isEmpty)
    }
}
