import Testing

@testable import NotezKit
import NotezTestSupport

/// Editor positions against byte offsets, in both encodings LSP negotiates, on non-ASCII lines.
@Suite("editor text")
struct EditorTextTests {
    // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 UTF-16 units.
    let text = EditorText("ab\né😀x\r\nlast")

    @Test func utf16PositionsCountSurrogatePairsAsTwo() {
        expect(text.offset(of: EditorPosition(line: 1, character: 0), encoding: .utf16), equals: 3)
        expect(text.offset(of: EditorPosition(line: 1, character: 1), encoding: .utf16), equals: 5)
        expect(text.offset(of: EditorPosition(line: 1, character: 3), encoding: .utf16), equals: 9)
        expect(text.position(ofOffset: 9, encoding: .utf16), equals: EditorPosition(line: 1, character: 3))
        expect(text.position(ofOffset: 10, encoding: .utf16), equals: EditorPosition(line: 1, character: 4))
    }

    @Test func utf8PositionsCountBytes() {
        expect(text.offset(of: EditorPosition(line: 1, character: 6), encoding: .utf8), equals: 9)
        expect(text.position(ofOffset: 9, encoding: .utf8), equals: EditorPosition(line: 1, character: 6))
        // Inside a character: its first byte.
        expect(text.offset(of: EditorPosition(line: 1, character: 1), encoding: .utf8), equals: 3)
    }

    @Test func positionsPastTheEndAreClampedOrRefused() {
        // The line's end: `\r` counts as the line's text, the `\n` does not.
        expect(text.offset(of: EditorPosition(line: 1, character: 99), encoding: .utf16), equals: 11)
        expect(text.offset(of: EditorPosition(line: 1, character: 99), encoding: .utf16, strict: true) == nil)
        expect(text.offset(of: EditorPosition(line: 3, character: 0), encoding: .utf16) == nil)
        expect(text.offset(of: EditorPosition(line: -1, character: 0), encoding: .utf8) == nil)
        let backwards = EditorRange(start: EditorPosition(line: 2, character: 2), end: EditorPosition(line: 2, character: 1))
        expect(text.byteRange(of: backwards, encoding: .utf8) == nil)
    }

    @Test func replacingARangeKeepsLineStartsRight() {
        let range = text.byteRange(of: EditorRange(start: EditorPosition(line: 1, character: 1), end: EditorPosition(line: 1, character: 3)), encoding: .utf16)!
        let changed = text.replacing(range, with: Array("ü\nz".utf8))
        expect(changed.string, equals: "ab\néü\nzx\r\nlast")
        expect(changed.lineCount, equals: 4)
        expect(changed.offset(of: EditorPosition(line: 2, character: 1), encoding: .utf16), equals: changed.bytes.firstIndex(of: UInt8(ascii: "x")))
    }
}
