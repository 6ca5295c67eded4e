import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// One golden file pair (`golden/<name>.input.md`, `golden/<name>.expected.md`) and its operation.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let edits: [FrontMatterEdit]
    /// An edit that must leave the input byte-identical; nil: set `modified` to its current value.
    let noop: [FrontMatterEdit]?

    init(_ name: String, _ edits: [FrontMatterEdit], noop: [FrontMatterEdit]?) {
        self.name = name
        self.edits = edits
        self.noop = noop
    }

    var testDescription: String { name }
}

/// 2024-06-15T12:30:00.25Z, the time every `modified` golden case is set to.
let goldenStamp = 1_718_454_600.25

private func add(_ tags: String...) -> FrontMatterEdit { .addTags(tags) }
private func remove(_ tags: String...) -> FrontMatterEdit { .removeTags(tags.map { TagKey($0) }) }
private func replace(_ old: String, _ new: String) -> FrontMatterEdit { .replaceTag(TagKey(old), with: new) }

let goldenCases: [GoldenCase] = [
    GoldenCase("block-indented-add", [add("project/alpha")], noop: [add("Work", "IDEAS")]),
    GoldenCase("block-indented-remove", [remove("ideas")], noop: [remove("absent")]),
    GoldenCase("block-indentless-add", [add("later")], noop: [add("work")]),
    GoldenCase("block-indentless-remove", [remove("IDEAS")], noop: [remove("idea")]),
    GoldenCase("block-remove-only-item", [remove("work")], noop: [remove("wor")]),
    GoldenCase("block-comment-after-item-remove", [remove("work")], noop: [remove("main")]),
    GoldenCase("block-comment-after-item-add", [add("ideas")], noop: [add("work")]),
    GoldenCase("block-comment-between-key-and-list-add", [add("b")], noop: [add("a")]),
    GoldenCase("block-comment-on-key-line-add", [add("b")], noop: [add("A")]),
    GoldenCase("block-blank-and-comment-before-next-key-add", [add("c")], noop: [add("b")]),
    GoldenCase("block-quoted-items-add", [add("it's")], noop: [add("a")]),
    GoldenCase("block-add-needs-quotes", [add("2023", "yes"), add("#hash")], noop: [add("#a")]),
    GoldenCase("block-null-item-add", [add("b")], noop: [remove("null")]),
    GoldenCase("block-replace-keeps-quotes", [replace("OLD", "new name")], noop: [replace("absent", "x")]),
    GoldenCase("flow-empty-add", [add("x")], noop: [remove("x")]),
    GoldenCase("flow-no-spaces-add", [add("c")], noop: [add("a", "b")]),
    GoldenCase("flow-single-add", [add("b")], noop: [add("a")]),
    GoldenCase("flow-multiline-add", [add("c")], noop: [add("b")]),
    GoldenCase("flow-multiline-remove", [remove("a")], noop: [remove("c")]),
    GoldenCase("flow-trailing-comma-add", [add("c")], noop: [add("b")]),
    GoldenCase("flow-remove-middle", [remove("b")], noop: [remove("d")]),
    GoldenCase("flow-remove-last", [remove("c")], noop: [remove("note")]),
    GoldenCase("flow-remove-only", [remove("a")], noop: [remove("b")]),
    GoldenCase("flow-add-needs-quotes", [add("c, d", "null", "1.0")], noop: [add("a")]),
    GoldenCase("flow-replace-keeps-quotes", [replace("a", "x y")], noop: [replace("a", "a")]),
    GoldenCase("flow-replace-hash", [replace("old", "new")], noop: [replace("old", "old")]),
    GoldenCase("string-single-add", [add("idea")], noop: [add("Work")]),
    GoldenCase("string-comma-add", [add("c")], noop: [add("a")]),
    GoldenCase("string-space-add", [add("c")], noop: [add("b")]),
    GoldenCase("string-comma-remove", [remove("b")], noop: [remove("d")]),
    GoldenCase("string-remove-only", [remove("work")], noop: [remove("t")]),
    // Fuzz finding: the word went but its line of spaces stayed.
    GoldenCase("string-own-line-remove-only", [remove("work")], noop: [remove("t")]),
    GoldenCase("string-quoted-replace", [replace("b", "c")], noop: [replace("c", "d")]),
    GoldenCase("string-add-with-space", [add("c d")], noop: [add("A", "B")]),
    GoldenCase("string-replace-with-space", [replace("b", "x y")], noop: [replace("c", "d")]),
    GoldenCase("empty-null-add", [add("x", "y")], noop: [remove("x")]),
    GoldenCase("empty-null-comment-add", [add("x")], noop: [remove("none")]),
    GoldenCase("empty-tilde-add", [add("x")], noop: [remove("~")]),
    GoldenCase("empty-string-add", [add("x")], noop: [remove("")]),
    GoldenCase("flow-null-item-remove", [remove("a")], noop: [remove("~"), remove("null")]),
    GoldenCase("quoted-key-add", [add("b")], noop: [add("a")]),
    GoldenCase("capitalized-key-remove", [remove("a")], noop: [remove("c")]),
    GoldenCase("keywords-key-add", [add("b")], noop: [add("A")]),
    GoldenCase("two-tag-keys-remove", [remove("a")], noop: [remove("d")]),
    GoldenCase("nested-params-untouched", [add("x")], noop: [remove("y")]),
    GoldenCase("no-tags-key-add", [add("x")], noop: [remove("x")]),
    GoldenCase("empty-front-matter-add", [add("x")], noop: [remove("x"), .setPinned(false)]),
    GoldenCase("non-ascii-before-add", [add("ÉTÉ", "東京", "🎉")], noop: [add("Été")]),
    GoldenCase("non-ascii-block-remove", [remove("ÉTÉ")], noop: [remove("日本")]),
    GoldenCase("crlf-block-add", [add("b")], noop: [add("a")]),
    GoldenCase("crlf-flow-remove", [remove("a")], noop: [remove("c")]),
    GoldenCase("crlf-no-tags-key-add", [add("x")], noop: [remove("x")]),
    GoldenCase("bom-add", [add("b")], noop: [add("a")]),
    GoldenCase("no-final-newline-add", [add("b")], noop: [add("a")]),
    GoldenCase("closer-without-newline-add", [add("b")], noop: [add("a")]),
    GoldenCase("dots-closer-add", [add("b")], noop: [add("a")]),
    GoldenCase("hr-in-body-remove", [remove("a")], noop: [remove("c")]),
    GoldenCase("no-front-matter-add", [add("x")], noop: [remove("x"), replace("x", "y"), .setPinned(false)]),
    GoldenCase("no-front-matter-crlf-bom-add", [add("x")], noop: [remove("x")]),
    GoldenCase("no-front-matter-empty-file-pin", [.setPinned(true)], noop: [.setPinned(false)]),
    GoldenCase("pinned-set-true", [.setPinned(true)], noop: [.setPinned(false)]),
    GoldenCase("pinned-yes-no", [.setPinned(true)], noop: [.setPinned(false)]),
    GoldenCase("pinned-quoted", [.setPinned(false)], noop: [.setPinned(true)]),
    GoldenCase("pinned-absent", [.setPinned(true)], noop: [.setPinned(false)]),
    GoldenCase("pinned-null", [.setPinned(true)], noop: [.setPinned(false)]),
    GoldenCase("modified-date", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-iso-z", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-iso-colon-offset", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-iso-compact-offset", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-iso-no-zone-no-seconds", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-space-separator", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-fraction", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-spaced-offset", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-epoch-seconds", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-epoch-milliseconds", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-us-date", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-quoted", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-updated-alias", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-lastmod-alias", [.setModified(goldenStamp)], noop: nil),
    GoldenCase("modified-absent", [.setModified(goldenStamp)], noop: [.setPinned(false)]),
    GoldenCase("modified-null", [.setModified(goldenStamp)], noop: [remove("x")]),
]

@Suite("Front matter editor golden files")
struct FrontMatterGoldenTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/golden/" + name, withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    @Test("every golden input has a case in the table")
    func everyFixtureHasACase() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/golden", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".input.md") }
            .map { String($0.dropLast(".input.md".count)) }
        expect(Set(names), equals: Set(goldenCases.map(\.name)))
        expect(names.count, equals: goldenCases.count)
    }

    @Test(arguments: goldenCases)
    func golden(_ golden: GoldenCase) throws {
        let input = try Self.fixture(golden.name + ".input.md")
        let expected = try Self.fixture(golden.name + ".expected.md")
        let output = try FrontMatterEditor.apply(golden.edits, to: input)
        expect(output, equals: expected, "\(String(decoding: output, as: UTF8.self).debugDescription)")

        // Only the edited values' bytes differ.
        let region = changedRegion(input, output)
        let allowed = try allowedRegion(for: golden.edits, in: input)
        expect(
            allowed.contains { $0.lowerBound <= region.lowerBound && region.upperBound <= $0.upperBound },
            "changed \(region) outside \(allowed)")

        // The same edit again changes nothing.
        try expect(FrontMatterEditor.apply(golden.edits, to: output), equals: output)

        // A no-op edit leaves the file byte-identical.
        let noop = try golden.noop ?? currentModified(input)
        try expect(FrontMatterEditor.apply(noop, to: input), equals: input)
    }

    /// Setting `modified` to the value it already has.
    func currentModified(_ input: [UInt8]) throws -> [FrontMatterEdit] {
        let map = try #require(try FrontMatterSpanMap.read(input))
        let value = try #require(map.modified.first?.value)
        let date = try #require(NoteDate.parse(value))
        return [.setModified(date.seconds)]
    }

    /// The part of `old` that differs from `new`, after their common prefix and suffix.
    func changedRegion(_ old: [UInt8], _ new: [UInt8]) -> Range<Int> {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        return prefix..<(old.count - suffix)
    }

    /// Where an edit may change bytes: after the `:` of each targeted key through the end of its value's
    /// last line, or the end of the front matter (a new key), or the body start (a new block).
    func allowedRegion(for edits: [FrontMatterEdit], in input: [UInt8]) throws -> [Range<Int>] {
        guard let map = try FrontMatterSpanMap.read(input) else {
            let start = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return [start..<start]
        }
        var fields: [FrontMatterField] = []
        for edit in edits {
            switch edit {
            case .setPinned: fields += map.pinned
            case .setModified: fields += map.modified
            default: fields += map.tags
            }
        }
        var regions = [map.block.yaml.upperBound..<map.block.yaml.upperBound]
        for field in fields {
            let start = field.colonEnd ?? field.keyRange.upperBound
            var end = max(start, field.valueRange?.upperBound ?? start, field.items.last?.line?.upperBound ?? start)
            while end < input.count, input[end] != 0x0A { end += 1 }
            regions.append(start..<min(end + 1, input.count))
        }
        // Edits of several keys: their hull (the keys between them are checked by the editor itself).
        let spans = regions.dropFirst()
        if let low = spans.map(\.lowerBound).min(), let high = spans.map(\.upperBound).max() {
            regions.append(low..<high)
        }
        return regions
    }
}
