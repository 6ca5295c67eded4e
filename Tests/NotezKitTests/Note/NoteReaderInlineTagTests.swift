import Testing

@testable import NotezKit
import NotezTestSupport

struct NoteReaderInlineTagTests {
    func parse(_ text: String, complete: Bool = true) -> Note {
        let bytes = Array(text.utf8)
        let stamp = FileStamp(inode: 1, size: Int64(bytes.count), mtimeNanos: 1_700_000_000_000_000_000)
        return NoteReader.parse(NoteReader.Contents(bytes: bytes, isComplete: complete, stamp: stamp), relativePath: "n.md")
    }

    @Test func inlineAndFrontMatterTagsAreOneSpace() {
        let note = parse("---\ntags: [Work, plan]\n---\n# Title #heading-tag\nSome #work and #idea, #idea again.\n")
        expect(note.tags, equals: ["Work", "plan", "heading-tag", "idea"])
        expect(note.tagOrigins.map(\.label), equals: ["both", "frontmatter", "inline", "inline"])
        expect(note.tagKeys, equals: ["work", "plan", "heading-tag", "idea"].map { TagKey($0) })
    }

    @Test func noInlineTagsMeansNoOriginsArray() {
        let note = parse("---\ntags: [a]\n---\nbody without tags\n")
        expect(note.tagOrigins.isEmpty)
        expect(note.origin(ofTagAt: 0), equals: .frontMatter)
    }

    @Test func aPrefixReadHasNoInlineTags() {
        expect(parse("text #a", complete: false).tags.isEmpty)
    }

    @Test func frontMatterIsNotScannedForInlineTags() {
        let note = parse("---\ntitle: \"#notatag\"\n---\n")
        expect(note.tags.isEmpty)
    }

    @Test func cacheKeepsOrigins() throws {
        let note = parse("---\ntags: [a]\n---\n#a #b\n")
        let decoded = try #require(IndexCache.decode(IndexCache.encode([note])!))
        expect(decoded.first?.tagOrigins == note.tagOrigins)
        expect(decoded.first?.tags == note.tags)
        let plain = parse("---\ntags: [a]\n---\n")
        expect(IndexCache.decode(IndexCache.encode([plain])!)?.first?.tagOrigins.isEmpty == true)
    }

    @Test func indexCountsBySource() {
        let notes = [
            parse("---\ntags: [a]\n---\n#a\n"), parse("#a #b\n"), parse("---\ntags: [b]\n---\n"),
        ].enumerated().map { position, note in
            var copy = note
            copy.path = "n\(position).md"
            return copy
        }
        let index = VaultIndex(root: "/nonexistent", config: VaultConfig(), notes: notes, folders: [])
        let a = index.tag(TagKey("a"))
        let b = index.tag(TagKey("b"))
        expect(a?.count == 2 && a?.inlineCount == 2 && a?.frontMatterCount == 1)
        expect(b?.count == 2 && b?.inlineCount == 1 && b?.frontMatterCount == 1)
    }
}
