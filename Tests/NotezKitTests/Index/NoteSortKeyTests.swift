import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct NoteSortKeyTests {
    private func note(_ path: String, title: String, created: Double, modified: Double, pinned: Bool = false) -> Note {
        Note(
            path: path, folder: "", title: title, tags: [], tagKeys: [], pinned: pinned, created: created, modified: modified,
            snippet: "", stamp: FileStamp(inode: 0, size: 0, mtimeNanos: 0))
    }

    @Test func ordersByEachKeyWithThePathAsTieBreaker() {
        let notes = [
            note("b.md", title: "beta", created: 10, modified: 30, pinned: true),
            note("a.md", title: "Alpha", created: 20, modified: 30),
            note("c.md", title: "alpha", created: 30, modified: 10),
        ]
        expect(NoteSortKey.modified.sorted(notes).map(\.path), equals: ["a.md", "b.md", "c.md"], "pinned does not count")
        expect(NoteSortKey.created.sorted(notes).map(\.path), equals: ["c.md", "a.md", "b.md"])
        expect(NoteSortKey.title.sorted(notes).map(\.path), equals: ["a.md", "c.md", "b.md"], "case-insensitive, ties by path")
        expect(NoteSortKey(rawValue: "size") == nil)
    }
}
