/// How an editor counts the characters of a line (LSP's `positionEncoding`).
public enum PositionEncoding: String, Sendable {
    /// Bytes of UTF-8.
    case utf8 = "utf-8"
    /// UTF-16 code units, LSP's default.
    case utf16 = "utf-16"
}

/// A position in an editor's buffer: a 0-based line and a 0-based character counted in the
/// buffer's `PositionEncoding`.
public struct EditorPosition: Sendable, Equatable, Hashable {
    /// 0-based line.
    public var line: Int
    /// 0-based character within the line, in the encoding's units.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A range between two editor positions.
public struct EditorRange: Sendable, Equatable, Hashable {
    /// The start.
    public var start: EditorPosition
    /// The end (exclusive).
    public var end: EditorPosition

    /// Creates a range.
    public init(start: EditorPosition, end: EditorPosition) {
        self.start = start
        self.end = end
    }
}

/// The text of one editor buffer as UTF-8 bytes with its line starts: converts editor positions to
/// byte offsets and back. Lines end at `\n` (a `\r` before it belongs to the line's text, as LSP
/// clients count it when they send `\r\n` files; a lone `\r` is not a line end here).
public struct EditorText: Sendable, Equatable {
    /// The bytes.
    public let bytes: [UInt8]
    /// The byte offset where each line starts; at least one line.
    public let lineStarts: [Int]

    /// The text of `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The text of a string.
    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// The text as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The number of lines (a final newline starts one more, empty line).
    public var lineCount: Int { lineStarts.count }

    /// The bytes of line `line` without its `\n`.
    public func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        return start..<end
    }

    /// The 0-based line of a byte offset.
    public func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The byte offset of `position`; nil when its line is past the last line or, with `strict`,
    /// its character past the line's end (without `strict` the character is clamped to the line's
    /// end, as LSP asks servers to do). A character inside a multi-unit character counts as its start.
    public func offset(of position: EditorPosition, encoding: PositionEncoding, strict: Bool = false) -> Int? {
        guard position.line >= 0, position.character >= 0, position.line < lineStarts.count else { return nil }
        let range = lineRange(position.line)
        switch encoding {
        case .utf8:
            if position.character > range.count {
                return strict ? nil : range.upperBound
            }
            // Not inside a character: back to its first byte.
            var offset = range.lowerBound + position.character
            while offset > range.lowerBound, offset < range.upperBound, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        case .utf16:
            var units = 0
            var offset = range.lowerBound
            while offset < range.upperBound {
                if units >= position.character { return offset }
                let length = EditorText.scalarLength(bytes[offset])
                let width = length == 4 ? 2 : 1
                if units + width > position.character { return offset }
                units += width
                offset = min(offset + length, range.upperBound)
            }
            if position.character > units, strict { return nil }
            return range.upperBound
        }
    }

    /// The editor position of a byte offset (clamped to the text).
    public func position(ofOffset offset: Int, encoding: PositionEncoding) -> EditorPosition {
        let offset = max(0, min(offset, bytes.count))
        let line = line(ofOffset: offset)
        let start = lineStarts[line]
        switch encoding {
        case .utf8:
            return EditorPosition(line: line, character: offset - start)
        case .utf16:
            var units = 0
            var index = start
            while index < offset {
                let length = EditorText.scalarLength(bytes[index])
                units += length == 4 ? 2 : 1
                index += length
            }
            return EditorPosition(line: line, character: units)
        }
    }

    /// The editor range of a byte range.
    public func range(of bytes: Range<Int>, encoding: PositionEncoding) -> EditorRange {
        EditorRange(start: position(ofOffset: bytes.lowerBound, encoding: encoding), end: position(ofOffset: bytes.upperBound, encoding: encoding))
    }

    /// The byte range of an editor range; nil when either end is outside the text or the end is before the start.
    public func byteRange(of range: EditorRange, encoding: PositionEncoding) -> Range<Int>? {
        guard let start = offset(of: range.start, encoding: encoding, strict: true),
            let end = offset(of: range.end, encoding: encoding, strict: true), start <= end
        else { return nil }
        return start..<end
    }

    /// The text with `range` replaced by `replacement`.
    public func replacing(_ range: Range<Int>, with replacement: [UInt8]) -> EditorText {
        var next = bytes
        next.replaceSubrange(range, with: replacement)
        return EditorText(bytes: next)
    }

    /// The number of bytes of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xFF: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }
}
