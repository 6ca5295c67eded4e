import Testing

@testable import NotezKit
import NotezTestSupport

private func day(_ text: String) -> DateFilter.Day { DateFilter.Day(text)! }

struct QueryParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let tree: QueryNode
        var testDescription: String { query }
        init(_ query: String, _ tree: QueryNode) {
            self.query = query
            self.tree = tree
        }
    }

    static let cases: [Case] = [
        Case("work", .text("work")),
        Case("a b", .and([.text("a"), .text("b")])),
        Case("a AND b", .and([.text("a"), .text("b")])),
        Case("a and b AnD c", .and([.text("a"), .text("b"), .text("c")])),
        Case("a OR b c", .or([.text("a"), .and([.text("b"), .text("c")])])),
        Case("a b OR c", .or([.and([.text("a"), .text("b")]), .text("c")])),
        Case("a or b Or c", .or([.text("a"), .text("b"), .text("c")])),
        Case("(a OR b) c", .and([.or([.text("a"), .text("b")]), .text("c")])),
        Case("a (b (c OR d))", .and([.text("a"), .and([.text("b"), .or([.text("c"), .text("d")])])])),
        Case("((a))", .text("a")),
        Case("NOT a b", .and([.not(.text("a")), .text("b")])),
        Case("NOT NOT x", .not(.not(.text("x")))),
        Case("not (a OR b)", .not(.or([.text("a"), .text("b")]))),
        Case("--x", .not(.not(.text("x")))),
        Case("-tag:x", .not(.tag("x"))),
        Case("-(a b)", .not(.and([.text("a"), .text("b")]))),
        Case("-\"a b\"", .not(.text("a b"))),
        Case("a -b", .and([.text("a"), .not(.text("b"))])),
        Case("foo-bar", .text("foo-bar")),
        Case("foo-bar -baz-qux", .and([.text("foo-bar"), .not(.text("baz-qux"))])),
        Case("NOTES ORacle ANDroid", .and([.text("NOTES"), .text("ORacle"), .text("ANDroid")])),
        Case("nothing order android", .and([.text("nothing"), .text("order"), .text("android")])),
        Case("tag:NOT", .tag("NOT")),
        Case("\"and\"", .text("and")),
        Case("TAG:x", .tag("x")),
        Case("Tag:Work/Alpha", .tag("Work/Alpha")),
        Case("FOLDER:Projects", .folder("Projects")),
        Case("folder:Work/Projects", .folder("Work/Projects")),
        Case("folder:\"My Work\"", .folder("My Work")),
        Case("tag:\"space travel\"", .tag("space travel")),
        Case("title:\"say \\\"hi\\\"\"", .title("say \"hi\"")),
        Case("\"back\\\\slash\"", .text("back\\slash")),
        Case("\"a\\b\"", .text("a\\b")),
        Case("\"hello world\"", .text("hello world")),
        Case("is:pinned", .pinned(true)),
        Case("IS:PINNED", .pinned(true)),
        Case("pinned:true", .pinned(true)),
        Case("pinned:false", .pinned(false)),
        Case("pinned:No", .pinned(false)),
        Case("in:unsorted", .unsorted),
        Case("created:2024-05-01", .created(.on(day("2024-05-01")))),
        Case("created:>2024-05-01", .created(.after(day("2024-05-01")))),
        Case("created:>=2024-5-1", .created(.onOrAfter(day("2024-05-01")))),
        Case("modified:<2024-05-01", .modified(.before(day("2024-05-01")))),
        Case("modified:<=2024-05-01", .modified(.onOrBefore(day("2024-05-01")))),
        Case("modified:2024-01-01..2024-03-31", .modified(.between(day("2024-01-01"), day("2024-03-31")))),
        Case("modified:7d", .modified(.within(DateFilter.Age(amount: 7, unit: .days)!))),
        Case("created:2W", .created(.within(DateFilter.Age(amount: 2, unit: .weeks)!))),
        Case("created:3m", .created(.within(DateFilter.Age(amount: 3, unit: .months)!))),
        Case("created:1y", .created(.within(DateFilter.Age(amount: 1, unit: .years)!))),
        Case("created:\">2024-05-01\"", .created(.after(day("2024-05-01")))),
        Case("foo:bar", .text("foo:bar")),
        Case("http://example.com", .text("http://example.com")),
        Case("tags:x", .text("tags:x")),
        Case("tag:a:b", .tag("a:b")),
        Case("tag:x(y)", .and([.tag("x"), .text("y")])),
        Case("Zürich \"São Paulo\"", .and([.text("Zürich"), .text("São Paulo")])),
        Case("  a \t b  ", .and([.text("a"), .text("b")])),
        Case(
            "tag:work (folder:Projects OR folder:Archive) -is:pinned",
            .and([.tag("work"), .or([.folder("Projects"), .folder("Archive")]), .not(.pinned(true))])),
    ]

    @Test(arguments: cases)
    func parses(_ item: Case) throws {
        try expect(QueryParser.parse(item.query), equals: item.tree)
    }

    @Test(arguments: cases)
    func canonicalTextIsStable(_ item: Case) throws {
        let text = QuerySerializer.serialize(try QueryParser.parse(item.query))
        try expect(QueryParser.parse(text), equals: item.tree)
        expect(QuerySerializer.serialize(try QueryParser.parse(text)), equals: text)
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let query: String
        let offset: Int
        let message: String
        var testDescription: String { query }
        init(_ query: String, _ offset: Int, _ message: String) {
            self.query = query
            self.offset = offset
            self.message = message
        }
    }

    static let errors: [ErrorCase] = [
        ErrorCase("(a OR b", 0, "unbalanced '('"),
        ErrorCase("a (b (c)", 2, "unbalanced '('"),
        ErrorCase("a)", 1, "unbalanced ')'"),
        ErrorCase("(a) b)", 5, "unbalanced ')'"),
        ErrorCase(")", 0, "unbalanced ')'"),
        ErrorCase("()", 0, "expected a term after '('"),
        ErrorCase("a AND", 2, "expected a term after AND"),
        ErrorCase("a AND OR b", 2, "expected a term after AND"),
        ErrorCase("(a AND) b", 3, "expected a term after AND"),
        ErrorCase("a OR", 2, "expected a term after OR"),
        ErrorCase("a or )", 2, "expected a term after OR"),
        ErrorCase("NOT", 0, "expected a term after NOT"),
        ErrorCase("a not", 2, "expected a term after NOT"),
        ErrorCase("a -", 2, "expected a term after '-'"),
        ErrorCase("- a", 0, "expected a term after '-'"),
        ErrorCase("OR a", 0, "expected a term before OR"),
        ErrorCase("AND a", 0, "expected a term before AND"),
        ErrorCase("(OR a)", 1, "expected a term before OR"),
        ErrorCase("tag:", 0, "empty tag name"),
        ErrorCase("a tag:\"\"", 2, "empty tag name"),
        ErrorCase("x folder: y", 2, "empty folder name"),
        ErrorCase("folder:/", 0, "empty folder name"),
        ErrorCase("title:", 0, "empty title"),
        ErrorCase("created:", 0, "empty created date"),
        ErrorCase("\"abc", 0, "unterminated quote"),
        ErrorCase("a \"b\" \"c", 6, "unterminated quote"),
        ErrorCase("tag:\"abc", 4, "unterminated quote"),
        ErrorCase("\"a\\\"", 0, "unterminated quote"),
        ErrorCase("é \"x", 2, "unterminated quote"),
        ErrorCase("\"\"", 0, "empty phrase"),
        ErrorCase("is:archived", 0, "expected 'pinned', 'orphan' or 'hub' after is:"),
        ErrorCase("in:work", 0, "expected 'unsorted' after in:"),
        ErrorCase("pinned:maybe", 0, "expected true or false after pinned:"),
        ErrorCase("", 0, "empty query"),
        ErrorCase("   ", 0, "empty query"),
        ErrorCase("modified:2024-03-31..2024-01-01", 0, "date range '2024-03-31..2024-01-01' ends before it starts"),
    ]

    @Test(arguments: errors)
    func reportsErrorsWithOffsets(_ item: ErrorCase) {
        expect(throws: QueryError(offset: item.offset, message: item.message)) {
            try QueryParser.parse(item.query)
        }
    }

    @Test(arguments: [
        "created:2024-13-01", "created:2023-02-29", "modified:>yesterday", "created:24-01-01",
        "created:2024-01-01..", "modified:7x", "modified:d", "created:<7d", "created:999999d",
    ])
    func rejectsInvalidDates(_ query: String) {
        do {
            _ = try QueryParser.parse(query)
            Issue.record("parsed \(query)")
        } catch {
            expect(error.offset, equals: 0)
            expect(error.message.hasPrefix("invalid date"))
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let parens = String(repeating: "(", count: 200) + "a" + String(repeating: ")", count: 200)
        expect(throws: QueryError(offset: QueryParser.maxDepth, message: "query nested too deeply (more than 100 levels)")) {
            try QueryParser.parse(parens)
        }
        let nots = String(repeating: "NOT ", count: 5000) + "a"
        expect(throws: QueryError.self) { try QueryParser.parse(nots) }
        let dashes = String(repeating: "-", count: 100_000) + "a"
        expect(throws: QueryError.self) { try QueryParser.parse(dashes) }
        let justEnough = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        expect((try? QueryParser.parse(justEnough)), equals: .text("a"))
    }

    static let tooLong = QueryError(offset: QueryParser.maxLength, message: "query is longer than 65536 bytes (64 KiB)")

    @Test func hostileQueriesAreErrorsThatStateTheLimit() {
        let megabyte = String(repeating: "word ", count: 1 << 20 / 5 + 1)
        expect(throws: Self.tooLong) { try QueryParser.parse(megabyte) }
        let parens = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        expect(throws: Self.tooLong) { try QueryParser.parse(parens) }
        let nots = String(repeating: "NOT ", count: 100_000) + "a"
        expect(throws: Self.tooLong) { try QueryParser.parse(nots) }
        // Under the length limit, the depth limit answers, at the first token past it.
        let depth = QueryError(offset: 4 * QueryParser.maxDepth, message: "query nested too deeply (more than 100 levels)")
        expect(throws: depth) { try QueryParser.parse(String(repeating: "NOT ", count: 16_000) + "a") }
        expect(throws: QueryError(offset: 100, message: "query nested too deeply (more than 100 levels)")) {
            try QueryParser.parse(String(repeating: "(", count: 60_000) + "a")
        }
    }

    @Test func lengthLimitCountsBytesAndReportsACharacterOffset() throws {
        let fits = String(repeating: "a", count: QueryParser.maxLength)
        try expect(QueryParser.parse(fits), equals: .text(fits))
        // Four bytes a character: byte 65536 is the first byte of character 16384.
        let emoji = String(repeating: "🎉", count: QueryParser.maxLength / 4 + 1)
        expect(throws: QueryError(offset: QueryParser.maxLength / 4, message: "query is longer than 65536 bytes (64 KiB)")) {
            try QueryParser.parse(emoji)
        }
    }

    @Test func longChainsStayFlat() throws {
        // 10,000 words: about 58 KB, just under the 64 KiB length limit.
        let words = (0..<10_000).map { "w\($0)" }
        let node = try QueryParser.parse(words.joined(separator: " "))
        guard case .and(let operands) = node else { Issue.record("not an AND"); return }
        expect(operands.count, equals: 10_000)
        expect(QuerySerializer.serialize(node), equals: words.joined(separator: " "))
    }

    @Test func errorOffsetsCountCharactersNotBytes() {
        // "é" is one character (two UTF-8 bytes; here also two scalars when decomposed).
        expect(throws: QueryError(offset: 6, message: "expected a term after AND")) {
            try QueryParser.parse("e\u{301}té e AND")
        }
    }

    @Test func caretLinePointsAtTheOffset() {
        let error = QueryError(offset: 6, message: "unbalanced '('")
        expect(error.caretLines(for: "a b c (d"), equals: ["a b c (d", "      ^"])
    }

    @Test(arguments: [
        ("tag:x tag:y", "tag:x tag:y"),
        ("a AND b OR NOT c", "a b OR -c"),
        ("folder:\"My Work\" \"a b\"", "folder:\"My Work\" \"a b\""),
        ("NOT (a OR b)", "-(a OR b)"),
        ("(a b) c", "(a b) c"),
        ("a (b OR c)", "a (b OR c)"),
        ("(a OR b) OR c", "(a OR b) OR c"),
        ("pinned:yes IS:pinned pinned:FALSE", "is:pinned is:pinned pinned:false"),
        ("\"AND\" \"tag:x\" \"-y\" \"foo:bar\"", "\"AND\" \"tag:x\" \"-y\" foo:bar"),
        ("created:>=2024-1-2", "created:>=2024-01-02"),
    ])
    func serializesCanonically(_ input: String, _ expected: String) throws {
        expect(QuerySerializer.serialize(try QueryParser.parse(input)), equals: expected)
    }

    @Test func tokenizerMarksOperatorsOnlyAsWholeWords() throws {
        let kinds = try QueryTokenizer("a AND ANDroid -x y-z").tokens().map(\.kind)
        expect(kinds, equals: [.word("a"), .and, .word("ANDroid"), .minus, .word("x"), .word("y-z")])
    }
}
