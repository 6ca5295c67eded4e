import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// Notes with NUL bytes, odd line endings and duplicate keys, oversized and non-regular files.
struct NoteReaderFidelityTests {
    static func contents(_ bytes: [UInt8]) -> NoteReader.Contents {
        NoteReader.Contents(
            bytes: bytes, isComplete: true, stamp: FileStamp(inode: 1, size: Int64(bytes.count), mtimeNanos: 0), birthSeconds: nil)
    }

    @Test func nulBytesInTheBodyKeepTheFrontMatter() {
        let bytes =
            Array("---\ntitle: Dump\ntags: [alpha, beta]\npinned: true\n---\nhello world\n".utf8) + [0, 0, 1, 0x1B, 0xFF]
            + Array(" zebra text\n".utf8)
        let note = NoteReader.parse(Self.contents(bytes), relativePath: "dump.md")
        expect(note.tags, equals: ["alpha", "beta"])
        expect(note.pinned)
        expect(note.title, equals: "Dump")
        expect(note.problem?.kind != .binary)
    }

    @Test("title_from: heading: the first level-1 heading outside code, as plain text; title: still wins")
    func titlesFromHeadings() {
        func title(_ text: String, fromHeading: Bool = true) -> String {
            NoteReader.parse(Self.contents(Array(text.utf8)), relativePath: "Folder/file name.md", titleFromHeading: fromHeading).title
        }
        expect(title("# Meeting with [[People/Dana|Dana]]\n"), equals: "Meeting with Dana")
        expect(title("```\n# not a heading\n```\n## Level two\n# Real one #\n"), equals: "Real one")
        expect(title("---\ntitle: Keyed\n---\n# Heading\n"), equals: "Keyed")
        expect(title("no heading\n"), equals: "file name")
        expect(title("# Heading\n", fromHeading: false), equals: "file name")
    }

    @Test func snippetOfABinaryDumpHasNoControlCharacters() {
        let bytes = Array("---\ntags: [x]\n---\nhello".utf8) + [0, 1, 2, 0x7F, 0xC2, 0x85, 0xFF, 0xFE] + Array("world\u{7}bell".utf8)
        let note = NoteReader.parse(Self.contents(bytes), relativePath: "dump.md")
        expect(note.snippet, equals: "hello world bell")
        expect(!note.snippet.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func nulInsideTheFrontMatterIsBinary() {
        let bytes = Array("---\ntags: [a".utf8) + [0] + Array("]\n---\nbody\n".utf8)
        let note = NoteReader.parse(Self.contents(bytes), relativePath: "x.md")
        expect(note.problem?.kind == .binary)
        expect(note.problem?.line == 2)
        expect(note.problem?.column == 9)
        expect(note.tags.isEmpty)
    }

    @Test func nulWithoutFrontMatterIsStillBinary() {
        let note = NoteReader.parse(Self.contents([0x89, 0x50, 0x4E, 0x47, 0, 0, 0]), relativePath: "x.md")
        expect(note.problem?.kind == .binary)
        expect(note.snippet.isEmpty)
    }

    @Test func doubledBOMIsReported() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("---\ntags: [a]\n---\n".utf8)
        let problem = NoteReader.parse(Self.contents(bytes), relativePath: "x.md").problem
        expect(problem?.kind == .doubledBOM)
        expect(problem?.line == 1)
    }

    @Test func crOnlyLineEndingsAreReported() {
        let problem = NoteReader.parse(Self.contents(Array("---\rtags: [a]\r---\rbody\r".utf8)), relativePath: "x.md").problem
        expect(problem?.kind == .crLineEndings)
        expect(problem?.line == 1)
        expect(problem?.column == 4)
        // CRLF is fine, and so is a lone CR after the first line break.
        expect(NoteReader.parse(Self.contents(Array("---\r\ntags: [a]\r\n---\r\n".utf8)), relativePath: "x.md").problem == nil)
        expect(NoteReader.parse(Self.contents(Array("text\nmore\rx".utf8)), relativePath: "x.md").problem == nil)
    }

    @Test func duplicateKeysAreReportedWithTheirPosition() {
        let note = NoteReader.parse(Self.contents(Array("---\ntags: [a]\ntitle: T\ntags: [b]\n---\n".utf8)), relativePath: "x.md")
        expect(note.problem?.kind == .duplicateKey)
        expect(note.problem?.line == 4)
        expect(note.problem?.column == 1)
        expect(note.problem?.message.contains("'tags'") == true)
        expect(note.title, equals: "T")
    }

    @Test func keysInNFCAndNFDAreNotDuplicates() {
        let text = "---\ncaf\u{E9}: 1\ncafe\u{301}: 2\n---\n"
        expect(NoteReader.parse(Self.contents(Array(text.utf8)), relativePath: "x.md").problem == nil)
    }

    @Test func readAllRefusesAHugeSparseFileWithoutReadingIt() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("huge.md", "---\ntags: [big]\n---\n")
        expect(truncate(path, 100 << 30), equals: 0)
        expect(throws: NotezError.unreadable(path: path, reason: NoteReader.tooLargeReason)) {
            try NoteReader.readAll(path)
        }
        // The index still reads its front matter from a prefix.
        let note = NoteReader.note(relativePath: "huge.md", root: scratch.path)
        expect(note.tags, equals: ["big"])
        expect(note.stamp.size == 100 << 30)
    }

    @Test func aFIFOIsNeverOpened() throws {
        let scratch = try ScratchFolder()
        expect(mkfifo(scratch.path + "/pipe.md", 0o644), equals: 0)
        // Opening a FIFO for reading without O_NONBLOCK would block forever; this returns at once.
        expect(throws: NotezError.self) { try NoteReader.readAll(scratch.path + "/pipe.md") }
        expect(NoteReader.note(relativePath: "pipe.md", root: scratch.path).problem?.kind == .unreadable)
    }
}
