import PropertyBased
import Testing
import NotezTestSupport

@testable import NotezFuzz
@testable import NotezKit

/// Random front matter in every style, random add/remove/replace sequences: each edit keeps every
/// byte outside the tags value, and the file reads back as the tags a simple model predicts.
@Suite("Front matter editor properties")
struct FrontMatterEditPropertyTests {
    enum Style: CaseIterable {
        case block, indentless, flow, flowMultiline, string, quotedString, null, emptyFlow, emptyString, absent, none
    }

    /// Tags that are one word in a tag string.
    static let words = ["work", "Work", "ideas", "été", "東京", "🎉", "2023", "x-y", "c++", "Projects/Alpha"]
    /// Tags for lists: also ones that need quoting or have spaces.
    static let listTags = words + ["yes", "null", "a b", "1.0", "key: value", "c, d", "[x]", "it's", "#hash", "~"]

    struct Scenario {
        var bytes: [UInt8]
        var tags: [String]
        var vocabulary: [String]
    }

    static func makeScenario(_ rng: inout SeededGenerator) -> Scenario {
        let style = Style.allCases.randomElement(using: &rng)!
        let newline = Int.random(in: 0..<5, using: &rng) == 0 ? "\r\n" : "\n"
        let bom = Int.random(in: 0..<8, using: &rng) == 0 ? "\u{FEFF}" : ""
        let isString = style == .string || style == .quotedString
        let vocabulary = isString ? words : listTags
        var tags: [String] = []
        switch style {
        case .block, .indentless, .flow, .flowMultiline, .string, .quotedString:
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                tags.append(vocabulary.filter { !$0.hasPrefix("#") }.randomElement(using: &rng)!)
            }
        default: break
        }
        func item(_ tag: String, _ context: YAMLScalarWriter.Context) -> String {
            if Bool.random(using: &rng), let single = YAMLScalarWriter.singleQuoted(tag) { return single }
            return YAMLScalarWriter.scalar(tag, in: context)
        }
        let key = ["tags", "Tags", "keywords", "\"tags\"", "tag"].randomElement(using: &rng)!
        var lines: [String] = []
        if Bool.random(using: &rng) { lines.append("title: Café 日本 🎉") }
        if Bool.random(using: &rng) { lines.append("# a comment") }
        if Bool.random(using: &rng) { lines.append("params: {tags: [work, \"x\"]}") }
        switch style {
        case .block, .indentless:
            let indent = style == .indentless ? "" : ["  ", "    "].randomElement(using: &rng)!
            lines.append(key + ":" + (Bool.random(using: &rng) ? " # tags" : ""))
            if Bool.random(using: &rng) { lines.append(indent + "# between") }
            for tag in tags {
                lines.append(indent + "- " + item(tag, .block) + (Int.random(in: 0..<4, using: &rng) == 0 ? " # why" : ""))
            }
        case .flow:
            let separator = [", ", ",", " , "].randomElement(using: &rng)!
            let trailing = Int.random(in: 0..<4, using: &rng) == 0 ? "," : ""
            lines.append(key + ": [" + tags.map { item($0, .flow) }.joined(separator: separator) + trailing + "]")
        case .flowMultiline:
            lines.append(key + ": [")
            for (index, tag) in tags.enumerated() {
                lines.append("  " + item(tag, .flow) + (index < tags.count - 1 || Bool.random(using: &rng) ? "," : ""))
            }
            lines.append("]")
        case .string:
            let separator = [", ", " ", ","].randomElement(using: &rng)!
            var text = tags.joined(separator: separator)
            if YAMLScalarWriter.needsQuoting(text, in: .block) { text = YAMLScalarWriter.doubleQuoted(text) }
            lines.append(key + ": " + text)
        case .quotedString:
            let separator = [", ", " "].randomElement(using: &rng)!
            lines.append(
                key + ": "
                    + (Bool.random(using: &rng)
                        ? "'" + tags.joined(separator: separator) + "'" : "\"" + tags.joined(separator: separator) + "\""))
        case .null: lines.append(key + ":")
        case .emptyFlow: lines.append(key + ": []")
        case .emptyString: lines.append(key + ": \"\"")
        case .absent, .none: break
        }
        if Bool.random(using: &rng) { lines.append("") }
        if Bool.random(using: &rng) { lines.append("pinned: false") }
        if Bool.random(using: &rng) { lines.append("summary: \"naïve — 😀\"") }
        let body =
            "# Title" + newline + newline + "text" + newline + "---" + newline + "more"
            + (Bool.random(using: &rng) ? newline : "")
        let text: String
        if style == .none {
            text = bom + body
        } else {
            let closer = Int.random(in: 0..<6, using: &rng) == 0 ? "..." : "---"
            text = bom + "---" + newline + lines.map { $0 + newline }.joined() + closer + newline + body
        }
        return Scenario(bytes: Array(text.utf8), tags: tags.compactMap(NoteMetadata.cleanTag), vocabulary: vocabulary)
    }

    static func randomEdit(_ rng: inout SeededGenerator, _ scenario: Scenario, current: [String]) -> FrontMatterEdit {
        let pool = scenario.vocabulary + current
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            return .addTags((0..<Int.random(in: 1...3, using: &rng)).map { _ in scenario.vocabulary.randomElement(using: &rng)! })
        case 1:
            return .removeTags((0..<Int.random(in: 1...2, using: &rng)).map { _ in TagKey(pool.randomElement(using: &rng)!) })
        default:
            return .replaceTag(
                TagKey(pool.randomElement(using: &rng)!),
                with: scenario.vocabulary.filter { !$0.hasPrefix("#") }.randomElement(using: &rng)!)
        }
    }

    /// The file without its tags key and value: the key's line through the value's last line, except
    /// for a block list only the item lines (comments between the key and the items stay).
    static func withoutTagsValue(_ bytes: [UInt8]) throws -> [UInt8] {
        guard let map = try FrontMatterSpanMap.read(bytes), let field = map.tags.first else { return bytes }
        func lineEnd(_ offset: Int) -> Int {
            var end = offset
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            return min(end + 1, bytes.count)
        }
        var cuts: [Range<Int>]
        switch field.style {
        case .blockList, .indentlessBlockList:
            cuts = [field.keyRange.lowerBound..<lineEnd(field.colonEnd!)] + field.items.map { $0.line! }
        default:
            let end = max(field.colonEnd ?? 0, field.valueRange?.upperBound ?? 0)
            cuts = [field.keyRange.lowerBound..<lineEnd(end)]
        }
        var result = bytes
        for cut in cuts.sorted(by: { $0.lowerBound > $1.lowerBound }) { result.removeSubrange(cut) }
        return result
    }

    static func tags(of bytes: [UInt8]) throws -> [String] {
        guard case .block(let block) = FrontMatterBlock.scan(bytes) else { return [] }
        let document = try FrontMatterDocument.parse(Array(bytes[block.yaml]), sliceStart: block.yaml.lowerBound).get()
        return NoteMetadata(document: document).tags
    }

    /// Found by the property below (seed 846445813515669578): a number read as a tag was quoted when
    /// "renamed" to its own spelling.
    @Test(arguments: ["---\n\"tags\": 2023\n---\n", "---\ntags: [2023, x]\n---\n", "---\ntags:\n  - 2023\n---\n", "---\ntags: x 2023\n---\n"])
    func renamingATagToItsOwnSpellingChangesNothing(_ text: String) throws {
        let bytes = Array(text.utf8)
        expect(try FrontMatterEditor.apply([.replaceTag(TagKey("2023"), with: "2023")], to: bytes), equals: bytes)
    }

    @Test("edits keep every byte outside the tags value and read back as the model")
    func editsAreSurgical() async {
        await propertyCheck(count: 400, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var rng = SeededGenerator(seed: seed)
            let scenario = Self.makeScenario(&rng)
            var bytes = scenario.bytes
            var expected = scenario.tags
            try expect(Self.tags(of: bytes), equals: expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let edit = Self.randomEdit(&rng, scenario, current: expected)
                let before = bytes
                let after: [UInt8]
                do {
                    after = try FrontMatterEditor.apply([edit], to: before)
                } catch {
                    Issue.record("\(edit) refused on \(String(decoding: before, as: UTF8.self).debugDescription): \(error)")
                    return
                }
                expected = FrontMatterEditFuzzCheck.model(edit, expected)
                let context =
                    "\(edit)\n\(String(decoding: before, as: UTF8.self).debugDescription)\n→ \(String(decoding: after, as: UTF8.self).debugDescription)"
                try expect(Self.tags(of: after), equals: expected, "\(context)")
                if try FrontMatterSpanMap.read(before) == nil && after != before {
                    // A new block: BOM, `---`, the tags line, `---`, then the untouched body.
                    let bodyStart = before.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                    guard case .block(let block) = FrontMatterBlock.scan(after) else {
                        Issue.record("no block: \(context)")
                        return
                    }
                    expect(Array(after[block.bodyStart...]), equals: Array(before[bodyStart...]), "\(context)")
                    try expect(
                        Self.withoutTagsValue(Array(after[..<block.bodyStart])), equals: Array(after[..<block.yaml.lowerBound] + after[block.closing]), "\(context)")
                } else {
                    try expect(Self.withoutTagsValue(before), equals: Self.withoutTagsValue(after), "\(context)")
                }
                if expected == (try Self.tags(of: before)) {
                    expect(after, equals: before, "a no-op edit changed bytes: \(context)")
                }
                bytes = after
            }
        }
    }
}
