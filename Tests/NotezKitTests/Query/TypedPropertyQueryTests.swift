import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Typed `prop:` comparisons: parsing with carets, and matching by the folder's schema type or the
/// query value's type, over numbers, dates, booleans, text and lists.
@Suite struct TypedPropertyQueryTests {
    @Test(arguments: [
        ("prop:estimate>3", QueryNode.propertyOrder("estimate", .greater, "3"), "prop:estimate>3"),
        ("prop:estimate>=3.50", .propertyOrder("estimate", .atLeast, "3.50"), "prop:estimate>=3.50"),
        ("PROP:Estimate<-1", .propertyOrder("Estimate", .less, "-1"), "prop:Estimate<-1"),
        ("prop:due<=2025-01-31", .propertyOrder("due", .atMost, "2025-01-31"), "prop:due<=2025-01-31"),
        ("prop:\"due>2025-01-31\"", .propertyOrder("due", .greater, "2025-01-31"), "prop:due>2025-01-31"),
        ("prop:done=true", .property("done", value: "true"), "prop:done=true"),
        ("prop:due=2025-01-01..2025-03-31", .property("due", value: "2025-01-01..2025-03-31"), "prop:due=2025-01-01..2025-03-31"),
        ("prop:a=>3", .property("a", value: ">3"), "prop:a=>3"),
        ("prop:a!b", .property("a!b", value: nil), "prop:a!b"),
    ])
    func parsesAndRoundTrips(text: String, node: QueryNode, canonical: String) throws {
        let parsed = try QueryParser.parse(text)
        expect(parsed, equals: node)
        expect(QuerySerializer.serialize(parsed), equals: canonical)
        try expect(QueryParser.parse(canonical), equals: node)
    }

