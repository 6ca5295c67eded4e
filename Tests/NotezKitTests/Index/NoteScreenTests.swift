import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A first run whose answer is only paths or a count parses only the notes the query may match
/// (`NoteScreen`). Its answers must be exactly those of the whole index, whatever the vault holds.
@Suite("a first run screens the notes a query cannot match")
struct NoteScreenTests {
    @Test("the scalars beyond ASCII whose tag key holds ASCII are the screen's list, and U+0130")
    func foldingIntoASCIIIsComplete() {
        var found: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TagKey(String(scalar)).rawValue.utf8.contains(where: { $0 < 0x80 }) { found.append(value) }
        }
        let listed = NoteScreen.foldingIntoASCII.map { String(decoding: $0.utf8, as: UTF8.self).unicodeScalars.first!.value }
        expect(found, equals: (listed + [0x130]).sorted())
        for entry in NoteScreen.foldingIntoASCII {
            expect(TagKey(String(decoding: entry.utf8, as: UTF8.self)).rawValue, equals: String(UnicodeScalar(entry.ascii)))
        }
        // U+0130 gives `i` and a combining dot above: a key holding it is not ASCII, nor is its
        // part before a `/`, so no ASCII key or parent of one comes from it.
        expect(Array(TagKey("\u{130}").rawValue.unicodeScalars.map(\.value)), equals: [0x69, 0x307])
    }

    @Test("the case-blind byte search finds what a plain search finds")
    func byteSearchAgreesWithAPlainSearch() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = Array("aAbB/-_#@`[{ \n".utf8) + [0xC3, 0xA9]
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            // Needles as the screen makes them: keys, lowercased, any bytes but A-Z.
            let needle = (0..<Int.random(in: 0...4, using: &generator)).map { _ in folded(alphabet.randomElement(using: &generator)!) }
            let plain = needle.isEmpty || text.count >= needle.count && (0...(text.count - needle.count)).contains { start in
                (0..<needle.count).allSatisfy { folded(text[start + $0]) == needle[$0] }
            }
            expect(ByteSearch.containsIgnoringASCIICase(text, needle), equals: plain, "\(text) \(needle)")
        }
        // Text where every position starts a partial match: the linear search takes over.
        let worst = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000)
        expect(!ByteSearch.containsIgnoringASCIICase(worst, Array(String(repeating: "a", count: 300).utf8) + [UInt8(ascii: "b")]))
        expect(ByteSearch.containsIgnoringASCIICase(worst + [UInt8(ascii: "B")], Array("aab".utf8)))
    }

    /// `FirstRunTests.randomVault`, and notes whose tag is spelled without its key's bytes: YAML
    /// escapes, the Kelvin sign, a key split by a line break, each in a folder of its own or not.
    static func vault(seed: UInt64, outside: ScratchFolder) throws -> ScratchFolder {
        let vault = try FirstRunTests.randomVault(seed: seed, outside: outside)
        let old = Date(timeIntervalSinceNow: -3600)
        let hidden = [
            "---\ntags: [\"\\x69dea\"]\n---\nescaped\n", "---\ntags: \"wo\\u0072k/alpha\"\n---\n",
            "---\ntags: [\"\u{212A}elvin\"]\n---\nsign\n", "---\ntags: ['ide\n  a']\n---\nfolded in two\n",
            "body #\u{212A}elvin/deep\n", "---\ntags: [\"id\\\nea\"]\n---\nan escaped line break\n",
        ]
        for (number, text) in hidden.enumerated() {
            try vault.write(number % 2 == 0 ? "Hidden \(number).md" : "Work/Hidden \(number).md", text, modified: old)
        }
        try ScratchFolder.age(vault.path)
        return vault
    }

    static let queries = [
        "tag:idea", "tag:work", "tag:work/alpha", "tag:kelvin", "tag:IDEA folder:Work", "tag:zürich", "tag:é", "tag:e\u{301}",
        "folder:Work", "folder:Work/Deep", "in:unsorted", "-tag:work", "tag:work -tag:work/alpha", "tag:idea OR folder:Ärchiv",
        "tag:2023 OR tag:kelvin", "(tag:work OR tag:idea) folder:Deep", "tag:idea body", "tag:nothing", "is:pinned tag:work",
        "title:note tag:idea", "tag:work NOT folder:Work", "tag:id", "tag:work/", "folder:Café tag:é",
    ]

    @Test("paths and counts of a screened first run are the whole index's, and nothing is written", arguments: [UInt64(1), 2])
    func screenedAnswersAreTheWholeIndexs(seed: UInt64) throws {
        let outside = try ScratchFolder()
        let vault = try NoteScreenTests.vault(seed: seed, outside: outside)
        let vaultBefore = try FirstRunTests.snapshot(vault.path)
        let outsideBefore = try FirstRunTests.snapshot(outside.path)
        let session = Vault(root: vault.path)
        session.defersCacheWrites = true
        let whole = try IndexBuilder.build(root: vault.path, useCache: false)
        var screenedSome = false
        for text in NoteScreenTests.queries {
            let node = try QueryParser.parse(text)
            let screened = try session.search(node, snippets: false, onlyMatches: true)
            let full = try session.search(node, over: whole, snippets: false)
            let paths = { (result: SearchResult) in result.collection.listOrder(result.positions, limit: nil).map { result.collection.path(at: $0) } }
            expect(paths(screened), equals: paths(full), "\(text)")
            expect(screened.diagnostics.map(\.message), equals: full.diagnostics.map(\.message), "\(text)")
            // A first run each time: the screened read wrote no cache.
            expect((screened.collection as? VaultIndex)?.cacheWriteDeferred == true, "\(text)")
            if screened.collection.noteCount < whole.noteCount { screenedSome = true }
        }
        expect(screenedSome)
        expect(IndexCache.load(root: vault.path) == nil)
        try expect(FirstRunTests.snapshot(vault.path), equals: vaultBefore)
        try expect(FirstRunTests.snapshot(outside.path), equals: outsideBefore)
    }

    @Test("the screen leaves out by folder before opening, by bytes after, and keeps only the query's tags")
    func whatTheScreenLeavesOut() throws {
        let screen = NoteScreen(try QueryParser.parse("tag:Work/Alpha folder:Deep -tag:idea"))
        expect(screen.tagKeys, equals: [TagKey("work/alpha"), TagKey("idea")])
        expect(screen.test(forFolder: "Work") == nil)
        let test = try #require(screen.test(forFolder: "Work/Deep"))
        expect(test, equals: .tagText(Array("work/alpha".utf8)))
        expect(NoteScreen.admits(Array("---\ntags: [WORK/ALPHA/beta]\n---\n".utf8), test))
        expect(!NoteScreen.admits(Array("---\ntags: [work]\n---\nalpha\n".utf8), test))
        expect(NoteScreen.admits(Array("---\ntags: [\"\\x77ork/alpha\"]\n---\n".utf8), test))
        // The Kelvin sign may give the `k` of `work`; a key without `k`, `;` or a backtick is not
        // looked for as a scalar that gives one.
        expect(NoteScreen.admits(Array("\u{212A}".utf8), test))
        expect(!NoteScreen.admits(Array("\u{212A} \u{37E} \u{1FEF}".utf8), .tagText(Array("idea".utf8))))
        expect(NoteScreen.admits(Array("#\u{212A}elvin".utf8), try #require(NoteScreen(try QueryParser.parse("tag:kelvin")).test(forFolder: ""))))
        // OR with a term it cannot test passes every note; a term beyond ASCII too.
        for text in ["tag:work OR is:pinned", "tag:zürich", "-tag:work", "title:x", "created:2020-01-01"] {
            expect(NoteScreen(try QueryParser.parse(text)).test == .all, "\(text)")
        }
        let note = Note(
            path: "a.md", folder: "", title: "a", tags: ["Work/Alpha/x", "other", "Idea"],
            tagKeys: [TagKey("work/alpha/x"), TagKey("other"), TagKey("idea")], pinned: false, created: 0, modified: 0, snippet: "",
            stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1), problem: nil, tagOrigins: [.frontMatter, .inline, .inline])
        let kept = screen.keepingQueryTags(note)
        expect(kept.tags, equals: ["Work/Alpha/x", "Idea"])
        expect(kept.tagOrigins, equals: [.frontMatter, .inline])
    }
}
