import Foundation

/// The structure of one note's text for an editor: its front matter block, ATX headings and block
/// ids outside fenced code, and callouts (`> [!note]` and the quote lines after it). Byte offsets
/// are into the scanned bytes.
public struct EditorOutline: Sendable, Equatable {
    /// One `# Heading`.
    public struct Heading: Sendable, Equatable {
        /// 1 to 6.
        public var level: Int
        /// The heading's text, trimmed, without closing `#`s.
        public var text: String
        /// The bytes of the whole line.
        public var line: Range<Int>
        /// The 0-based line number.
        public var lineNumber: Int
    }

    /// One `^block-id` at the end of a line.
    public struct Block: Sendable, Equatable {
        /// The id without `^`.
        public var id: String
        /// The bytes of `^id`.
        public var range: Range<Int>
        /// The 0-based line number.
        public var lineNumber: Int
    }

    /// The bytes of the front matter block (delimiters included), when there is one.
    public var frontMatter: Range<Int>?
    /// Where the body starts.
    public var bodyStart: Int
    /// The headings in order.
    public var headings: [Heading] = []
    /// The block ids in order.
    public var blocks: [Block] = []
    /// The line spans (first and last 0-based line) of callouts.
    public var callouts: [ClosedRange<Int>] = []

    /// The outline of `bytes`.
    public init(_ bytes: [UInt8]) {
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block):
            frontMatter = 0..<min(block.bodyStart, bytes.count)
            bodyStart = min(block.bodyStart, bytes.count)
        case .none(let start):
            bodyStart = min(start, bytes.count)
        case .unterminated, .tooLarge:
            bodyStart = 0
        }
        var fence: (byte: UInt8, count: Int)?
        var calloutStart: Int?
        var lineNumber = bytes[..<bodyStart].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        var start = bodyStart
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let line = bytes[start..<contentEnd]
            let indented = line.prefix { $0 == 0x20 }
            let rest = line.dropFirst(indented.count)
            if indented.count < 4, let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
                let run = rest.prefix { $0 == first }.count
                if run >= 3 {
                    if let open = fence {
                        if open.byte == first, run >= open.count, rest.dropFirst(run).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { fence = nil }
                    } else {
                        fence = (first, run)
                    }
                }
            } else if fence == nil {
                if rest.first == UInt8(ascii: ">") {
                    let quoted = rest.dropFirst().drop { $0 == 0x20 }
                    if quoted.starts(with: Array("[!".utf8)) {
                        if let open = calloutStart, open < lineNumber { callouts.append(open...(lineNumber - 1)) }
                        calloutStart = lineNumber
                    }
                } else if let open = calloutStart {
                    if open < lineNumber - 1 { callouts.append(open...(lineNumber - 1)) }
                    calloutStart = nil
                }
                if indented.count < 4, let heading = EditorOutline.heading(rest) {
                    headings.append(Heading(level: heading.level, text: heading.text, line: start..<contentEnd, lineNumber: lineNumber))
                }
                if let block = EditorOutline.blockID(bytes, start..<contentEnd) {
                    blocks.append(Block(id: block.id, range: block.range, lineNumber: lineNumber))
                }
            }
            if fence != nil, let open = calloutStart {
                if open < lineNumber - 1 { callouts.append(open...(lineNumber - 1)) }
                calloutStart = nil
            }
            if end >= bytes.count { break }
            start = end + 1
            lineNumber += 1
        }
        if let open = calloutStart, open < lineNumber { callouts.append(open...lineNumber) }
    }

    /// The level and text of an ATX heading line (`## Text ##`).
    static func heading(_ line: ArraySlice<UInt8>) -> (level: Int, text: String)? {
        let level = line.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(level) else { return nil }
        let after = line.dropFirst(level)
        guard after.isEmpty || after.first == 0x20 || after.first == 0x09 else { return nil }
        var text = String(decoding: after, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        // Closing sequence: `## Title ##`.
        if text.hasSuffix("#") {
            let stripped = text.reversed().drop { $0 == "#" }
            if stripped.first == " " || stripped.isEmpty { text = String(stripped.reversed()).trimmingCharacters(in: .whitespaces) }
        }
        return (level, text)
    }

    /// `^id` at the end of a line, after white space or alone on it (Obsidian's block id).
    static func blockID(_ bytes: [UInt8], _ line: Range<Int>) -> (id: String, range: Range<Int>)? {
        var end = line.upperBound
        while end > line.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        var start = end
        while start > line.lowerBound, EditorOutline.isBlockIDByte(bytes[start - 1]) { start -= 1 }
        guard start < end, start > line.lowerBound, bytes[start - 1] == UInt8(ascii: "^") else { return nil }
        let caret = start - 1
        guard caret == line.lowerBound || bytes[caret - 1] == 0x20 || bytes[caret - 1] == 0x09 else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), caret..<end)
    }

    static func isBlockIDByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
    }

    /// The heading a link fragment names: its text as written, compared as Obsidian compares it
    /// (case and spacing folded), or its slug.
    public func heading(named fragment: String) -> Heading? {
        let wanted = EditorOutline.folded(fragment)
        return headings.first { EditorOutline.folded($0.text) == wanted }
            ?? headings.first { NoteRenderer.slug($0.text) == NoteRenderer.slug(fragment) }
    }

    static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
