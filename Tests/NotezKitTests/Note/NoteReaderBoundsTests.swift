import Foundation
import Testing
import NotezTestSupport

@testable import NotezKit

/// Hostile sizes: the reader reports oversized front matter from a bounded prefix of the file.
struct NoteReaderBoundsTests {
    /// Bytes `note(relativePath:root:)` reads at most: the 4 KiB prefix, then 1 MiB plus that prefix.
    static let readLimit = FrontMatterBlock.maxSize + NoteReader.prefixSize

    /// Writes `---\n`, `lines` copies of `line`, then the closing line when asked, in 1 MiB chunks.
    static func write(_ path: String, line: String, lines: Int, closed: Bool) throws {
        FileManager.default.createFile(atPath: path, contents: Data("---\n".utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        let perChunk = max(1, (1 << 20) / line.utf8.count)
        let chunk = Data(String(repeating: line, count: perChunk).utf8)
        var written = 0
        while written + perChunk <= lines {
            try handle.write(contentsOf: chunk)
            written += perChunk
        }
        try handle.write(contentsOf: Data(String(repeating: line, count: lines - written).utf8))
        if closed { try handle.write(contentsOf: Data("---\n# body\n".utf8)) }
    }

    @Test(arguments: [false, true])
    func fiftyMegabyteFrontMatterIsTooLarge(closed: Bool) throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/huge.md"
        try Self.write(path, line: "a: b\n", lines: (50 << 20) / 5, closed: closed)
        let note = NoteReader.note(relativePath: "huge.md", root: folder.path)
        expect(note.problem?.kind == .frontMatterTooLarge)
        expect(note.problem?.message == "front matter is larger than 1 MiB")
        // The prefix note() stops at already decides: nothing past it is needed.
        let prefix = try NoteReader.read(path, limit: Self.readLimit)
        expect(prefix.bytes.count == Self.readLimit && !prefix.isComplete)
        expect(FrontMatterBlock.scan(prefix.bytes, isComplete: false), equals: .tooLarge)
    }

    @Test func oneLineLongerThanTheLimitIsTooLargeNotUnterminated() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/line.md"
        try Self.write(path, line: "a", lines: 2 << 20, closed: false)
        expect(NoteReader.note(relativePath: "line.md", root: folder.path).problem?.kind == .frontMatterTooLarge)
        let whole = try NoteReader.readAll(path).bytes
        expect(FrontMatterBlock.scan(whole), equals: .tooLarge)
        expect(FrontMatterBlock.scan(Array(whole[..<Self.readLimit]), isComplete: false), equals: .tooLarge)
        // Just under the limit and unclosed, it is only unterminated.
        let small = Array("---\n".utf8) + [UInt8](repeating: 0x61, count: FrontMatterBlock.maxSize)
        expect(FrontMatterBlock.scan(small), equals: .unterminated)
    }
}
