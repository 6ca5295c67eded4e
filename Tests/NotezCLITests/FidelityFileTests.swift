import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// End to end: notes with NUL bytes, a 100 GiB sparse note, a FIFO named like a note, and the
/// line ending, BOM and duplicate key findings of `notez check`.
@Suite struct FidelityFileTests {
    static let dump = Data(Array("---\ntags: [dump]\n---\nhello world\n".utf8) + [0, 0, 1, 0xFF, 0x1B] + Array(" zebra text\n".utf8))

    @Test func noteWithNULBodyKeepsItsTagsAndItsTextIsSearchable() throws {
        let vault = try TempVault.example()
        try vault.write("Dump.md", Self.dump)
        let byTag = try vault.run(["search", "tag:dump", "--paths"])
        expect(byTag.status, equals: 0)
        expect(byTag.stdout, equals: "Dump.md\n")
        let byText = try vault.run(["search", "zebra", "--paths"])
        expect(byText.stdout, equals: "Dump.md\n")
        let json = try vault.run(["search", "tag:dump", "--json"])
        expect(json.stdout.contains("\"snippet\": \"hello world zebra text\""))
        let list = try vault.run(["ls", "/"])
        expect(!list.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        expect(list.stdout.contains("hello world zebra text"))
        // An edit touches only the front matter; the binary body stays byte for byte.
        let added = try Mutation.run(vault, ["tag", "add", "Dump", "later"])
        expect(added.status, equals: 0)
        let after = try Data(contentsOf: vault.url.appendingPathComponent("Dump.md"))
        expect(after, equals: Data(Array("---\ntags: [dump, later]\n---\nhello world\n".utf8) + Self.dump.suffix(from: 33)))
        // The 0xFF byte is reported as such; the note is no longer called binary.
        let check = try vault.run(["check"])
        expect(check.stdout.contains("Dump.md: not valid UTF-8\n"))
        expect(!check.stdout.contains("binary"))
    }

    @Test func hugeSparseNoteIsNeverReadWhole() throws {
        let vault = try TempVault.example()
        try vault.write("huge.md", "---\ntags: [big]\n---\nzebra\n")
        expect(truncate(vault.path + "/huge.md", 100 << 30), equals: 0)
        let listed = try vault.run(["search", "tag:big", "--paths"])
        expect(listed.stdout, equals: "huge.md\n")
        let search = try vault.run(["search", "zebra", "--paths"])
        expect(search.status, equals: 1)
        expect(
            search.stderr.contains("notez: warning: huge.md: larger than the 32 MiB note size limit; full text search skipped its body"))
        let tagAdd = try Mutation.run(vault, ["tag", "add", "huge", "x"])
        expect(tagAdd.status, equals: 3)
        expect(tagAdd.stderr.contains("larger than the 32 MiB note size limit"))
        let edit = try Mutation.run(vault, ["edit", "huge"], environment: ["VISUAL": "touch"])
        expect(edit.status, equals: 4)
        expect(edit.stderr, equals: "notez: error: huge.md: larger than the 32 MiB note size limit; notez does not read it whole or edit it\n")
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(check.stdout.contains("huge.md: note is larger than the 32 MiB limit (107374182400 bytes)"))
        var info = stat()
        expect(stat(vault.path + "/huge.md", &info) == 0 && info.st_size == 100 << 30)
    }

    @Test func oversizedNoteCanBeShownTrashedAndPurged() throws {
        let vault = try TempVault.example()
        try vault.write("big.md", "---\ntags: [big]\n---\nzebra\n")
        expect(truncate(vault.path + "/big.md", 40 << 20), equals: 0)
        let show = try vault.run(["show", "big"])
        expect(show.status, equals: 0)
        expect(show.stdout.hasSuffix("(body not shown: the note is larger than the 32 MiB note size limit)\n"))
        try expect(Mutation.run(vault, ["rm", "big"]).status, equals: 0)
        let empty = try Mutation.run(vault, ["trash", "empty", "--yes"])
        expect(empty.status, equals: 0)
        try expect(vault.run(["trash", "list"]).stdout.contains("big"), equals: false)
    }

    @Test func fifoNamedLikeANoteNeverBlocksAnyCommand() throws {
        let vault = try TempVault.example()
        let fifo = vault.path + "/Work/pipe.md"
        expect(mkfifo(fifo, 0o644), equals: 0)
        // If a command opened the FIFO for reading it would block; opening the write end then
        // releases it, and the flag makes the test fail instead of hanging.
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var blocked = false
        DispatchQueue.global().async {
            while finished.wait(timeout: .now() + 10) == .timedOut {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    blocked = true
                    close(fd)
                }
            }
        }
        defer { finished.signal() }
        let list = try vault.run(["ls", "Work"])
        expect(list.status, equals: 0)
        expect(!list.stdout.contains("pipe"))
        let search = try vault.run(["search", "budget", "--paths"])
        expect(search.status, equals: 0)
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(check.stdout.contains("Work/pipe.md: a FIFO, not a note file; skipped and never opened\n"))
        // The rename finishes, and says the FIFO was not read (it might have carried the tag): partial.
        let rename = try Mutation.run(vault, ["tag", "rename", "meeting", "meetings"])
        expect(rename.status, equals: 3)
        expect(rename.stderr.contains("Work/pipe.md: could not be read"))
        expect(!blocked)
    }

    @Test func checkReportsLineEndingsBOMsAndDuplicateKeys() throws {
        let vault = try TempVault()
        try vault.write("ok.md", "---\ntags: [a]\n---\nfine\n")
        try vault.write("cr.md", "---\rtags: [a]\r---\r")
        try vault.write("bom.md", Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("---\ntags: [a]\n---\n".utf8)))
        try vault.write("dup.md", "---\ntitle: x\ntags: [a]\ntitle: y\n---\n")
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(
            check.stdout, equals: """
                bom.md:1:1: doubled byte order mark (U+FEFF twice); the front matter after it is not recognized
                cr.md:1:4: CR-only line endings (classic Mac); notez reads the file as one line, so front matter and headings are not recognized
                dup.md:4:1: duplicate key 'title' in front matter (notez will not edit this note)

                """)
        expect(check.stderr, equals: "notez: 3 problems in 4 notes\n")
        let json = try vault.run(["check", "--json"])
        expect(json.stdout.contains("\"line\": 4"))
    }
}
