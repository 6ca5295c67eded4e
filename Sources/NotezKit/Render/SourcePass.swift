/// The first half of `NoteRenderer`'s pass, on the Markdown source: finds what cmark-gfm does not
/// know with the library's scanners (wikilinks and embeds, inline tags; `==highlight==` and block
/// ids in prose) and puts a token in each place (U+FDD0, its number, U+FDD1: noncharacters that
/// mean nothing to Markdown and stay one piece of text). `TreePass` turns the tokens back into
/// nodes after parsing, so code spans and blocks keep their text and table cells their links.
struct SourcePass {
    /// What a token stands for.
    enum Token {
        case link(NoteLink)
        case embed(NoteLink)
        case tag(String)
        case markOpen
        case markClose
        case blockID(String)
        /// `$x$` or `$$x$$` (display): the TeX source, shown as it is written.
        case math(String, display: Bool)
        /// An Obsidian comment `%%...%%`: dropped from the page (never a token).
        case comment
    }

    let bytes: [UInt8]
    private(set) var tokens: [Token] = []
    private(set) var output: [UInt8] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // Noncharacters are no Swift literal: built from their values.
    static let openScalar = Unicode.Scalar(UInt32(0xFDD0))!
    static let closeScalar = Unicode.Scalar(UInt32(0xFDD1))!
    static let open: [UInt8] = Array(String(Character(openScalar)).utf8)
    static let close: [UInt8] = Array(String(Character(closeScalar)).utf8)
    static let replacement: [UInt8] = Array("\u{FFFD}".utf8)

    mutating func run() {
        let body = bytes[...]
        var spans: [(range: Range<Int>, token: Token)] = []
        for link in LinkScanner.links(in: body) where link.kind == .wikilink || link.kind == .embed {
            spans.append((link.range, link.kind == .embed ? .embed(link) : .link(link)))
        }
        for tag in InlineTagScanner.tags(in: body) { spans.append((tag.range, .tag(tag.name))) }
        var math: [Range<Int>]? = []
        let prose = MarkdownProse.ranges(in: body, math: &math)
        for range in prose {
            if let id = blockID(range) { spans.append(id) }
            spans += highlights(range)
        }
        for range in math ?? [] {
            let display = range.count >= 4 && bytes[range.lowerBound + 1] == UInt8(ascii: "$")
            let inner = display ? (range.lowerBound + 2)..<(range.upperBound - 2) : (range.lowerBound + 1)..<(range.upperBound - 1)
            spans.append((range, .math(String(decoding: bytes[inner], as: UTF8.self), display: display)))
        }
        spans += comments(prose)
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        output.reserveCapacity(bytes.count + spans.count * 8)
        var at = 0
        for span in spans where span.range.lowerBound >= at {
            copy(at..<span.range.lowerBound)
            at = span.range.upperBound
            if case .comment = span.token { continue }
            output += SourcePass.open + Array(String(tokens.count).utf8) + SourcePass.close
            tokens.append(span.token)
        }
        copy(at..<bytes.count)
    }

    /// Copies source bytes, replacing the token characters if the note has them.
    private mutating func copy(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == 0xEF, index + 2 < range.upperBound, bytes[index + 1] == 0xB7,
                bytes[index + 2] == 0x90 || bytes[index + 2] == 0x91
            {
                output += SourcePass.replacement
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
    }

    /// `^id` at the end of a line, after white space or alone on its line (Obsidian's block id).
    private func blockID(_ range: Range<Int>) -> (range: Range<Int>, token: Token)? {
        let end = range.upperBound
        guard end == bytes.count || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r") else { return nil }
        var start = end
        while start > range.lowerBound, SourcePass.isIDByte(bytes[start - 1]) { start -= 1 }
        guard start < end, start > range.lowerBound, bytes[start - 1] == UInt8(ascii: "^") else { return nil }
        let caret = start - 1
        let before = caret == 0 ? UInt8(ascii: "\n") : bytes[caret - 1]
        guard before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || before == UInt8(ascii: "\n") else { return nil }
        return (caret..<end, .blockID(String(decoding: bytes[start..<end], as: UTF8.self)))
    }

    static func isIDByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-")
    }

    /// Obsidian comments: `%%` pairs in prose, in order, inline or across lines; a `%%` left
    /// open hides the rest of the note, as Obsidian's reading view does.
    private func comments(_ prose: [Range<Int>]) -> [(range: Range<Int>, token: Token)] {
        var marks: [Int] = []
        let percent = UInt8(ascii: "%")
        for range in prose {
            var index = range.lowerBound
            while index + 1 < range.upperBound {
                if bytes[index] == percent, bytes[index + 1] == percent {
                    marks.append(index)
                    index += 2
                } else {
                    index += 1
                }
            }
        }
        var result: [(range: Range<Int>, token: Token)] = []
        var index = 0
        while index < marks.count {
            let end = index + 1 < marks.count ? marks[index + 1] + 2 : bytes.count
            result.append((marks[index]..<end, .comment))
            index += 2
        }
        return result
    }

    /// `==text==` pairs in one prose range: an opening `==` before a non-space, a closing one after
    /// a non-space; a run of three or more `=` is text (a setext underline, `a === b`).
    private func highlights(_ range: Range<Int>) -> [(range: Range<Int>, token: Token)] {
        var result: [(range: Range<Int>, token: Token)] = []
        var opened: Int?
        var index = range.lowerBound
        let equals = UInt8(ascii: "=")
        while index + 1 < range.upperBound {
            guard bytes[index] == equals else {
                index += 1
                continue
            }
            var run = index
            while run < range.upperBound, bytes[run] == equals { run += 1 }
            defer { index = run }
            guard run - index == 2 else { continue }
            let after = run < range.upperBound ? bytes[run] : UInt8(ascii: " ")
            let before = index > range.lowerBound ? bytes[index - 1] : UInt8(ascii: " ")
            if let start = opened, !SourcePass.isSpace(before), start + 2 < index {
                result.append((start..<start + 2, .markOpen))
                result.append((index..<run, .markClose))
                opened = nil
            } else if !SourcePass.isSpace(after) {
                opened = index
            }
        }
        return result
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
