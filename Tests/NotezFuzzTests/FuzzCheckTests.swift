import NotezKit
import Testing

@testable import NotezFuzz

/// The checks themselves: they read the edit line as documented and do notice wrong results.
struct FuzzCheckTests {
    @Test func editLineIsParsed() {
        #expect(EditFuzzInput(Array("pinned: true\n---\n".utf8)).edit == .setPinned(true))
        #expect(EditFuzzInput(Array("add: a, b c\nx".utf8)).edit == .addTags(["a", "b c"]))
        #expect(EditFuzzInput(Array("rename: Work -> home\n".utf8)).edit == .replaceTag(TagKey("work"), with: "home"))
        #expect(EditFuzzInput(Array("remove: a\n---\n".utf8)).document == Array("---\n".utf8))
        // Times outside the supported range are clamped, not passed on.
        #expect(EditFuzzInput(Array("modified: -5\n".utf8)).edit == .setModified(EditFuzzInput.secondsRange.lowerBound))
    }

    @Test func aWrongDateIsReported() throws {
        let day = try #require(NoteDate.parse("2024-05-01"))
        #expect(throws: FuzzFailure.self) {
            try FrontMatterEditFuzzCheck.checkDate(day, day.seconds + 86_400, "")
        }
        #expect(throws: Never.self) { try FrontMatterEditFuzzCheck.checkDate(day, day.seconds + 86_399, "") }
    }

    @Test func remainderCutsTheEditedKeysAndValuesOnly() throws {
        let bytes = Array("---\ntitle: x\ntags:\n  # why\n  - a\n  - b\nz: 1\n---\nbody\n".utf8)
        let map = try #require(try FrontMatterSpanMap.read(bytes))
        let kept = FrontMatterEditFuzzCheck.remainder(bytes, cutting: map.tags)
        #expect(String(decoding: kept, as: UTF8.self) == "---\ntitle:x\n#why\nz:1\n---\nbody\n")
        // A changed byte outside the tags shows; blanks around the value do not.
        let edited = Array("---\ntitle: y\ntags:  \n  # why\n\n  - a\nz: 1\n---\nbody\n".utf8)
        let editedMap = try #require(try FrontMatterSpanMap.read(edited))
        #expect(FrontMatterEditFuzzCheck.remainder(edited, cutting: editedMap.tags) != kept)
        let blanks = Array("---\ntitle: x\ntags:  \n  # why\n\n  - a\nz: 1\n---\nbody\n".utf8)
        let blanksMap = try #require(try FrontMatterSpanMap.read(blanks))
        #expect(FrontMatterEditFuzzCheck.remainder(blanks, cutting: blanksMap.tags) == kept)
    }

    @Test func tagModelFollowsTheEditorsRules() {
        // Adding dedupes by key; renaming onto a tag the note has drops the old one.
        #expect(FrontMatterEditFuzzCheck.model(.addTags(["b", "B"]), ["a"]) == ["a", "b"])
        #expect(FrontMatterEditFuzzCheck.model(.replaceTag(TagKey("a"), with: "b"), ["a", "b"]) == ["b"])
    }
}
