import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// A small vault written to a temporary folder, with hand-picked dates, tags and folders.
final class QueryFixtureVault: Sendable {
    let root: String
    let index: VaultIndex
    /// 2024-06-03T00:00:00Z
    static let now = 1_717_372_800.0

    static let files: [(String, String)] = [
        ("Inbox.md", "---\ntags: [todo]\ncreated: 2024-01-10\nmodified: 2024-06-01T10:00:00Z\n---\nRemember the Zürich trip.\n"),
        ("Quick idea.md", "---\ntags: ideas\npinned: true\ncreated: 2024-03-05\nmodified: 2024-03-05T08:00:00Z\n---\nAn ANDroid app\n"),
        (
            "Work/Plan.md",
            "---\ntitle: Quarterly Plan\ntags:\n  - project/alpha\n  - Work\ncreated: 2024-02-01\nmodified: 2024-05-20T12:00:00Z\n---\nCafé meeting with the team.\n"
        ),
        (
            "Work/Projects/Alpha.md",
            "---\ntags: [Project/Alpha/Design]\npinned: yes\ncreated: 2023-12-31T23:30:00Z\nmodified: 2024-05-01T09:00:00Z\n---\nÉCOLE notes\n"
        ),
        ("Work/Projects/Beta.md", "---\ntags: [project/beta]\ncreated: 2024-01-01\nmodified: 2024-04-15\n---\nbeta release\n"),
        (
            "Work/Projects/Gamma/Spec.md",
            "---\ntags: [project/gamma]\ncreated: 2024-06-02\nmodified: 2024-06-02T00:00:00Z\n---\nThe spec mentions STRASSE and straße.\n"
        ),
        ("Work/Archive/Old.md", "---\ntags: [project]\ncreated: 2022-06-15\nmodified: 2022-07-01\n---\nold stuff foo-bar\n"),
        (
            "Personal/Travel/Zurich.md",
            "---\ntitle: Zürich Trip\ntags: [\"space travel\", travel]\ncreated: 2024-05-28\nmodified: 2024-05-30T18:00:00Z\n---\nVisit the lake. \"quoted words\"\n"
        ),
        ("Personal/Archive/Diary.md", "# Dear Diary\nToday was fine.\n"),
        (
            "Personal/Projects/House/Roof.md",
            "---\ntags: [house, projects]\ncreated: 2024-04-01\nmodified: 2024-05-31T23:59:59Z\n---\nRoof tiles, the oracle of repairs\n"
        ),
        ("My Work/Notes.md", "---\ntags: [Work/Meetings]\ncreated: 2024-05-15\nmodified: 2024-05-15\n---\nNOTES about nothing\n"),
        (".notez/trash/Gone.md", "---\ntags: [todo]\n---\nzürich in the trash\n"),
    ]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notez-query-\(UUID().uuidString)").path
        for (path, text) in Self.files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // The diary has no front matter: both dates come from the file's mtime, 2024-02-10T00:00:00Z.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_707_523_200)],
            ofItemAtPath: root + "/Personal/Archive/Diary.md")
        index = try IndexBuilder.build(root: root)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func search(_ query: String) throws -> [String] {
        QueryEvaluator(index: index, now: Self.now).notes(matching: try QueryParser.parse(query)).map(\.path)
    }
}

struct QueryEvaluatorTests {
    static let alpha = "Work/Projects/Alpha.md"
    static let quick = "Quick idea.md"
    static let spec = "Work/Projects/Gamma/Spec.md"
    static let inbox = "Inbox.md"
    static let roof = "Personal/Projects/House/Roof.md"
    static let zurich = "Personal/Travel/Zurich.md"
    static let plan = "Work/Plan.md"
    static let notes = "My Work/Notes.md"
    static let beta = "Work/Projects/Beta.md"
    static let diary = "Personal/Archive/Diary.md"
    static let old = "Work/Archive/Old.md"

    static let cases: [(String, [String])] = [
        // Hierarchical tags: the tag and its children, never a mere prefix (`projects`).
        ("tag:project", [alpha, spec, plan, beta, old]),
        ("tag:project/alpha", [alpha, plan]),
        ("TAG:PROJECT/ALPHA/design", [alpha]),
        ("tag:work", [plan, notes]),
        ("tag:\"space travel\"", [zurich]),
        ("tag:travel", [zurich]),
        ("tag:proj", []),
        // Folder names at any depth, with subfolders; paths from the root.
        ("folder:Projects", [alpha, spec, roof, beta]),
        ("folder:archive", [diary, old]),
        ("folder:Work", [alpha, spec, plan, beta, old]),
        ("folder:work/projects", [alpha, spec, beta]),
        ("folder:House", [roof]),
        ("folder:Gamma", [spec]),
        ("folder:\"My Work\"", [notes]),
        ("folder:Personal/Archive", [diary]),
        ("folder:Projects/House", []),
        ("folder:/Work/Projects/", [alpha, spec, beta]),
        // Pinned and unsorted.
        ("in:unsorted", [quick, inbox]),
        ("is:pinned", [alpha, quick]),
        ("pinned:false in:unsorted", [inbox]),
        // Dates: whole UTC days, ranges, comparisons, relative ages from a fixed now.
        ("created:2024-05-28", [zurich]),
        ("created:2023-12-31", [alpha]),
        ("created:2024-01-01..2024-02-01", [inbox, plan, beta]),
        ("modified:>2024-05-31", [spec, inbox]),
        ("modified:>=2024-05-31", [spec, inbox, roof]),
        ("modified:<2024-03-05", [diary, old]),
        ("modified:<=2024-03-05", [quick, diary, old]),
        ("modified:7d", [spec, inbox, roof, zurich]),
        ("modified:1m", [spec, inbox, roof, zurich, plan, notes]),
        ("modified:2w", [spec, inbox, roof, zurich, plan]),
        ("created:1y", [alpha, quick, spec, inbox, roof, zurich, plan, notes, beta, diary]),
        // Titles.
        ("title:plan", [plan]),
        ("title:diary", [diary]),
        ("title:zürich", [zurich]),
        // Full text, case-insensitive and Unicode-aware, on title and body only.
        ("zürich", [inbox, zurich]),
        ("ZÜRICH", [inbox, zurich]),
        ("école", [alpha]),
        ("cafe\u{301}", [plan]),
        ("straße", [spec]),
        ("\"quoted words\"", [zurich]),
        ("\"the team\"", [plan]),
        ("foo-bar", [old]),
        ("NOTES", [alpha, notes]),
        ("oracle", [roof]),
        ("android", [quick]),
        ("travel", []),
        ("todo", []),
        // Boolean combinations.
        ("tag:project -folder:Archive", [alpha, spec, plan, beta]),
        ("tag:house OR tag:travel", [roof, zurich]),
        ("(folder:Work OR in:unsorted) -is:pinned", [spec, inbox, plan, beta, old]),
        ("tag:todo OR team", [inbox, plan]),
        ("lake folder:Travel", [zurich]),
        ("Visit -lake", []),
        ("NOT NOT is:pinned", [alpha, quick]),
        ("folder:Projects AND NOT tag:project OR in:unsorted", [quick, inbox, roof]),
        ("-zürich in:unsorted", [quick]),
    ]

