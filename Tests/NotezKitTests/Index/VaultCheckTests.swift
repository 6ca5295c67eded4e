import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

struct VaultCheckTests {
    @Test func reportsLineEndingsBOMsDuplicateKeysFIFOsAndOversizedNotes() throws {
        let scratch = try ScratchFolder()
        try scratch.write("ok.md", "---\ntags: [a]\n---\nfine\n")
        try scratch.write("cr.md", "---\rtags: [a]\r---\r")
        try scratch.write("bom.md", Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("---\ntags: [a]\n---\n".utf8)))
        try scratch.write("dup.md", "---\ntags: [a]\ntags: [b]\n---\n")
        let huge = try scratch.write("huge.md", "---\ntags: [a]\n---\n")
        #expect(truncate(huge, Int(NoteReader.maxNoteSize) + 1) == 0)
        #expect(mkfifo(scratch.path + "/pipe.md", 0o644) == 0)
        let index = try IndexBuilder.build(root: scratch.path, useCache: false)
        let lines = VaultCheck(index: index).findings.map(\.text)
        #expect(
            lines == [
                "bom.md:1:1: doubled byte order mark (U+FEFF twice); the front matter after it is not recognized",
                "cr.md:1:4: CR-only line endings (classic Mac); notez reads the file as one line, so front matter and headings are not recognized",
                "dup.md:3:1: duplicate key 'tags' in front matter (notez will not edit this note)",
                "huge.md: note is larger than the 32 MiB limit (33554433 bytes): full text search skips its body and notez does not edit it",
                "pipe.md: a FIFO, not a note file; skipped and never opened",
            ])
    }
}
