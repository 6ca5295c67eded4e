import Testing

@testable import NotezKit
import NotezTestSupport

struct InlineTagEditorTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func replaceChangesOnlyTheTagBytes() throws {
        let file = "---\ntags: [work]\n---\nA #work line, #Work again, `#work` in code, #workshop.\n"
        let result = try InlineTagEditor.replace(TagKey("work"), with: "job", in: Array(file.utf8))
        expect(text(result), equals: "---\ntags: [work]\n---\nA #job line, #job again, `#work` in code, #workshop.\n")
    }

    @Test func replaceKeepsCRLFAndNoFinalNewline() throws {
        let file = "x #a\r\ny #a"
        let result = try InlineTagEditor.replace(TagKey("a"), with: "b/c", in: Array(file.utf8))
        expect(text(result), equals: "x #b/c\r\ny #b/c")
    }

    @Test func removeTakesOneSpace() throws {
        let file = "#a first\ntext #a here\nonly #a\n#a\n"
        let result = try InlineTagEditor.remove([TagKey("a")], in: Array(file.utf8))
        expect(text(result), equals: "first\ntext here\nonly\n\n")
    }

    @Test func unwritableNameIsRefused() {
        expect(throws: EditRefusal.self) {
            try InlineTagEditor.replace(TagKey("a"), with: "two words", in: Array("x #a".utf8))
        }
    }

    @Test func noOccurrenceReturnsTheSameBytes() throws {
        let bytes = Array("no tags here #other".utf8)
        try expect(InlineTagEditor.replace(TagKey("a"), with: "b", in: bytes), equals: bytes)
        try expect(InlineTagEditor.remove([TagKey("a")], in: bytes), equals: bytes)
    }

    @Test func frontMatterEditCasesRoundTripThroughJSON() throws {
        let edits: [FrontMatterEdit] = [.replaceInlineTag(TagKey("a"), with: "B"), .removeInlineTags([TagKey("x")])]
        let data = try JSONEncoder().encode(edits)
        try expect(JSONDecoder().decode([FrontMatterEdit].self, from: data), equals: edits)
    }
}

import Foundation
