import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct NoteOrderTests {
    private func note(_ path: String, title: String, created: Double, modified: Double, size: Int64) -> Note {
        Note(
            path: path, folder: "", title: title, tags: [], tagKeys: [], pinned: false, created: created, modified: modified,
            snippet: "", stamp: FileStamp(inode: 0, size: size, mtimeNanos: 0))
    }

    private var notes: [Note] {
        [
            note("b.md", title: "beta", created: 10, modified: 30, size: 5),
            note("a.md", title: "Alpha", created: 20, modified: 30, size: 700),
            note("c.md", title: "alpha", created: 30, modified: 10, size: 5),
        ]
    }

    @Test func readsSignsBeforeOrAfterTheKey() {
        expect(NoteOrder(parsing: "modified"), equals: NoteOrder(.modified, descending: true))
        expect(NoteOrder(parsing: "-modified"), equals: NoteOrder(.modified, descending: true))
        expect(NoteOrder(parsing: "modified+"), equals: NoteOrder(.modified, descending: false))
        expect(NoteOrder(parsing: "+title"), equals: NoteOrder(.title, descending: false))
        expect(NoteOrder(parsing: "title-"), equals: NoteOrder(.title, descending: true))
        expect(NoteOrder(parsing: "SIZE"), equals: NoteOrder(.size, descending: true))
        expect(NoteOrder(parsing: "random"), equals: NoteOrder(.random))
        for bad in ["", "-", "+-title", "-title-", "words", "random-", "+random", "title--"] {
            expect(NoteOrder(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func naturalDirectionsMatchTheOldSortKeys() {
        for key in NoteSortKey.allCases {
            let order = NoteOrder(parsing: key.rawValue)!
            expect(order.sorted(notes).map(\.path), equals: key.sorted(notes).map(\.path), "\(key)")
        }
    }

    @Test func eachKeyEachDirectionTiesByPath() {
        func paths(_ text: String) -> [String] { NoteOrder(parsing: text)!.sorted(notes).map(\.path) }
        expect(paths("path"), equals: ["a.md", "b.md", "c.md"])
        expect(paths("-path"), equals: ["c.md", "b.md", "a.md"])
        expect(paths("size"), equals: ["a.md", "b.md", "c.md"])
        expect(paths("+size"), equals: ["b.md", "c.md", "a.md"])
        expect(paths("+modified"), equals: ["c.md", "a.md", "b.md"])
        expect(paths("-title"), equals: ["b.md", "a.md", "c.md"])
        expect(paths("+created"), equals: ["b.md", "a.md", "c.md"])
        expect(Set(paths("random")), equals: ["a.md", "b.md", "c.md"])
    }
}
