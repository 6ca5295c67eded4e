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
        expect(truncate(huge, Int(NoteReader.maxNoteSize) + 1), equals: 0)
        expect(mkfifo(scratch.path + "/pipe.md", 0o644), equals: 0)
        let index = try IndexBuilder.build(root: scratch.path, useCache: false)
        let lines = VaultCheck(index: index).findings.map(\.text)
        expect(
            lines, equals: [
                "bom.md:1:1: doubled byte order mark (U+FEFF twice); the front matter after it is not recognized",
                "cr.md:1:4: CR-only line endings (classic Mac); notez reads the file as one line, so front matter and headings are not recognized",
                "dup.md:3:1: duplicate key 'tags' in front matter (notez will not edit this note)",
                "huge.md: note is larger than the 32 MiB limit (33554433 bytes): full text search skips its body and notez does not edit it",
                "pipe.md: a FIFO, not a note file; skipped and never opened",
            ])
    }

    /// The tag variants taken from the index's spelling uses (and a registered tag's notes) are
    /// the ones a pass over every note's tags finds: random vaults with tags spelled several ways
    /// (case, separators, NFC and NFD, nested), in front matter and inline, with and without a
    /// registry naming some of them.
    @Test(arguments: 1...6) func tagVariantsFromTheIndexAreTheScannedOnes(seed: UInt64) throws {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let spellings = [
            "Idea", "idea", "IDEA", "open-science", "Open Science", "open_science", "OpenScience", "Caf\u{E9}", "cafe\u{301}", "CAF\u{C9}",
            "project/Alpha", "project/alpha", "Project/alpha", "solo", "x-y", "x_y", "XY",
        ]
        let scratch = try ScratchFolder()
        for number in 0..<(10 + next(30)) {
            let front = (0..<next(4)).map { _ in "\"" + spellings[next(spellings.count)] + "\"" }
            let inline = (0..<next(3)).map { _ in "#" + spellings[next(spellings.count)].replacingOccurrences(of: " ", with: "-") }
            try scratch.write("n\(number).md", "---\ntags: [\(front.joined(separator: ", "))]\n---\n\(inline.joined(separator: " "))\n")
        }
        if seed % 2 == 0 { try scratch.write(".notez/tags.yaml", "idea: {}\nOpen Science: {}\nproject/alpha: {}\n") }
        let index = try IndexBuilder.build(root: scratch.path, useCache: false)
        let fromIndex = VaultCheck.tagVariants(index)
        expect(fromIndex, equals: VaultCheck.tagVariantsByScanning(index))
        expect(fromIndex.contains { $0.message.hasPrefix("tag spelled in") }, "\(fromIndex)")
    }

    /// Tags that differ only in separators are grouped by their UTF-8 without ` `, `-` and `_`,
    /// exactly as by their Unicode scalars without those (the definition): random keys of
    /// separators, dots, combining accents after a separator, NFC and NFD letters, CJK and slashes.
    @Test func separatorGroupsAreTheScalarDefinition() {
        var random = SeededGenerator(seed: 34)
        let pieces = ["a", "b", "-", "_", " ", ".", "/", "\u{301}", "e\u{301}", "\u{E9}", "日本", "x", "-\u{301}", "__"]
        var groups = 0
        for _ in 0..<300 {
            let keys = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                TagKey((0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
            }
            var definition: [String: Set<TagKey>] = [:]
            for key in keys {
                let squashed = String(key.rawValue.unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" }.map(Character.init))
                definition[squashed, default: []].insert(key)
            }
            let expected = definition.values.filter { $0.count > 1 }.map { keys in
                "tags differ only in separators: " + keys.sorted().map { "'\($0.rawValue)'" }.joined(separator: ", ")
            }.sorted()
            let found = VaultCheck.tagVariants([], keys: keys) { _ in nil }.map(\.message)
            expect(found, equals: expected, "\(keys.map(\.rawValue))")
            groups += expected.count
        }
        expect(groups > 100, "\(groups) groups")
    }
}