    static let vault = Result { try QueryFixtureVault() }

    @Test(arguments: cases)
    func evaluates(_ query: String, _ expected: [String]) throws {
        try expect(Self.vault.get().search(query), equals: expected)
    }

    @Test func theTrashNeverMatches() throws {
        let vault = try Self.vault.get()
        expect(vault.index.notes.count, equals: 11)
        expect(!(try vault.search("tag:todo OR trash")).contains { $0.contains("Gone") })
    }

    @Test func fullTextReadsOnlyNotesThatSurviveCheapTerms() throws {
        let vault = try Self.vault.get()
        let evaluator = QueryEvaluator(index: vault.index, now: QueryFixtureVault.now)
        let node = try QueryParser.parse("zürich tag:todo")
        var run = QueryEvaluator.Run(evaluator: evaluator, node: node)
        let result = run.evaluate(node, within: PositionSet(capacity: vault.index.notes.count, full: true))
        expect(result.positions.map { vault.index.notes[$0].path }, equals: ["Inbox.md"])
        expect(run.matcher?.loadedCount == 1)
        let cheap = QueryEvaluator.Run(evaluator: evaluator, node: try QueryParser.parse("tag:todo OR folder:x"))
        expect(cheap.matcher == nil)
    }

    @Test func orSkipsFullTextForNotesAlreadyMatched() throws {
        let vault = try Self.vault.get()
        let evaluator = QueryEvaluator(index: vault.index, now: QueryFixtureVault.now)
        let node = try QueryParser.parse("oracle OR folder:Work")
        var run = QueryEvaluator.Run(evaluator: evaluator, node: node)
        let result = run.evaluate(node, within: PositionSet(capacity: vault.index.notes.count, full: true))
        expect(result.count, equals: 6)
        expect(run.matcher?.loadedCount == 6)  // 11 notes, 5 of them matched folder:Work first
    }

    @Test func relativeMonthsClampToTheEndOfShorterMonths() {
        // 2024-03-31T12:00:00Z minus one month is 2024-02-29T12:00:00Z (leap year).
        let now = NoteDate.civil(2024, 3, 31, 12, 0, 0, 0)!
        let age = DateFilter.Age(amount: 1, unit: .months)!
        expect(age.cutoff(now: now), equals: NoteDate.civil(2024, 2, 29, 12, 0, 0, 0)!)
        expect(DateFilter.Age(amount: 1, unit: .years)!.cutoff(now: now), equals: NoteDate.civil(2023, 3, 31, 12, 0, 0, 0)!)
    }

    @Test func fullTextFoldingMatchesAcrossCaseAndNormalization() {
        let hay = TextFold.fold(Array("Grüße aus ZÜRICH, É".utf8)[...])
        for needle in ["zürich", "ZU\u{308}RICH", "é", "e\u{301}", "grüße", "aus z"] {
            expect(FullTextMatcher.contains(hay, TextFold.fold(Array(needle.utf8)[...])), "\(needle)")
        }
        expect(!FullTextMatcher.contains(hay, TextFold.fold(Array("zurich".utf8)[...])))
        expect(FullTextMatcher.contains(Array("aab".utf8), Array("ab".utf8)))
        expect(!FullTextMatcher.contains(Array("a".utf8), Array("ab".utf8)))
        // The fast path (already NFC) and the normalizing path agree.
        expect(TextFold.isSurelyNFC("Grüße, Привет, 日本語 🇫🇷"))
        let mixed = "Grüße aus ZÜRICH, ΟΔΟΣ Привет İstanbul"
        expect(TextFold.lowercasedRuns(Array(mixed.utf8)[...]), equals: Array(mixed.lowercased().utf8))
        expect(!TextFold.isSurelyNFC("Gru\u{308}ße"))
        expect(TextFold.fold(Array("ÀÉÎ Ж".utf8)[...]), equals: TextFold.fold(Array("A\u{300}E\u{301}I\u{302} Ж".utf8)[...]))
    }
}
