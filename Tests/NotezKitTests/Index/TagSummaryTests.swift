import NotezTestSupport
import Testing

@testable import NotezKit

@Suite("Tag summaries in the tag list's order")
struct TagSummaryTests {
    @Test("sorted by name is the order of nameLess, whatever order the summaries come in")
    func sortedByNameFollowsNameLess() {
        var random = SeededGenerator(seed: 11)
        // NFC text only: Swift's own String comparison is not transitive on some decomposed
        // strings ("ae\u{301}e\u{301}" and "ae\u{301}\u{e9}b" are neither equal nor ordered), which
        // would make any sort of them, this test's oracle included, ill-defined.
        let pieces = "abAB-/z".map(String.init) + ["é", "É", "ß"]
        // More than 8,192 names: the keys' byte sort then runs in two halves (`StringOrder`).
        var names = Set<String>()
        while names.count < 10_000 {
            names.insert((0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        let summaries = names.shuffled(using: &random).map {
            TagSummary(key: TagKey($0), name: $0, count: 1, color: nil, registered: false)
        }
        expect(TagSummary.sortedByName(summaries).map(\.name), equals: names.sorted(by: Ordering.nameLess))
        expect(TagSummary.sortedByName([]).isEmpty)
    }

    @Test("a tag's summary and spellings equal counting every spelling's uses, over random notes")
    func summaryCountsSpellings() {
        var random = SeededGenerator(seed: 12)
        // Spellings of two keys: cases, and `café` in NFC and NFD (one spelling to `String`, two in bytes).
        let spellings = ["work", "Work", "WORK", "caf\u{E9}", "cafe\u{301}", "Caf\u{E9}"]
        for round in 0..<300 {
            let notes = (0..<Int.random(in: 1...12, using: &random)).map { number -> Note in
                let picked = (0..<Int.random(in: 0...3, using: &random)).map { _ in spellings.randomElement(using: &random)! }
                let frontMatter = Bool.random(using: &random) && !picked.isEmpty ? "---\ntags: [\(picked[0])]\n---\n" : ""
                let text = frontMatter + picked.dropFirst(frontMatter.isEmpty ? 0 : 1).map { "#" + $0 }.joined(separator: " ") + "\n"
                let stamp = FileStamp(inode: UInt64(number), size: 0, mtimeNanos: 0)
                return NoteReader.parse(NoteReader.Contents(bytes: Array(text.utf8), isComplete: true, stamp: stamp), relativePath: "n\(number).md")
            }
            for key in [TagKey("work"), TagKey("caf\u{E9}")] {
                let positions = notes.indices.filter { notes[$0].tagKeys.contains(key) }
                // The rule written out: every note's spelling counted, the most used (ties to the first by `>`) named.
                var uses: [String: Int] = [:]
                var (frontMatter, inline) = (0, 0)
                for position in positions {
                    let at = notes[position].tagKeys.firstIndex(of: key)!
                    uses[notes[position].tags[at], default: 0] += 1
                    if notes[position].origin(ofTagAt: at).contains(.inline) { inline += 1 }
                    if notes[position].origin(ofTagAt: at).contains(.frontMatter) { frontMatter += 1 }
                }
                let (summary, kept) = VaultIndex.summary(key, positions: positions, notes: notes, registered: nil)
                let name = uses.isEmpty ? key.rawValue : uses.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key
                expect(summary.name, equals: name, "name of \(key), round \(round)")
                expect(summary.count, equals: positions.count, "count of \(key), round \(round)")
                expect(summary.frontMatterCount, equals: frontMatter, "front matter count of \(key), round \(round)")
                expect(summary.inlineCount, equals: inline, "inline count of \(key), round \(round)")
                expect(kept, equals: uses.count > 1 ? uses : nil, "spellings of \(key), round \(round)")
                // The index counts the same while it builds the postings (`TagTally`).
                let index = VaultIndex(root: "/vault", config: VaultConfig(), notes: notes, folders: [])
                let built = index.tagByKey[key]
                expect(built?.name, equals: positions.isEmpty ? nil : name, "index's name of \(key), round \(round)")
                expect(built?.count, equals: positions.isEmpty ? nil : positions.count, "index's count of \(key), round \(round)")
                expect(built?.frontMatterCount, equals: positions.isEmpty ? nil : frontMatter, "index's front matter count, round \(round)")
                expect(built?.inlineCount, equals: positions.isEmpty ? nil : inline, "index's inline count, round \(round)")
                expect(index.spellingUses[key], equals: uses.count > 1 ? uses : nil, "index's spellings of \(key), round \(round)")
            }
        }
    }

    @Test("an index of many notes summarizes each tag as the tag's own postings do")
    func aLargeIndexSummarizesAsEachTag() {
        var random = SeededGenerator(seed: 14)
        let spellings = ["work", "Work", "WORK", "caf\u{E9}", "cafe\u{301}", "idea", "Idea"] + (0..<300).map { "t\($0)" }
        let notes = (0..<12_345).map { number -> Note in
            let picked = (0..<Int.random(in: 0...4, using: &random)).map { _ in spellings.randomElement(using: &random)! }
            let frontMatter = !picked.isEmpty && Bool.random(using: &random) ? "---\ntags: [\(picked[0])]\n---\n" : ""
            let text = frontMatter + picked.dropFirst(frontMatter.isEmpty ? 0 : 1).map { "#" + $0 }.joined(separator: " ") + "\n"
            let stamp = FileStamp(inode: UInt64(number), size: 0, mtimeNanos: 0)
            return NoteReader.parse(NoteReader.Contents(bytes: Array(text.utf8), isComplete: true, stamp: stamp), relativePath: "n\(number).md")
        }
        let index = VaultIndex(root: "/vault", config: VaultConfig(), notes: notes, folders: [])
        expect(index.tagByKey.count > 300)
        for (key, built) in index.tagByKey {
            let positions = index.notes.indices.filter { index.notes[$0].tagKeys.contains(key) }
            expect(index.notesByTag[key], equals: positions, "postings of \(key)")
            let (summary, spellings) = VaultIndex.summary(key, positions: positions, notes: index.notes, registered: nil)
            expect(built, equals: summary, "summary of \(key)")
            expect(index.spellingUses[key], equals: spellings, "spellings of \(key)")
        }
    }
}
