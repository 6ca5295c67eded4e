import Testing

@testable import NotezKit
import NotezTestSupport

struct PathKeyTests {
    static let nfc = "caf\u{E9}.md"
    static let nfd = "cafe\u{301}.md"

    @Test func comparesAndHashesBytes() {
        expect(Self.nfc, equals: Self.nfd)  // what String does, and why PathKey exists
        expect(PathKey(Self.nfc) != PathKey(Self.nfd))
        expect(Set([PathKey(Self.nfc), PathKey(Self.nfd)]).count, equals: 2)
        expect(PathKey("a/b"), equals: PathKey("a/b"))
    }

    @Test func insideIsByBytesAndByComponent() {
        expect(PathKey.isSelfOrInside("caf\u{E9}/x.md", folder: "caf\u{E9}"))
        expect(!PathKey.isSelfOrInside("caf\u{E9}/x.md", folder: "cafe\u{301}"))
        expect(!PathKey.isSelfOrInside("cafes/x.md", folder: "cafe"))
        expect(PathKey.isSelfOrInside("cafe", folder: "cafe"))
        expect(PathKey.isSelfOrInside("anything", folder: ""))
    }

    @Test func indexKeepsBothTwinsAndResolvesEachExactly() throws {
        let stamp = FileStamp(inode: 1, size: 1, mtimeNanos: 0)
        let notes = [Self.nfc, Self.nfd].map { path in
            Note(
                path: path, folder: "", title: "café", tags: [PathKey.sameBytes(path, Self.nfc) ? "nfc" : "nfd"], tagKeys: [],
                pinned: false,
                created: 0, modified: 0, snippet: "", stamp: stamp)
        }
        let index = VaultIndex(root: "/v", config: VaultConfig(), notes: notes, folders: ["caf\u{E9}", "cafe\u{301}"])
        try expect(index.resolve(Self.nfc).tags, equals: ["nfc"])
        try expect(index.resolve(Self.nfd).tags, equals: ["nfd"])
        try expect(index.resolve("cafe\u{301}").tags, equals: ["nfd"])
        expect(index.folderTree.children.count, equals: 2)
        try expect(index.resolveFolder("cafe\u{301}").path.utf8.count, equals: 6)
        expect(throws: NotezError.self) { try index.resolve("CAFÉ") }  // ambiguous by title: never a guess
    }
}
