import PropertyBased
import Testing
import NotezTestSupport

@testable import NotezKit

/// Random query trees that the parser can produce (operand lists of two or more, non-empty values).
struct RandomQueryTree {
    static let pieces = [
        "a", "b", "work", "Zürich", "é", "E\u{301}", "日本", "🇫🇷", "\u{301}", " ", "  ", "\t", "\n", "\"", "\\",
        "(", ")", ":", "-", "/", "AND", "or", "Not", "tag:", "folder:", "is:", "x-y", "NOTES", ">", "..", "7d", "'",
    ]

    var random: SeededGenerator

    mutating func string(nonEmptyFolder: Bool = false) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) { text += Self.pieces.randomElement(using: &random)! }
        if nonEmptyFolder && !text.contains(where: { $0 != "/" }) { text += "f" }
        return text
    }

    mutating func day() -> DateFilter.Day {
        DateFilter.Day(
            year: Int.random(in: 1...9999, using: &random), month: Int.random(in: 1...12, using: &random),
            day: Int.random(in: 1...28, using: &random))!
    }

    mutating func dateFilter() -> DateFilter {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .after(day())
        case 1: return .onOrAfter(day())
        case 2: return .before(day())
        case 3: return .onOrBefore(day())
        case 4: return .on(day())
        case 5:
            let days = [day(), day()].sorted()
            return .between(days[0], days[1])
        default:
            let unit = DateFilter.Age.Unit.allCases.randomElement(using: &random)!
            return .within(DateFilter.Age(amount: Int.random(in: 0...DateFilter.Age.maxAmount, using: &random), unit: unit)!)
        }
    }

    /// A property key as the parser reads one: no `=`, `<`, `>`, and no `!` right before an operator.
    mutating func propertyKey() -> String {
        // By scalars, as the parser reads them: `>` followed by a combining mark is still `>`.
        var key = String(String.UnicodeScalarView(string().unicodeScalars.filter { !"=<>!".unicodeScalars.contains($0) }))
        if key.isEmpty { key = "k" }
        return key
    }

    /// A value `>`/`<` accept: a number (any sign, leading and trailing zeros) or a day.
    mutating func bound() -> String {
        if Bool.random(using: &random) { return day().description }
        let sign = ["", "-", "+"].randomElement(using: &random)!
        let whole = String(Int.random(in: 0...1_000_000, using: &random))
        let fraction = Bool.random(using: &random) ? "." + String(Int.random(in: 0...999, using: &random)) + "0" : ""
        return sign + whole + fraction
    }

    mutating func property() -> QueryNode {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .property(propertyKey(), value: nil)
        case 1: return .property(propertyKey(), value: Bool.random(using: &random) ? string() : bound())
        default: return .propertyOrder(propertyKey(), PropertyOperator.allCases.randomElement(using: &random)!, bound())
        }
    }

    mutating func term() -> QueryNode {
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return .tag(string())
        case 1: return .folder(string(nonEmptyFolder: true))
        case 2: return .title(string())
        case 3: return .pinned(Bool.random(using: &random))
        case 4: return .unsorted
        case 5: return .created(dateFilter())
        case 6: return .modified(dateFilter())
        case 7, 8: return property()
        default: return .text(string())
        }
    }

    mutating func tree(depth: Int) -> QueryNode {
        guard depth > 0 else { return term() }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .and((0..<Int.random(in: 2...4, using: &random)).map { _ in tree(depth: depth - 1) })
        case 1: return .or((0..<Int.random(in: 2...4, using: &random)).map { _ in tree(depth: depth - 1) })
        case 2: return .not(tree(depth: depth - 1))
        default: return term()
        }
    }
}

struct QueryPropertyTests {
    @Test func serializedTreesParseBackToThemselves() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var generator = RandomQueryTree(random: SeededGenerator(seed: UInt64(seed)))
            let tree = generator.tree(depth: 5)
            let text = QuerySerializer.serialize(tree)
            let parsed = Result { () throws(QueryError) -> QueryNode in try QueryParser.parse(text) }
            expect((try? parsed.get()), equals: tree, "seed \(seed): \(text) gave \(parsed)")
            // Canonical text is a fixed point.
            if let again = try? parsed.get() { expect(QuerySerializer.serialize(again), equals: text) }
        }
    }

    @Test func fixedSeedsRoundTrip() {
        var failures: [String] = []
        for seed in 0..<2000 as Range<UInt64> {
            var generator = RandomQueryTree(random: SeededGenerator(seed: seed))
            let tree = generator.tree(depth: 4)
            let text = QuerySerializer.serialize(tree)
            if (try? QueryParser.parse(text)) != tree { failures.append("seed \(seed): \(text)") }
        }
        expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    static let alphabet = [
        "a", "b", "z", "Q", "\"", "\"", "(", ")", "(", ")", ":", "-", "-", " ", " ", " ", "AND", "OR", "NOT", "and",
        "tag:", "folder:", "title:", "is:", "pinned:", "in:", "created:", "modified:", ">", "<", "=", "..", "2024-01-02",
        "7d", "prop:", "prop:x", ">=", "<=", "!=", "3.5", "-1", "\\", "/", "é", "Ü", "ß", "日", "\u{301}", "🇫🇷", "\u{600}", "\t", "\n", "\u{0}", "\u{200D}",
    ]

    @Test func randomInputNeverCrashes() {
        var random = SeededGenerator(seed: 20_240_501)
        var parsed = 0
        var failed = 0
        for _ in 0..<10_000 {
            var query = ""
            for _ in 0..<Int.random(in: 1...14, using: &random) { query += Self.alphabet.randomElement(using: &random)! }
            do {
                let tree = try QueryParser.parse(query)
                parsed += 1
                let text = QuerySerializer.serialize(tree)
                let again = try? QueryParser.parse(text)
                expect(again, equals: tree, "\(query.debugDescription) -> \(text.debugDescription)")
            } catch {
                failed += 1
                expect(error.offset >= 0 && error.offset < query.count, "\(query.debugDescription): \(error)")
                expect(!error.message.isEmpty)
            }
        }
        // Both outcomes occur, so the test exercises the parser and the error paths.
        expect(parsed > 500)
        expect(failed > 500)
    }
}
