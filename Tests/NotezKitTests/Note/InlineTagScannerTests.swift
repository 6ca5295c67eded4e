import Testing
import NotezTestSupport

@testable import NotezKit

struct InlineTagScannerTests {
    func names(_ text: String) -> [String] { InlineTagScanner.tags(in: text).map(\.name) }

    @Test(arguments: [
        ("#work at the start", ["work"]),
        ("text #work and #Project/Alpha.", ["work", "Project/Alpha"]),
        ("CJK #日本語 and #中文/标签 tags", ["日本語", "中文/标签"]),
        ("Hindi #हिन्दी ok", ["हिन्दी"]),
        // Emoji and symbols are tag characters in Obsidian; punctuation ends a tag.
        ("emoji #party🎉 is one tag, #end. stops", ["party🎉", "end"]),
        ("#🎉 alone is a tag, #2023 is not", ["🎉"]),
        ("#2023 is a number, #2023-q1 and #v2 are tags", ["2023-q1", "v2"]),
        ("# Heading is no tag\n## also #real", ["real"]),
        ("escaped \\#nottag and a#b inside a word", []),
        ("a url http://x.org/#anchor and https://x.org/page#frag", []),
        ("[link](http://x/#anchor) and [text](#heading) and [ #shown](x.md)", ["shown"]),
        ("wikilinks [[Note#Heading]] and [[#Local]] and [[Note|#label]]", []),
        ("<span style=\"color:#fff\"> #inside</span> <https://x/#a>", ["inside"]),
        ("trailing slash #a/b/ and double #c//d", ["a/b", "c"]),
        // Obsidian reads no tag after punctuation (docs/obsidian-compatibility.md, T1).
        ("(#paren) [#bracket] {#brace} **#bold** \"#quoted\" x—#dash > #quote", ["quote"]),
        ("ideographic\u{3000}#space and [x #inside-brackets]", ["space", "inside-brackets"]),
        ("end of file without newline #last", ["last"]),
        ("crlf #one\r\n#two\r\n", ["one", "two"]),
        ("#under_score #dash-ed #/leading", ["under_score", "dash-ed"]),
        ("no-break\u{00A0}#nbsp", ["nbsp"]),
    ])
    func prose(_ text: String, _ expected: [String]) {
        expect(names(text), equals: expected)
    }

    @Test func codeIsSkipped() {
        let text = """
            before #a
            ```swift
            let x = "#fenced"
            ```
            ~~~~
            #tilde
            ```
            #still-in-tilde
            ~~~~
            inline `#code` and ``#double `tick` `` then #b

                #indented-code

            after #c
            <!-- #comment
            #still-comment -->  #d
            """
        expect(names(text), equals: ["a", "b", "c", "d"])
    }

    @Test func nestedListsAreNotIndentedCode() {
        let text = "- item #a\n\n    continued #b\n    - nested #c\n\nparagraph\n\n    #code\n"
        expect(names(text), equals: ["a", "b", "c"])
    }

    @Test func tablesAndHTML() {
        // An HTML block is not Markdown (CommonMark): no tags until the blank line that ends it.
        let text = "| a | b |\n|---|---|\n| #cell | x#no |\n<div>\n#html-line\n</div>\n\n#after\n"
        expect(names(text), equals: ["cell", "after"])
    }

    @Test func rangesCoverTheHashAndName() {
        let text = "x #tag y"
        let tags = InlineTagScanner.tags(in: text)
        expect(tags.map(\.range), equals: [2..<6])
    }

    @Test func unclosedFenceHidesTheRest() {
        expect(names("#a\n```\n#b\n#c"), equals: ["a"])
    }

    @Test(arguments: ["work", "project/alpha", "日本語", "a-b_c"])
    func writableNames(_ name: String) {
        expect(InlineTagScanner.isWritable(name))
    }

    @Test(arguments: ["two words", "2023", "a//b", "a.b", "dash—em", ""])
    func unwritableNames(_ name: String) {
        expect(!InlineTagScanner.isWritable(name))
    }
}

/// `tags(in:)` skips its prose pass when no `#` could start a tag (`mayHoldTag`): on random bodies
/// made of the bytes that matter to tags, code and links, the answer equals the prose pass's.
@Suite struct InlineTagPrecheckTests {
    @Test func thePrecheckNeverHidesATag() {
        let pieces = ["#", "##", "# ", "a", "Z", "7", "_", "-", "/", " ", "\n", "\t", "`", "```\n", "[[", "]]", "](", ")", "<", ">", "é", "日", "🎉", ".", "\\", "> ", "    "]
        var generator = SeededGenerator(seed: 0x7A65_7431)
        var withTags = 0
        for round in 0..<3_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let body = Array((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)[...]
            var full: [InlineTag] = []
            for range in MarkdownProse.ranges(in: body) { InlineTagScanner.scan(body, range, into: &full) }
            let fast = InlineTagScanner.tags(in: body)
            expect(fast.map(\.name), equals: full.map(\.name), "round \(round): \(String(decoding: body, as: UTF8.self).debugDescription)")
            if !full.isEmpty { withTags += 1 }
            if !InlineTagScanner.mayHoldTag(body) { expect(full.isEmpty) }
        }
        // The bodies reach both sides of the check.
        expect(withTags > 100 && withTags < 2_900)
    }
}
