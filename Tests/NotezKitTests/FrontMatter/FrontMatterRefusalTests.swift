import Testing

@testable import NotezKit
import NotezTestSupport

/// A file the editor must refuse to change, the edit, and where and why it refuses.
struct RefusalCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let edits: [FrontMatterEdit]
    /// Expected 1-based line, when the refusal must point at one.
    let line: Int?
    /// A fragment of the message.
    let message: String

    var testDescription: String { name }
}

let refusalCases: [RefusalCase] = [
    RefusalCase(
        name: "does not parse", input: "---\ntitle: x\ntags: [a, b\n---\nbody\n",
        edits: [.addTags(["c"])], line: nil, message: "does not parse"),
    RefusalCase(
        name: "unterminated", input: "---\ntags: [a]\nbody\n",
        edits: [.addTags(["c"])], line: 1, message: "no closing"),
    RefusalCase(
        name: "anchor on tags", input: "---\ntitle: x\ntags: &t [a]\n---\n",
        edits: [.addTags(["b"])], line: 3, message: "anchor"),
    RefusalCase(
        name: "anchor on an item", input: "---\ntags: [&x a, b]\n---\n",
        edits: [.removeTags([TagKey("b")])], line: 2, message: "anchor"),
    RefusalCase(
        name: "alias as tags", input: "---\nbase: &b [a]\ntags: *b\n---\n",
        edits: [.addTags(["c"])], line: 3, message: "alias"),
    RefusalCase(
        name: "explicit tag", input: "---\ntags: !!str a\n---\n",
        edits: [.addTags(["b"])], line: 2, message: "explicit tag"),
    RefusalCase(
        name: "explicit tag on an item", input: "---\ntags: [!!str 2023, a]\n---\n",
        edits: [.removeTags([TagKey("a")])], line: 2, message: "explicit tag"),
    RefusalCase(
        name: "duplicate tags key", input: "---\ntags: [a]\ntags: [b]\n---\n",
        edits: [.addTags(["c"])], line: 3, message: "duplicate key"),
    RefusalCase(
        name: "duplicate other key", input: "---\ntitle: a\ntags: [x]\ntitle: b\n---\n",
        edits: [.removeTags([TagKey("x")])], line: 4, message: "duplicate key"),
    RefusalCase(
        name: "literal block scalar", input: "---\ntags: |\n  a b\n---\n",
        edits: [.addTags(["c"])], line: 2, message: "block scalar"),
    RefusalCase(
        name: "folded block scalar", input: "---\ntags: >\n  a b\n---\n",
        edits: [.removeTags([TagKey("a")])], line: 2, message: "block scalar"),
    RefusalCase(
        name: "multi-line plain string", input: "---\ntags: a,\n  b\n---\n",
        edits: [.addTags(["c"])], line: 2, message: "several lines"),
    RefusalCase(
        name: "multi-line quoted string", input: "---\ntags: \"a,\n  b\"\n---\n",
        edits: [.removeTags([TagKey("b")])], line: 2, message: "several lines"),
    RefusalCase(
        name: "multi-line item", input: "---\ntags:\n  - a\n    b\n  - c\n---\n",
        edits: [.removeTags([TagKey("a b")])], line: 3, message: "several lines"),
    RefusalCase(
        name: "multi-line modified", input: "---\nmodified: 2024-05-01\n  10:00\n---\n",
        edits: [.setModified(0)], line: 2, message: "several lines"),
    RefusalCase(
        name: "tags mapping", input: "---\ntags:\n  a: 1\n---\n",
        edits: [.addTags(["b"])], line: 3, message: "mapping"),
    RefusalCase(
        name: "nested flow list", input: "---\ntags: [a, [b, c]]\n---\n",
        edits: [.addTags(["d"])], line: 2, message: "nested"),
    RefusalCase(
        name: "nested block list", input: "---\ntags:\n  - a\n  - - b\n---\n",
        edits: [.removeTags([TagKey("a")])], line: 4, message: "nested"),
    RefusalCase(
        name: "pinned not a boolean", input: "---\npinned: maybe\n---\n",
        edits: [.setPinned(true)], line: 2, message: "not true or false"),
    RefusalCase(
        name: "pinned twice", input: "---\npinned: true\nPinned: false\n---\n",
        edits: [.setPinned(false)], line: 3, message: "more than once"),
    RefusalCase(
        name: "pinned is a list", input: "---\npinned: [true]\n---\n",
        edits: [.setPinned(false)], line: 2, message: "is a list"),
    RefusalCase(
        name: "modified not a date", input: "---\nmodified: last week\n---\n",
        edits: [.setModified(0)], line: 2, message: "not a date"),
    RefusalCase(
        name: "flow mapping root", input: "---\n{title: a}\n---\n",
        edits: [.addTags(["x"])], line: nil, message: "flow mapping"),
    RefusalCase(
        name: "comment inside a flow list", input: "---\ntags: [a, # first\n  b]\n---\n",
        edits: [.removeTags([TagKey("b")])], line: 3, message: "comment"),
    RefusalCase(
        name: "empty new name", input: "---\ntags: [a]\n---\n",
        edits: [.replaceTag(TagKey("a"), with: " # ")], line: nil, message: "empty"),
    RefusalCase(
        name: "result would not parse", input: "---\ntags: a, b\n---\n",
        edits: [.addTags(["c:"])], line: nil, message: "not be as intended"),
]

@Suite("Front matter editor refusals")
struct FrontMatterRefusalTests {
    @Test(arguments: refusalCases)
    func refuses(_ refusal: RefusalCase) {
        let input = Array(refusal.input.utf8)
        do {
            let output = try FrontMatterEditor.apply(refusal.edits, to: input)
            Issue.record("expected a refusal, got \(String(decoding: output, as: UTF8.self).debugDescription)")
        } catch {
            expect(error.message.contains(refusal.message), "\(error)")
            if let line = refusal.line { expect(error.line, equals: line, "\(error)") }
        }
    }

    @Test("edits that do not touch a refused value still work")
    func untouchedOddValuesAreFine() throws {
        let input = Array("---\nnotes: |\n  keep\nbase: &b [x]\nalias: *b\ntags: [a]\n---\n".utf8)
        let output = try FrontMatterEditor.apply([.addTags(["b"]), .setPinned(true)], to: input)
        expect(
            String(decoding: output, as: UTF8.self), equals: "---\nnotes: |\n  keep\nbase: &b [x]\nalias: *b\ntags: [a, b]\npinned: true\n---\n")
    }

    @Test("removing a tag that an unsupported value does not hold is a no-op")
    func noOpOnUnsupported() throws {
        let input = Array("---\ntags: |\n  a b\n---\n".utf8)
        try expect(FrontMatterEditor.apply([.removeTags([TagKey("c")])], to: input), equals: input)
    }
}
