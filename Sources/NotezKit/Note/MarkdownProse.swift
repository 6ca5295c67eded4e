/// The parts of a Markdown body that are prose: everything but fenced and indented code blocks
/// (fences in block quotes, callouts and list items too), inline code spans, math (`$x$`, `$$`
/// blocks), HTML blocks and HTML comments. The inline tag and link scanners look only there.
///
/// Works on UTF-8 bytes (every marker is ASCII). The rules (docs/links-and-inline-tags.md):
/// - a fence is 3+ backticks or tildes after at most 3 spaces; it closes with the same character,
///   at least as many, and nothing else on the line; an unclosed fence runs to the end;
/// - an indented line (4+ spaces or a tab) is code when it follows a blank line (or starts the
///   body) and the last non-blank line was not a list item or its continuation;
/// - a code span is a run of N backticks closed by exactly N backticks on the same line;
/// - `<!--` ... `-->` may span lines.
enum MarkdownProse {
    /// Byte ranges of prose in `bytes`, in order, never crossing a line break; offsets are indices of `bytes`.
    public static func ranges(in bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        var math: [Range<Int>]?
        return ranges(in: bytes, math: &math)
    }

    /// The prose ranges, and in `math` (when not nil) the ranges of math left out of them, each from
    /// its opening `$` to after its closing one (display blocks outside block quotes; inline math).
    static func ranges(in bytes: ArraySlice<UInt8>, math: inout [Range<Int>]?) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var mathStart: Int?
        var fence: (char: UInt8, count: Int, indent: Int, quotes: Int)?
        var inMath = false
        var inHTML: [UInt8]?
        var inComment = false
        var previousBlank = true
        var inIndentedCode = false
        var listContext = false
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let lineStart = position
            var lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.endIndex
            position = lineEnd < bytes.endIndex ? lineEnd + 1 : lineEnd
            if lineEnd > lineStart, bytes[lineEnd - 1] == carriageReturn { lineEnd -= 1 }
            let line = bytes[lineStart..<lineEnd]
            let indent = indentWidth(line)
            let content = line.drop(while: { $0 == space || $0 == tab })
            let blank = content.isEmpty
            // A fence may stand in a block quote or callout (`> ```css`): looked for after the `>` markers.
            let (quotes, quoted) = withoutQuoteMarkers(line)
            let quotedIndent = indentWidth(quoted)
            let quotedContent = quoted.drop(while: { $0 == space || $0 == tab })

