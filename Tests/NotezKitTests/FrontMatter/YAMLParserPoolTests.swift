import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("libyaml parsers reused from the pool parse as new ones")
struct YAMLParserPoolTests {
    /// Front matters that leave a parser in every state a parse can end in: done, failed in the
    /// scanner or the parser, with tokens still queued, with `%TAG` directives held, nested deep.
    static let inputs: [String] = [
        "title: Plan\ntags: [work, ideas]\n",
        "tags:\n  - a\n  - b\naliases: [x, 'y', \"z\"]\npinned: true\n",
        "a: &anchor [1, 2]\nb: *anchor\nc: !!str 3\nd: !custom {k: v}\n",
        "%TAG ! tag:example.com,2000:\n%YAML 1.1\n---\na: !thing b\n",
        "%TAG ! tag:a:\n%TAG ! tag:b:\n---\na: 1\n",
        "%TAG !e! tag:e:\n---\n- !e!x 1\n...\n--- \nsecond\n",
        "a: [1, 2\n",
        "key: value\n bad: indent\n",
        "- a\nb: c\n",
        "a: 'unterminated\n",
        "a:\tb\n\t- c\n",
        "{a: b, c: [d, {e: f}], g: \"h\\u00e9\"}\n",
        "? complex key\n: value\n",
        "a: |\n  literal\n  text\nb: >\n  folded\n  text\n",
        "title: Café\ntags: [é, 日本]\n",
        "a: *undefined\n",
        "a: b: c\n",
        "\u{FEFF}a: 1\n",
        "",
        "[" + String(repeating: "[", count: 70) + "x" + String(repeating: "]", count: 71) + "\n",
        String(repeating: "- ", count: 40) + "deep\n",
        "{" + (0..<300).map { "k\($0): v" }.joined(separator: ", ") + "}\n",
    ]

    @Test("every input, in shuffled orders, gives the events or error of a new parser")
    func reusedParsersMatchNewOnes() {
        let expected = YAMLParserPoolTests.inputs.map { YAMLEventReader.events(of: Array($0.utf8), pool: nil) }
        // Not vacuous: some inputs parse and some fail.
        expect(expected.contains { (try? $0.get()) != nil })
        expect(expected.contains { (try? $0.get()) == nil })
        let pool = YAMLParserPool()
        var random = SeededGenerator(seed: 7)
        for round in 0..<20 {
            for index in YAMLParserPoolTests.inputs.indices.shuffled(using: &random) {
                let got = YAMLEventReader.events(of: Array(YAMLParserPoolTests.inputs[index].utf8), pool: pool)
                expect(got, equals: expected[index], "input \(index), round \(round)")
            }
        }
        // Parses one after another leave at most one parser waiting (none when the last one grew).
        expect(pool.idleCount <= 1)
        _ = YAMLEventReader.events(of: Array("a: b\n".utf8), pool: pool)
        expect(pool.idleCount, equals: 1)
    }

    @Test("parses on every core at once take their own parsers")
    func parallelParsesMatchNewOnes() {
        let expected = YAMLParserPoolTests.inputs.map { YAMLEventReader.events(of: Array($0.utf8), pool: nil) }
        let pool = YAMLParserPool()
        let count = YAMLParserPoolTests.inputs.count * 50
        let results = Parallel.map(count, minimumChunk: 1) { item in
            YAMLEventReader.events(of: Array(YAMLParserPoolTests.inputs[item % YAMLParserPoolTests.inputs.count].utf8), pool: pool)
        }
        for (item, result) in results.enumerated() {
            expect(result, equals: expected[item % YAMLParserPoolTests.inputs.count], "parse \(item)")
        }
        expect(pool.idleCount <= YAMLParserPool.maxIdle)
    }

    @Test("a parser whose stacks grew is freed, not kept")
    func grownParsersAreFreed() {
        // libyaml's stacks start with 16 entries: a pool keeping only that size.
        let pool = YAMLParserPool(maxKeptEntries: 16)
        _ = YAMLEventReader.events(of: Array("a: [1, 2]\n".utf8), pool: pool)
        expect(pool.idleCount, equals: 1)
        // Nested 30 deep, the states and marks stacks grow to 32 entries.
        let deep = String(repeating: "[", count: 30) + "x" + String(repeating: "]", count: 30) + "\n"
        let events = YAMLEventReader.events(of: Array(deep.utf8), pool: pool)
        expect((try? events.get()) != nil)
        expect(pool.idleCount, equals: 0)
        // The next parse makes a new parser and works as ever.
        expect(YAMLEventReader.events(of: Array("b: c\n".utf8), pool: pool), equals: YAMLEventReader.events(of: Array("b: c\n".utf8), pool: nil))
        expect(pool.idleCount, equals: 1)
    }
}