    @Test(arguments: [
        ("prop:estimate>", 13, "expected a number or a date after '>'"),
        ("prop:estimate>=", 13, "expected a number or a date after '>='"),
        ("prop:>3", 5, "expected a property name after prop:"),
        ("x prop:<=3", 7, "expected a property name after prop:"),
        ("prop:x>abc", 7, "'abc' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("prop:x>=1e3", 8, "'1e3' is not a number or a date (YYYY-MM-DD): '>=' compares only those"),
        ("prop:x<0x10", 7, "'0x10' is not a number or a date (YYYY-MM-DD): '<' compares only those"),
        ("prop:x>nan", 7, "'nan' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("prop:x<-inf", 7, "'-inf' is not a number or a date (YYYY-MM-DD): '<' compares only those"),
        ("prop:x>.5", 7, "'.5' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("prop:x<<3", 7, "'<3' is not a number or a date (YYYY-MM-DD): '<' compares only those"),
        ("prop:x>2025-02-30", 7, "'2025-02-30' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("a prop:\"x y>zz\"", 12, "'zz' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("prop:\"a\\\"b>z\"", 11, "'z' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("é prop:é>z", 9, "'z' is not a number or a date (YYYY-MM-DD): '>' compares only those"),
        ("prop:a!=b", 6, "'!=' is not supported: use -prop:a=VALUE"),
        ("prop:a=", 6, "empty value after prop:a="),
        ("prop:d=2025-02-01..2025-01-01", 7, "date range '2025-02-01..2025-01-01' ends before it starts"),
        ("prop:", 0, "expected a property name after prop:"),
    ])
    func malformedComparisonsPointAtTheOffendingCharacter(text: String, offset: Int, message: String) {
        expect(throws: QueryError(offset: offset, message: message)) { try QueryParser.parse(text) }
    }

    @Test func hostileValuesParseOrFailCleanly() throws {
        let huge = String(repeating: "9", count: 20_000)
        try expect(QueryParser.parse("prop:x>" + huge), equals: .propertyOrder("x", .greater, huge))
        let long = String(repeating: "z", count: 20_000)
        do {
            _ = try QueryParser.parse("prop:x>" + long)
            Issue.record("a long non-number after '>' parsed")
        } catch {
            expect(error.offset, equals: 7)
            expect(error.message, equals: "'" + String(repeating: "z", count: 40) + "…' is not a number or a date (YYYY-MM-DD): '>' compares only those")
        }
        try expect(QueryParser.parse("prop:x=" + long), equals: .property("x", value: long))
    }

    @Test func numbersCompareExactlyAsDecimals() throws {
        func number(_ text: String) -> PropertyNumber? { PropertyNumber(text) }
        expect(number("3"), equals: number("3.0"))
        expect(number("3"), equals: number("03"))
        expect(number("+3"), equals: number("3.000"))
        expect(number("-0"), equals: number("0.0"))
        expect(number("-1")! < number("0")!)
        expect(number("-2")! < number("-1.5")!)
        expect(number("1.05")! < number("1.5")!)
        expect(number("9.99")! < number("10")!)
        expect(number("1" + String(repeating: "0", count: 400))! > number(String(repeating: "9", count: 400))!)
        expect(number("1" + String(repeating: "0", count: 400)) != number("1" + String(repeating: "0", count: 399) + "1"))
        for bad in ["", "-", "+", ".", "1.", ".5", "1e3", "0x10", "1_000", "inf", "-inf", "nan", "NaN", "1.2.3", " 3", "3 ", "١"] {
            expect(number(bad) == nil, "\(bad)")
        }
    }

    @Test func withoutASchemaTheQueryValueDecidesTheType() throws {
        let big = "123456789012345678901234567890123456789012345678901234567890"
        let vault = try TemporaryVault([
            "a.md": "---\nestimate: 3\ndue: 2025-01-31\ndone: true\nlabels: [1, 5]\n---\n",
            "b.md": "---\nestimate: 3.0\ndue: 2025-01-31T23:30:00-05:00\ndone: yes\nlabels: [2]\n---\n",
            "c.md": "---\nestimate: -1\ndue: \"2024-12-31\"\ndone: FALSE\n---\n",
            "d.md": "---\nestimate: 1e3\ndue: 1714554000\ndone: Off\n---\n",
            "e.md": "---\nestimate: 0x10\ndue: soon\ndone: maybe\n---\n",
            "f.md": "---\nestimate: \(big)\ndue: 2025-01-31 10:00:00 +0000\n---\n",
            "g.md": "---\nestimate: three\ndue: {day: 2025-01-31}\ndone: [y]\n---\n",
            "h.md": "---\nestimate: .inf\ndue: 2025-02-01T00:00:00\ndone: n\n---\n",
        ])
        defer { vault.remove() }
        let evaluator = QueryEvaluator(index: try vault.index())
        func paths(_ query: String) throws -> [String] {
            try evaluator.notes(matching: QueryParser.parse(query)).map(\.path).sorted()
        }
        try expect(paths("prop:estimate=3"), equals: ["a.md", "b.md"])
        try expect(paths("prop:estimate=+03.00"), equals: ["a.md", "b.md"])
        try expect(paths("prop:estimate>2"), equals: ["a.md", "b.md", "f.md"])
        try expect(paths("prop:estimate<0"), equals: ["c.md"])
        try expect(paths("prop:estimate>=-1"), equals: ["a.md", "b.md", "c.md", "f.md"])
        try expect(paths("prop:estimate>1000"), equals: ["f.md"])  // 1e3, 0x10 and .inf are not numbers
        try expect(paths("prop:estimate=\(big)"), equals: ["f.md"])
        try expect(paths("prop:estimate<\(big)"), equals: ["a.md", "b.md", "c.md"])
        try expect(paths("prop:estimate=three"), equals: ["g.md"])
        try expect(paths("prop:estimate=1e3"), equals: ["d.md"])  // text
        try expect(paths("prop:labels>4"), equals: ["a.md"])
        try expect(paths("prop:labels=2"), equals: ["b.md"])
        // Dates: whole UTC days; a date-time at its UTC instant; numbers are never dates.
        try expect(paths("prop:due<2025-01-01"), equals: ["c.md"])
        try expect(paths("prop:due=2025-01-31"), equals: ["a.md", "f.md"])
        try expect(paths("prop:due>2025-01-31"), equals: ["b.md", "h.md"])
        try expect(paths("prop:due>=2020-01-01"), equals: ["a.md", "b.md", "c.md", "f.md", "h.md"])
        try expect(paths("prop:due=2025-01-30..2025-02-01"), equals: ["a.md", "b.md", "f.md", "h.md"])
        try expect(paths("prop:due=soon"), equals: ["e.md"])
        // Booleans: notez's words, any case; YAML 1.1's y/n are text.
        try expect(paths("prop:done=true"), equals: ["a.md", "b.md"])
        try expect(paths("prop:done=YES"), equals: ["a.md", "b.md"])
        try expect(paths("prop:done=false"), equals: ["c.md", "d.md"])
        try expect(paths("prop:done=maybe"), equals: ["e.md"])
        try expect(paths("prop:done=y"), equals: ["g.md"])
        try expect(paths("-prop:done=true"), equals: ["c.md", "d.md", "e.md", "f.md", "g.md", "h.md"])
        // A mapping is set but never compares.
        try expect(paths("prop:due"), equals: ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "g.md", "h.md"])
    }

    @Test func aSchemaTypesTheComparisonInItsFolderAndBelow() throws {
        let vault = try TemporaryVault([
            ".notez/config.yaml": """
                properties:
                  Typed:
                    code: text
                    n: number
                    flag: bool
                    when: datetime
                    size: {type: select, options: [small, large]}

                """,
            "Typed/x.md": "---\ncode: 3.0\nn: yes\nflag: true\nwhen: 2025-01-31T10:00Z\nsize: large\n---\n",
            "Typed/y.md": "---\ncode: 3\nn: 5\nflag: yes\nwhen: 2025-01-31\nsize: 10\n---\n",
            "Typed/Sub/w.md": "---\ncode: 3.00\nn: 5.0\n---\n",
            "Loose/z.md": "---\ncode: 3.0\nn: yes\nflag: true\nsize: 10\n---\n",
        ])
        defer { vault.remove() }
        let evaluator = QueryEvaluator(index: try vault.index())
        func paths(_ query: String) throws -> [String] {
            try evaluator.notes(matching: QueryParser.parse(query)).map(\.path).sorted()
        }
        // `code` is text in Typed (and Typed/Sub): `3` is not `3.0` there; a number elsewhere.
        try expect(paths("prop:code=3"), equals: ["Loose/z.md", "Typed/y.md"])
        try expect(paths("prop:code=3.0"), equals: ["Loose/z.md", "Typed/x.md"])
        // Ordering on a text-typed key matches nothing in that folder.
        try expect(paths("prop:code>1"), equals: ["Loose/z.md"])
        // `n` is a number in Typed: `yes` there is not a boolean.
        try expect(paths("prop:n=yes"), equals: ["Loose/z.md"])
        try expect(paths("prop:n=5"), equals: ["Typed/Sub/w.md", "Typed/y.md"])
        try expect(paths("prop:flag=true"), equals: ["Loose/z.md", "Typed/x.md", "Typed/y.md"])
        // A select compares as text, whatever the value looks like.
        try expect(paths("prop:size>5"), equals: ["Loose/z.md"])
        try expect(paths("prop:size=LARGE"), equals: ["Typed/x.md"])
        try expect(paths("prop:when<2025-02-01"), equals: ["Typed/x.md", "Typed/y.md"])
        try expect(paths("prop:when=2025-01-31"), equals: ["Typed/x.md", "Typed/y.md"])
    }

    @Test func explainSaysHowATermCompares() throws {
        func describe(_ query: String) throws -> String { QueryExplainer.describe(try QueryParser.parse(query)) }
        try expect(describe("prop:estimate>3"), equals: "property 'estimate' is greater than 3, as a number unless the folder's schema types it")
        try expect(describe("prop:estimate=3"), equals: "property 'estimate' equals 3, as a number unless the folder's schema types it")
        try expect(describe("prop:due<2025-01-01"), equals: "property 'due' is before 2025-01-01, as a date unless the folder's schema types it")
        try expect(describe("prop:due=2025-01-01"), equals: "property 'due' is on 2025-01-01 (UTC), as a date unless the folder's schema types it")
        try expect(describe("prop:done=Yes"), equals: "property 'done' is true, as a boolean unless the folder's schema types it")
        try expect(describe("prop:status=done"), equals: "property 'status' is 'done', as text unless the folder's schema types it")
        try expect(describe("prop:status"), equals: "property 'status' is set")
    }
}