            if let open = fence {
                // Leaving the quote that holds a fence ends the fence (CommonMark); the line is read anew.
                if open.quotes > 0, quotes < open.quotes {
                    fence = nil
                } else {
                    if quotedIndent < open.indent + 4, let closing = fenceRun(quotedContent), closing.char == open.char,
                        closing.count >= open.count,
                        quotedContent.dropFirst(closing.count).allSatisfy({ $0 == space || $0 == tab })
                    {
                        fence = nil
                    }
                    previousBlank = false
                    continue
                }
            }
            if let closing = inHTML {
                // An HTML block (`<div ...>`, `<svg>`) is not Markdown: it ends at a blank line, or
                // for `<script>`, `<pre>`, `<style>` and `<textarea>` at the closing tag.
                if closing.isEmpty ? blank : contains(line, closing) { inHTML = nil }
                previousBlank = blank
                continue
            }
            if inMath {
                // `$$` display math (Obsidian's MathJax) holds no tags or links.
                if let close = find(line, "$$") {
                    inMath = false
                    if let start = mathStart { math?.append(start..<close + 2) }
                    mathStart = nil
                }
                previousBlank = false
                continue
            }
            if inComment {
                guard let end = find(line, "-->") else { continue }
                inComment = false
                scanLine(bytes, from: end + 3, to: lineEnd, into: &result, inComment: &inComment, math: &math)
                previousBlank = blank
                continue
            }
            if blank {
                previousBlank = true
                inIndentedCode = false
                continue
            }
            if indent >= 4 && (inIndentedCode || (previousBlank && !listContext)) {
                inIndentedCode = true
                previousBlank = false
                continue
            }
            inIndentedCode = false
            // Under a list item a fence is indented like the item's text (`  - x` then `    ```c`).
            if quotedIndent < 4 || listContext, let run = fenceRun(quotedContent) {
                // A backtick fence's info string may not contain a backtick.
                if run.char == tilde || !quotedContent.dropFirst(run.count).contains(backtick) {
                    fence = (run.char, run.count, quotedIndent, quotes)
                    previousBlank = false
                    continue
                }
            }
            if indent < 4, let closing = htmlBlockEnd(content) {
                if closing.isEmpty || !contains(content, closing) { inHTML = closing }
                previousBlank = false
                continue
            }
            if starts(quotedContent, "$$"), find(quotedContent.dropFirst(2), "$$") == nil {
                inMath = true
                mathStart = quotes == 0 ? quotedContent.startIndex : nil
                previousBlank = false
                continue
            }
            if isListItem(content) {
                listContext = true
            } else if indent == 0 && previousBlank {
                listContext = false
            }
            previousBlank = false
            scanLine(bytes, from: lineStart, to: lineEnd, into: &result, inComment: &inComment, math: &math)
        }
        return result
    }

    /// Splits one line at code spans and comments; a comment left open sets `inComment`.
    static func scanLine(
        _ bytes: ArraySlice<UInt8>, from start: Int, to end: Int, into result: inout [Range<Int>], inComment: inout Bool,
        math: inout [Range<Int>]?
    ) {
        var proseStart = start
        var index = start
        var mathClosers = MathClosers()
        while index < end {
            let byte = bytes[index]
            if byte == backtick {
                var run = 0
                while index + run < end, bytes[index + run] == backtick { run += 1 }
                // Look for a closing run of exactly the same length.
                var search = index + run
                var close: Int?
                while search < end {
                    if bytes[search] == backtick {
                        var other = 0
                        while search + other < end, bytes[search + other] == backtick { other += 1 }
                        if other == run {
                            close = search
                            break
                        }
                        search += other
                    } else {
                        search += 1
                    }
                }
                guard let close else {
                    index += run
                    continue
                }
                if index > proseStart { result.append(proseStart..<index) }
                index = close + run
                proseStart = index
                continue
            }
            if byte == dollar, let close = mathEnd(bytes, from: index, end: end, closers: &mathClosers) {
                if index > proseStart { result.append(proseStart..<index) }
                math?.append(index..<close)
                index = close
                proseStart = index
                continue
            }
            if byte == UInt8(ascii: "<"), starts(bytes[index..<end], "<!--") {
                if index > proseStart { result.append(proseStart..<index) }
                if let close = find(bytes[(index + 4)..<end], "-->") {
                    index = close + 3
                    proseStart = index
                    continue
                }
                inComment = true
                return
            }
            index += 1
        }
        if end > proseStart { result.append(proseStart..<end) }
    }

    /// The end of inline math starting at the `$` at `start`: `$$...$$`, or `$x$` whose opening
    /// `$` is followed and whose closing `$` is preceded by a non-space and not followed by a digit
    /// (so `$5 and $10` is text); nil when none closes on the line.
    static func mathEnd(_ bytes: ArraySlice<UInt8>, from start: Int, end: Int, closers: inout MathClosers) -> Int? {
        if start > bytes.startIndex, bytes[start - 1] == UInt8(ascii: "\\") { return nil }
        if start + 1 < end, bytes[start + 1] == dollar {
            guard closers.double, start + 2 < end, let close = find(bytes[(start + 2)..<end], "$$") else {
                closers.double = false
                return nil
            }
            return close + 2
        }
        guard closers.single, start + 1 < end, bytes[start + 1] != space, bytes[start + 1] != tab else { return nil }
        var index = start + 1
        while index < end {
            if bytes[index] == dollar, bytes[index - 1] != space, bytes[index - 1] != tab, bytes[index - 1] != UInt8(ascii: "\\") {
                let next = index + 1 < end ? bytes[index + 1] : space
                if !(next >= 0x30 && next <= 0x39) { return index + 1 }
            }
            index += 1
        }
        closers.single = false
        return nil
    }

    /// Whether a `$` or `$$` may still close math further on a line. A closer does not depend on
    /// its opener, so once a search finds none, none comes later: a line of many `$` costs linear time.
    struct MathClosers {
        var single = true
        var double = true
    }

    /// When `content` opens an HTML block (CommonMark's kinds 1 and 6, and `<svg>`): what ends it,
    /// the lower-cased closing tag for kind 1, empty (a blank line) for the others; else nil.
    static func htmlBlockEnd(_ content: ArraySlice<UInt8>) -> [UInt8]? {
        guard content.first == UInt8(ascii: "<") else { return nil }
        var rest = content.dropFirst()
        let closingTag = rest.first == slash
        if closingTag { rest = rest.dropFirst() }
        let name = rest.prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || ($0 >= 0x30 && $0 <= 0x39) }
        guard !name.isEmpty, name.count <= 10 else { return nil }
        let after = rest.dropFirst(name.count).first
        guard after == nil || after == space || after == tab || after == UInt8(ascii: ">") || after == slash else { return nil }
        let lower = String(decoding: name.map { $0 | 0x20 }, as: UTF8.self)
        if !closingTag, ["script", "pre", "style", "textarea"].contains(lower) { return Array("</\(lower)>".utf8) }
        return htmlBlockTags.contains(lower) ? [] : nil
    }

    /// CommonMark's block-level HTML tag names (kind 6), and `svg`.
    static let htmlBlockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd",
        "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul", "svg",
    ]

    /// Whether `line` contains the ASCII bytes `needle`, ignoring case.
    static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, line.count >= needle.count else { return false }
        var index = line.startIndex
        while index <= line.endIndex - needle.count {
            if zip(line[index..<(index + needle.count)], needle).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) { return true }
            index += 1
        }
        return false
    }

    /// The number of block quote markers (`>`, each after at most 3 spaces and with one optional
    /// space after it) that open `line`, and the rest of the line.
    static func withoutQuoteMarkers(_ line: ArraySlice<UInt8>) -> (Int, ArraySlice<UInt8>) {
        var rest = line
        var count = 0
        while true {
            let spaces = rest.prefix { $0 == space }.count
            guard spaces < 4, rest.dropFirst(spaces).first == UInt8(ascii: ">") else { return (count, rest) }
            rest = rest.dropFirst(spaces + 1)
            if rest.first == space { rest = rest.dropFirst() }
            count += 1
        }
    }

    /// Columns of leading white space, a tab counting to the next multiple of 4.
    static func indentWidth(_ line: ArraySlice<UInt8>) -> Int {
        var width = 0
        for byte in line {
            if byte == space {
                width += 1
            } else if byte == tab {
                width += 4 - width % 4
            } else {
                break
            }
        }
        return width
    }

    /// The fence character and run length when `content` starts with 3+ backticks or tildes.
    static func fenceRun(_ content: ArraySlice<UInt8>) -> (char: UInt8, count: Int)? {
        guard let first = content.first, first == backtick || first == tilde else { return nil }
        let count = content.prefix(while: { $0 == first }).count
        return count >= 3 ? (first, count) : nil
    }

    /// `- `, `* `, `+ `, `1. `, `1) ` (or the marker alone on its line).
    static func isListItem(_ content: ArraySlice<UInt8>) -> Bool {
        guard let first = content.first else { return false }
        let next = content.dropFirst().first
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return next == nil || next == space || next == tab
        }
        let digits = content.prefix(while: { $0 >= 0x30 && $0 <= 0x39 })
        guard !digits.isEmpty, digits.count < 10 else { return false }
        let after = content.dropFirst(digits.count)
        guard let mark = after.first, mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")") else { return false }
        let following = after.dropFirst().first
        return following == nil || following == space || following == tab
    }

    static func starts(_ bytes: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let base = prefix.utf8Start
        for offset in 0..<count where bytes[bytes.startIndex + offset] != base[offset] { return false }
        return true
    }

    /// The index of the first occurrence of an ASCII needle.
    static func find(_ bytes: ArraySlice<UInt8>, _ needle: StaticString) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        let first = needle.utf8Start[0]
        var index = bytes.startIndex
        while index <= bytes.endIndex - count {
            if bytes[index] == first, starts(bytes[index...], needle) { return index }
            index += 1
        }
        return nil
    }

    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let backtick = UInt8(ascii: "`")
    static let tilde = UInt8(ascii: "~")
    static let dollar = UInt8(ascii: "$")
    static let slash = UInt8(ascii: "/")
}
