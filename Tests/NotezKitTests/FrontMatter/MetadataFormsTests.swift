import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Every front matter form of docs/vault.md: the file text and what the index must read.
struct MetadataFormsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var title: String
        var tags: [String]
        var pinned: Bool = false
        var created: String? = nil
        var modified: String? = nil
        var problem: NoteProblem.Kind? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "block list", text: "---\ntitle: Plan\ntags:\n  - ideas\n  - project/alpha\n---\nbody\n", title: "Plan",
            tags: ["ideas", "project/alpha"]),
        Case(name: "indentless block list", text: "---\ntags:\n- a\n- b\n---\n", title: "note", tags: ["a", "b"]),
        Case(name: "flow list", text: "---\ntags: [a, \"b c\", 'd']\n---\n", title: "note", tags: ["a", "b c", "d"]),
        Case(name: "comma string", text: "---\ntags: a, b c\n---\n", title: "note", tags: ["a", "b", "c"]),
        Case(name: "space string", text: "---\ntags: a b\n---\n", title: "note", tags: ["a", "b"]),
        Case(name: "hash strings", text: "---\ntags: \"#inbox #todo\"\n---\n", title: "note", tags: ["inbox", "todo"]),
        Case(name: "hash items", text: "---\ntags: ['#x', y]\n---\n", title: "note", tags: ["x", "y"]),
        Case(name: "singular tag key", text: "---\ntag: solo\n---\n", title: "note", tags: ["solo"]),
        Case(name: "capitalized Tags key", text: "---\nTags: [Up]\n---\n", title: "note", tags: ["Up"]),
        Case(name: "keywords key", text: "---\nkeywords: [k1, k2]\n---\n", title: "note", tags: ["k1", "k2"]),
        Case(name: "tags and tag together", text: "---\ntags: [a]\ntag: b\n---\n", title: "note", tags: ["a", "b"]),
        Case(name: "empty tags", text: "---\ntags:\n---\n", title: "note", tags: []),
        Case(name: "empty flow", text: "---\ntags: []\n---\n", title: "note", tags: []),
        Case(name: "empty string", text: "---\ntags: \"\"\n---\n", title: "note", tags: []),
        Case(name: "null items", text: "---\ntags:\n  - a\n  - ~\n  - null\n  -\n  - b\n---\n", title: "note", tags: ["a", "b"]),
        Case(name: "numeric tags", text: "---\ntags: [2023, 1.5]\n---\n", title: "note", tags: ["2023", "1.5"]),
        Case(name: "duplicate by case", text: "---\ntags: [Work, work, WORK]\n---\n", title: "note", tags: ["Work"]),
        Case(name: "nested list ignored", text: "---\ntags: [a, [b, c], {d: e}]\n---\n", title: "note", tags: ["a"]),
        Case(name: "pinned true", text: "---\npinned: true\n---\n", title: "note", tags: [], pinned: true),
        Case(name: "pinned yes", text: "---\npinned: yes\n---\n", title: "note", tags: [], pinned: true),
        Case(name: "pinned quoted YES", text: "---\npinned: \"YES\"\n---\n", title: "note", tags: [], pinned: true),
        Case(name: "pinned False", text: "---\npinned: False\n---\n", title: "note", tags: []),
        Case(name: "pinned no", text: "---\npinned: no\n---\n", title: "note", tags: []),
        Case(name: "a heading is not the title", text: "---\ntags: [a]\n---\n\n# The Heading\n\ntext\n", title: "note", tags: ["a"]),
        Case(name: "heading without front matter", text: "Intro line\n# Real Title #\n", title: "note", tags: []),
        Case(name: "heading after a code fence", text: "```\n# not this\n```\n# This\n", title: "note", tags: []),
        Case(name: "title key wins", text: "---\ntitle: 'Quoted: title'\n---\n# Heading\n", title: "Quoted: title", tags: []),
        Case(name: "null title falls back to the file name", text: "---\ntitle: ~\n---\n# H\n", title: "note", tags: []),
        Case(
            name: "ISO date", text: "---\ncreated: 2024-05-01\nmodified: 2024-05-02T09:30:00Z\n---\n", title: "note", tags: [],
            created: "2024-05-01T00:00:00Z", modified: "2024-05-02T09:30:00Z"),
        Case(
            name: "offset date-time", text: "---\nmodified: 2024-05-01T09:30:00+02:00\n---\n", title: "note", tags: [],
            modified: "2024-05-01T07:30:00Z"),
        Case(
            name: "date-time without zone", text: "---\nmodified: 2024-05-01T09:30\n---\n", title: "note", tags: [],
            modified: "2024-05-01T09:30:00Z"),
        Case(
            name: "spaced offset", text: "---\ncreated: 2019-03-13 10:00:00 -0500\n---\n", title: "note", tags: [],
            created: "2019-03-13T15:00:00Z"),
        Case(name: "epoch seconds", text: "---\ncreated: 1714554000\n---\n", title: "note", tags: [], created: "2024-05-01T09:00:00Z"),
        Case(
            name: "epoch milliseconds", text: "---\nupdated: 1714554000000\n---\n", title: "note", tags: [],
            modified: "2024-05-01T09:00:00Z"),
        Case(name: "US date", text: "---\ncreated: 05/01/2024\n---\n", title: "note", tags: [], created: "2024-05-01T00:00:00Z"),
        Case(name: "date key", text: "---\ndate: 2019-03-13 10:00:00 -0500\n---\n", title: "note", tags: [], created: "2019-03-13T15:00:00Z"),
        Case(
            name: "created wins over date", text: "---\ndate: 2019-03-13\ncreated: 20230613\n---\n", title: "note", tags: [],
            created: "2023-06-13T00:00:00Z"),
        Case(name: "lastmod alias", text: "---\nlastmod: 2023-01-02\n---\n", title: "note", tags: [], modified: "2023-01-02T00:00:00Z"),
        Case(name: "CRLF", text: "---\r\ntitle: Win\r\ntags:\r\n  - a\r\n---\r\nbody\r\n", title: "Win", tags: ["a"]),
        Case(name: "BOM", text: "\u{FEFF}---\ntags: [bom]\n---\n", title: "note", tags: ["bom"]),
        Case(name: "dots closer", text: "---\ntags: [a]\n...\nbody\n", title: "note", tags: ["a"]),
        Case(name: "horizontal rule in body", text: "---\ntags: [a]\n---\ntext\n\n---\n\nmore\n", title: "note", tags: ["a"]),
        Case(name: "no final newline", text: "---\ntags: [a]\n---", title: "note", tags: ["a"]),
        Case(
            name: "invalid YAML", text: "---\ntags: [unclosed, list\ntitle: x\n---\n# Fallback\n", title: "note", tags: [],
            problem: .yaml),
        Case(name: "unterminated", text: "---\ntags: [a]\nno closer\n", title: "note", tags: [], problem: .unterminatedFrontMatter),
        Case(name: "only dashes", text: "---", title: "note", tags: [], problem: .unterminatedFrontMatter),
        Case(name: "scalar front matter", text: "---\njust text\n---\n", title: "note", tags: [], problem: .yaml),
        Case(name: "empty front matter", text: "---\n---\n# T\n", title: "note", tags: []),
        Case(name: "empty file", text: "", title: "note", tags: []),
        Case(name: "anchors and aliases are read", text: "---\nbase: &b [x, y]\ntags: *b\n---\n", title: "note", tags: []),
    ]

    @Test(arguments: cases)
    func readsForm(_ form: Case) {
        let bytes = Array(form.text.utf8)
        let stamp = FileStamp(inode: 1, size: Int64(bytes.count), mtimeNanos: 1_700_000_000_000_000_000)
        let note = NoteReader.parse(NoteReader.Contents(bytes: bytes, isComplete: true, stamp: stamp), relativePath: "dir/note.md")
        expect(note.title, equals: form.title)
        expect(note.tags, equals: form.tags)
        expect(note.pinned, equals: form.pinned)
        expect(note.problem?.kind == form.problem)
        expect(NoteDate.iso8601(note.created), equals: (form.created ?? "2023-11-14T22:13:20Z"))
        expect(NoteDate.iso8601(note.modified), equals: (form.modified ?? "2023-11-14T22:13:20Z"))
        expect(note.folder, equals: "dir")
    }

    @Test func yamlErrorPositionIsInFileCoordinates() {
        let text = "---\ntitle: ok\ntags: [a, b\nother: 1\n---\n"
        let note = NoteReader.parse(
            NoteReader.Contents(
                bytes: Array(text.utf8), isComplete: true,
                stamp: FileStamp(inode: 1, size: 0, mtimeNanos: 0)), relativePath: "x.md")
        expect(note.problem?.kind == .yaml)
        // libyaml reports the flow sequence error at line 4 of the file (the `other:` line), column 6.
        expect(note.problem?.line == 4)
        expect(note.problem?.column == 6)
    }

    @Test func nestingBoundStopsDeepInput() {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let result = YAMLEventReader.events(of: Array("tags: \(deep)\n".utf8))
        guard case .failure(let error) = result else {
            Issue.record("expected a nesting error")
            return
        }
        expect(error.message.contains("nesting"))
    }

    @Test func binaryFileIsFlagged() {
        let bytes: [UInt8] = [0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0x01, 0xFF]
        let note = NoteReader.parse(
            NoteReader.Contents(
                bytes: bytes, isComplete: true,
                stamp: FileStamp(inode: 1, size: 7, mtimeNanos: 0)), relativePath: "bin.md")
        expect(note.problem?.kind == .binary)
    }

    @Test func invalidUTF8IsFlaggedButIndexed() {
        var bytes = Array("---\ntags: [a]\n---\nbody ".utf8)
        bytes += [0xC3, 0x28]
        let note = NoteReader.parse(
            NoteReader.Contents(
                bytes: bytes, isComplete: true,
                stamp: FileStamp(inode: 1, size: 0, mtimeNanos: 0)), relativePath: "latin.md")
        expect(note.problem?.kind == .notUTF8)
        expect(note.tags, equals: ["a"])
    }

    /// A tag string in ASCII is split by its bytes: the same tags as splitting by Characters, for
    /// every separator and white space byte, `\r\n` among them.
    @Test func asciiTagStringsSplitAsByCharacters() {
        let pieces = ["a", "b", "#c", "d/e", "#", ",", " ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "x-y", "Z", ";"]
        var generator = SystemRandomNumberGenerator()
        var split = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let byCharacters = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { NoteMetadata.cleanTag(String($0)) }
            expect(NoteMetadata.splitTagString(text), equals: byCharacters, "\(text.debugDescription)")
            if byCharacters.count > 1 { split += 1 }
        }
        expect(split > 300)
    }

    /// A tag with printable ASCII ends and no leading `#` is kept as written without a trip through
    /// Foundation; every tag is cleaned as trimming, dropping one leading `#` and trimming again
    /// by Characters gives it. And null is spelled only as YAML spells it.
    @Test func tagsAreCleanedAsByCharacters() {
        let pieces = ["a", "Z", "#", "##", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{3000}", "\u{A0}", "#\u{301}", "\u{301}", "é", "/", "~", "~", "null", "N"]
        var generator = SeededGenerator(seed: 17)
        for _ in 0..<5_000 {
            let raw = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("#") { text.removeFirst() }
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            expect(NoteMetadata.cleanTag(raw), equals: text.isEmpty ? nil : text, "\(raw.debugDescription)")
            let null = raw.isEmpty || ["~", "null", "Null", "NULL"].contains(raw)
            expect(FrontMatterDocument.isNullLiteral(raw), equals: null, "\(raw.debugDescription)")
        }
    }
}
