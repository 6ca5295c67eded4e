import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A ranked search scores and orders alike cold (the mapped cache), warm (a daemon's index with the
/// cache's signatures joined) and by reading every result again (the ranker's own reads): the
/// counts taken while the search reads a body are the ones the ranker would take.
@Suite("ranked warm and cold")
struct RankerWarmColdTests {
    static let words = [
        "alpha", "Alpha", "beta", "gamma", "Zürich", "zu\u{308}rich", "ÉCOLE", "école", "\u{212A}elvin", "kelvin", "ab",
        "x-y", "concatenate", "cat",
    ]

    private static func text(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...20, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            .joined(separator: [" ", "\n", "\n# ", "-"].randomElement(using: &generator)!)
    }

    private static func note(_ generator: inout SeededGenerator) -> String {
        let tag = ["alpha", "t", "cat/sub"].randomElement(using: &generator)!
        let value = words.randomElement(using: &generator)!
        let title = Bool.random(using: &generator) ? "title: \(words.randomElement(using: &generator)!)\n" : ""
        return "---\ntags: [\(tag)]\nstatus: \(value)\n\(title)---\n\(text(&generator))\n"
    }

    private static func query(_ generator: inout SeededGenerator) -> String {
        let word = { (generator: inout SeededGenerator) in
            String(words.randomElement(using: &generator)!.split(separator: " ")[0])
        }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return word(&generator) + " " + word(&generator)
        case 1: return "(\(word(&generator)) OR tag:t)"
        case 2: return "tag:alpha " + word(&generator)
        case 3: return word(&generator) + " -" + word(&generator)
        case 4: return "\"\(word(&generator)) \(word(&generator))\""
        default: return word(&generator)
        }
    }

    /// Paths and scores, in ranked order.
    private static func answer(_ ranked: [RankedResult], _ notes: any NoteCollection) -> [String] {
        ranked.map { "\(notes.path(at: $0.position)) \($0.score)" }
    }

    /// The counting by `memchr` over the whole body finds what a byte-by-byte count of each line finds.
    @Test func countingTheWholeBodyAgreesWithCountingEachLine() {
        var generator = SeededGenerator(seed: 33)
        let pieces = ["cat", "concat", "ca", "t", " ", "\n", "# ", "  # ", "#", "é", "catcat", "-", "\n# cat"]
        for _ in 0..<400 {
            let text = Array((0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            for needle in [Array("cat".utf8), Array("c".utf8), Array("catcat".utf8), Array("t c".utf8), Array("é".utf8)] {
                var body = 0.0
                var headings = 0.0
                for line in text.split(separator: 0x0A, omittingEmptySubsequences: false) {
                    let found = Ranker.occurrencesByBytes(of: needle, in: line)
                    body += found
                    if found > 0, Ranker.isHeading(line) { headings += found }
                }
                let counted = Ranker.bodyOccurrences(of: needle, in: text)
                expect(counted.body == body && counted.headings == headings, "\(String(decoding: text, as: UTF8.self)) \(needle)")
                expect(Ranker.occurrences(of: needle, in: text[...]), equals: Ranker.occurrencesByBytes(of: needle, in: text[...]))
            }
        }
    }

    /// Counting an ASCII needle in raw text with A-Z read as a-z finds what counting it in the
    /// lowered text finds, in the body, its headings and a slice that does not start at 0.
    @Test func countingIgnoringASCIICaseAgreesWithCountingLoweredText() {
        var generator = SeededGenerator(seed: 34)
        let pieces = ["cat", "CAT", "Cat", "cOncat", "ca", "T", " ", "\n", "# ", "#", "é", "É", "CatCAT", "-", "\n# Cat", "@", "`", "[", "{"]
        for _ in 0..<400 {
            let text = Array((0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            let lowered = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            let skip = Int.random(in: 0...min(3, text.count), using: &generator)
            for needle in [Array("cat".utf8), Array("c".utf8), Array("catcat".utf8), Array("t c".utf8), Array("@".utf8), Array("`c".utf8)] {
                let raw = Ranker.bodyOccurrences(of: needle, in: text[skip...], ignoringASCIICase: true)
                let low = Ranker.bodyOccurrences(of: needle, in: Array(lowered[skip...]))
                expect(raw.body == low.body && raw.headings == low.headings, "\(String(decoding: text, as: UTF8.self)) \(needle)")
                expect(
                    Ranker.occurrences(of: needle, in: text[skip...], ignoringASCIICase: true), equals: Ranker.occurrencesByBytes(of: needle, in: lowered[skip...]))
            }
        }
        // It counts at all: both spellings, one inside a word at half weight.
        expect(Ranker.occurrences(of: Array("cat".utf8), in: Array("Cat CAT conCat".utf8)[...], ignoringASCIICase: true), equals: 2.5)
    }

    @Test func theFileNameStemOnBytesIsTheStem() {
        let paths = [
            "a/Linux.md", "Linux.MD", "x/y/.md", "x/.Md", "notes.markdown", "a/b", "caf\u{E9}.md", "\u{212A}elvin.mD", "a/b.md.md",
            "a/md", "a/.m", "Zu\u{308}rich.md", "a/b\u{301}.md",
        ]
        // The rule on strings, as the ranker wrote it before it cut the bytes.
        func stem(_ path: String) -> String {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name
        }
        for path in paths { expect(Array(Ranker.stemBytes(path)), equals: Array(stem(path).utf8), "\(path)") }
        expect(Array(Ranker.stemBytes("a/b/Linux.Md")), equals: Array("Linux".utf8))
    }

    @Test func warmColdAndReadAgainRankAlike() throws {
        var generator = SeededGenerator(seed: 32)
        for round in 0..<5 {
            let vault = try ScratchFolder()
            let count = Int.random(in: 1...40, using: &generator)
            for number in 0..<count {
                _ = try vault.write(
                    (number % 3 == 0 ? "sub/" : "") + "\(Self.words.randomElement(using: &generator)!) \(number).md",
                    Self.note(&generator), modified: Date(timeIntervalSinceNow: -3600 - Double(number)))
            }
            let full = try IndexBuilder.build(root: vault.path)
            let cold = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
            let warm = full.withTextSignatures(CachedSignatures(root: vault.path), version: round)
            for _ in 0..<30 {
                let text = Self.query(&generator)
                let query = try QueryParser.parse(text)
                var evaluators = [QueryEvaluator(index: full, now: 0), QueryEvaluator(collection: cold, now: 0), QueryEvaluator(collection: warm, now: 0)]
                let ignoring = Int.random(in: 0..<5, using: &generator) == 0
                for index in evaluators.indices { evaluators[index].ignoresAccents = ignoring }
                let reference = Self.answer(evaluators[0].ranked(matching: query, countingWhileReading: false), full)
                expect(Self.answer(evaluators[0].ranked(matching: query), full), equals: reference, "round \(round): \(text)")
                expect(Self.answer(evaluators[1].ranked(matching: query), cold), equals: reference, "round \(round) cold: \(text)")
                expect(Self.answer(evaluators[2].ranked(matching: query), warm), equals: reference, "round \(round) warm: \(text)")
            }
        }
    }

    /// A daemon keeps the document frequencies counted on its snapshot (`DocumentFrequencies`):
    /// with notes rewritten, added and removed between queries (each time a new snapshot and
    /// version, the same `CachedSignatures`), every warm ranking, asked twice, equals a cold
    /// reading of every result on the same notes.
    @Test func warmRankingFollowsEditsBetweenQueries() throws {
        var generator = SeededGenerator(seed: 35)
        var stamp = 0.0
        func write(_ vault: ScratchFolder, _ name: String, _ generator: inout SeededGenerator) throws {
            // A new mtime at each write: the cache's stamps tell every rewrite apart.
            stamp += 1
            try vault.write(name, Self.note(&generator), modified: Date(timeIntervalSinceNow: -7200 + stamp))
        }
        for round in 0..<4 {
            let vault = try ScratchFolder()
            var names: [String] = []
            for number in 0..<Int.random(in: 2...25, using: &generator) {
                names.append((number % 3 == 0 ? "sub/deeper/" : "") + "n\(number).md")
                try write(vault, names.last!, &generator)
            }
            var added = names.count
            let signatures = CachedSignatures(root: vault.path)
            for version in 0..<6 {
                let full = try IndexBuilder.build(root: vault.path)
                let warm = full.withTextSignatures(signatures, version: version)
                for _ in 0..<8 {
                    let text = Self.query(&generator)
                    let query = try QueryParser.parse(text)
                    let ignoring = Int.random(in: 0..<5, using: &generator) == 0
                    var cold = QueryEvaluator(index: full, now: 0)
                    var daemon = QueryEvaluator(collection: warm, now: 0)
                    cold.ignoresAccents = ignoring
                    daemon.ignoresAccents = ignoring
                    let reference = Self.answer(cold.ranked(matching: query, countingWhileReading: false), full)
                    for time in 0..<2 {
                        expect(Self.answer(daemon.ranked(matching: query), warm), equals: reference, "round \(round) version \(version) #\(time): \(text)")
                    }
                }
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0 where names.count > 1:
                        let gone = names.remove(at: Int.random(in: 0..<names.count, using: &generator))
                        try FileManager.default.removeItem(atPath: vault.path + "/" + gone)
                    case 1:
                        added += 1
                        names.append((added % 2 == 0 ? "sub/" : "") + "n\(added).md")
                        try write(vault, names.last!, &generator)
                    default:
                        try write(vault, names.randomElement(using: &generator)!, &generator)
                    }
                }
            }
        }
    }
}
