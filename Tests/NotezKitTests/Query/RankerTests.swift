import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// BM25F ranking of full-text results (docs/query.md, "Ranking") on small hand-made vaults.
@Suite struct RankerTests {
    /// A vault of `files` in a temporary folder; every note's dates from front matter so list order is known.
    final class Fixture {
        let root: String
        let index: VaultIndex

        init(_ files: [(String, String)]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("notez-rank-\(UUID().uuidString)").path
            for (path, text) in files {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            index = try IndexBuilder.build(root: root)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func ranked(_ query: String) throws -> [RankedResult] {
            QueryEvaluator(index: index, now: 0).ranked(matching: try QueryParser.parse(query))
        }

        func paths(_ query: String) throws -> [String] { try ranked(query).map { index.path(at: $0.position) } }

        func score(_ query: String, _ path: String) throws -> Double? {
            try ranked(query).first { index.path(at: $0.position) == path }?.score
        }
    }

    static func note(_ modified: String, _ body: String, tags: String = "[]", extra: String = "") -> String {
        "---\ntags: \(tags)\nmodified: \(modified)\n\(extra)---\n\(body)\n"
    }

    static let filler = "Some ordinary words about nothing in particular, written to give the note a body.\n"

    @Test func aTitleHitBeatsABodyHit() throws {
        let vault = try Fixture([
            // Newer, so first in list order: ranking must move it down.
            ("Windows/help.md", Self.note("2024-06-01", Self.filler + "Install it under linux or mac.")),
            ("Linux/Linux.md", Self.note("2024-01-01", Self.filler + "The kernel.")),
            ("Other.md", Self.note("2024-03-01", Self.filler)),
        ])
        try expect(vault.paths("linux"), equals: ["Linux/Linux.md", "Windows/help.md"])
        // Without ranking the newer note comes first: the order is the ranking's doing.
        expect(QueryEvaluator(index: vault.index).notes(matching: .text("linux")).map(\.path), equals: ["Windows/help.md", "Linux/Linux.md"])
    }

    @Test func aHeadingHitBeatsABodyHitAndATagCounts() throws {
        let vault = try Fixture([
            ("a.md", Self.note("2024-06-01", Self.filler + "we talk about kafka here")),
            ("b.md", Self.note("2024-01-01", "# Kafka\n" + Self.filler)),
            ("c.md", Self.note("2024-02-01", Self.filler + "kafka again", tags: "[kafka]")),
        ])
        let paths = try vault.paths("kafka")
        expect(paths.last, equals: "a.md", "\(paths)")
        expect(Set(paths), equals: ["a.md", "b.md", "c.md"])
    }

    /// A `# line` inside code (a fence, also in a list item or a callout; an HTML block, `$$` math)
    /// is not a heading; one after a closed fence, or after a `$` or `<` of ordinary text, is.
    @Test func aHashLineInCodeIsNotAHeading() {
        let needle = Array("deploy".utf8)
        let cases: [(String, Double)] = [
            ("# deploy\n", 1),
            ("```bash\n# deploy the app\n```\n", 0),
            ("~~~\n# deploy\n~~~\n", 0),
            ("- step\n\n  ```sh\n  # deploy\n  ```\n", 0),
            ("> [!note]\n> ```sh\n# deploy\n", 1),  // the unquoted line leaves the callout and its fence
            ("> [!note]\n> ```sh\n> # deploy\n", 0),  // quoted: not a heading either way
            ("```\ncode\n```\n# deploy\n", 1),
            ("```\nunclosed\n\n# deploy\n", 0),
            ("<div>\n# deploy\n</div>\n", 0),
            ("costs $5 and <b>x</b>\n\n# deploy\n", 1),
            ("$$\n# deploy\n$$\n", 0),
            ("<!--\n# deploy\n-->\n# deploy\n", 1),
            ("`deploy`\n# deploy `x`\n", 1),
        ]
        for (body, headings) in cases {
            let bytes = Array(body.utf8)
            for ignoringCase in [false, true] {
                let counted = Ranker.bodyOccurrences(of: needle, in: bytes[...], ignoringASCIICase: ignoringCase)
                expect(counted.headings, equals: headings, "\(body.debugDescription)")
            }
        }
    }

    /// A shell comment that names the word in a code fence does not rank its note as a heading would.
    @Test func aCommentInAFenceRanksAsBodyText() throws {
        let vault = try Fixture([
            ("fence.md", Self.note("2024-06-01", Self.filler + "```bash\n# kafka\n```")),
            ("heading.md", Self.note("2024-01-01", Self.filler + "# kafka")),
        ])
        let fence = try #require(try vault.score("kafka", "fence.md"))
        let heading = try #require(try vault.score("kafka", "heading.md"))
        expect(heading > fence, "\(heading) \(fence)")
    }

    @Test func aPhraseBeatsScatteredWords() throws {
        let vault = try Fixture([
            ("scattered.md", Self.note("2024-06-01", "binary trees are fun.\n" + Self.filler + "search engines too.")),
            ("phrase.md", Self.note("2024-01-01", Self.filler + "a binary search halves the range.")),
        ])
        try expect(vault.paths("binary search"), equals: ["phrase.md", "scattered.md"])
        try expect(vault.paths("\"binary search\""), equals: ["phrase.md"])
    }

    @Test func aWordStartBeatsAnInsideWordHit() throws {
        let vault = try Fixture([
            ("inside.md", Self.note("2024-06-01", "concatenate the strings")),
            ("word.md", Self.note("2024-01-01", "the cat sat down")),
        ])
        try expect(vault.paths("cat"), equals: ["word.md", "inside.md"])
    }

    @Test func structuredTermsFilterBeforeRankingAndFrequenciesAreTheVaults() throws {
        var files: [(String, String)] = []
        for number in 0..<8 { files.append(("common \(number).md", Self.note("2024-01-0\(number + 1)", "alpha everywhere"))) }
        files.append(("tagged.md", Self.note("2024-05-01", "alpha and rare", tags: "[keep]")))
        files.append(("tagged2.md", Self.note("2024-05-02", "only alpha", tags: "[keep]")))
        let vault = try Fixture(files)
        expect(Set(try vault.paths("tag:keep alpha")), equals: ["tagged.md", "tagged2.md"])
        // The tag narrows the answer, not the statistics: the same note scores the same either way.
        try expect(vault.score("tag:keep alpha", "tagged.md"), equals: vault.score("alpha", "tagged.md"))
        // A rare word weighs more than a common one (document frequency over the whole vault).
        expect(try vault.score("rare", "tagged.md")! > vault.score("alpha", "tagged.md")!)
    }

    @Test func tiesKeepListOrder() throws {
        let vault = try Fixture([
            // Every file the same size (BM25 normalizes by length): the pinned flag's line has a twin.
            ("b.md", Self.note("2024-01-01", "same words here", extra: "status: done\n")),
            ("a.md", Self.note("2024-01-01", "same words here", extra: "status: done\n")),
            ("c.md", Self.note("2024-06-01", "same words here", extra: "status: done\n")),
            ("p.md", Self.note("2023-01-01", "same words here", extra: "pinned: true\n")),
        ])
        let ranked = try vault.ranked("words")
        expect(Set(ranked.map(\.score)).count, equals: 1)
        expect(ranked.map { vault.index.path(at: $0.position) }, equals: ["p.md", "c.md", "a.md", "b.md"])
        try expect(vault.ranked("words"), equals: ranked)
    }

    @Test func aQueryWithoutWordsKeepsListOrderWithScoreZero() throws {
        let vault = try Fixture([
            ("a.md", Self.note("2024-01-01", "x", tags: "[t]")), ("b.md", Self.note("2024-06-01", "y", tags: "[t]")),
        ])
        let ranked = try vault.ranked("tag:t")
        expect(ranked.map { vault.index.path(at: $0.position) }, equals: ["b.md", "a.md"])
        expect(ranked.allSatisfy { $0.score == 0 })
    }

    @Test func foldingIsTheSearchs() throws {
        let vault = try Fixture([
            ("one.md", Self.note("2024-01-01", "ZÜRICH is big")), ("two.md", Self.note("2024-06-01", "Zu\u{308}rich and zürich")),
        ])
        try expect(vault.paths("zürich"), equals: ["two.md", "one.md"])
    }

    @Test func relevanceIsASortKeyThatKeepsAPlainListsOrder() throws {
        expect(NoteOrder(parsing: "relevance"), equals: NoteOrder(.relevance, descending: true))
        expect(NoteOrder(parsing: "relevance+"), equals: NoteOrder(.relevance, descending: false))
        let vault = try Fixture([("b.md", Self.note("2024-01-01", "x")), ("a.md", Self.note("2024-06-01", "y"))])
        let notes = vault.index.notesInListOrder(Array(0..<vault.index.noteCount), limit: nil)
        expect(NoteOrder(.relevance).sorted(notes).map(\.path), equals: ["a.md", "b.md"])
        expect(NoteOrder(.relevance, descending: false).sorted(notes).map(\.path), equals: ["b.md", "a.md"])
    }

    /// Random small vaults and queries: ranking reorders the answer and never changes it.
    @Test func rankedSetEqualsUnrankedSet() async throws {
        let words = ["alpha", "beta", "gamma", "Zürich", "zu\u{308}rich", "ab", "x-y", "ALPHA beta"]
        let tags = ["t1", "t2", "t1/sub"]
        for round in 0..<6 {
            var random = SeededGenerator(seed: UInt64(round))
            var files: [(String, String)] = []
            for number in 0..<Int.random(in: 3...12, using: &random) {
                let body = (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(
                    separator: Bool.random(using: &random) ? " " : "\n# ")
                let tag = tags.randomElement(using: &random)!
                files.append(("f\(number % 3)/n\(number).md", Self.note("2024-0\(number % 9 + 1)-0\(number % 7 + 1)", body, tags: "[\(tag)]")))
            }
            let vault = try Fixture(files)
            for _ in 0..<40 {
                var parts: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: parts.append("tag:" + tags.randomElement(using: &random)!)
                    case 1: parts.append("-" + words.randomElement(using: &random)!.split(separator: " ")[0])
                    case 2: parts.append("(\(words.randomElement(using: &random)!.split(separator: " ")[0]) OR folder:f1)")
                    case 3: parts.append("\"\(words.randomElement(using: &random)!)\"")
                    default: parts.append(String(words.randomElement(using: &random)!.split(separator: " ")[0]))
                    }
                }
                let query = try QueryParser.parse(parts.joined(separator: " "))
                let plain = QueryEvaluator(index: vault.index, now: 0).positions(matching: query)
                let ranked = QueryEvaluator(index: vault.index, now: 0).ranked(matching: query)
                expect(ranked.map(\.position).sorted(), equals: plain, "round \(round): \(parts)")
                expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.score >= $1.score }, "round \(round): \(parts)")
            }
        }
    }
}
