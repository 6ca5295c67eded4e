/// The parts of a Markdown body that are prose: everything but fenced and indented code blocks,
/// inline code spans and HTML comments. The inline tag and link scanners look only there.
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
        var result: [Range<Int>] = []
        var fence: (char: UInt8, count: Int)?
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

            if let open = fence {
                if indent < 4, let closing = fenceRun(content), closing.char == open.char, closing.count >= open.count,
                    content.dropFirst(closing.count).allSatisfy({ $0 == space || $0 == tab })
                {
                    fence = nil
                }
                previousBlank = false
                continue
            }
            if inComment {
                guard let end = find(line, "-->") else { continue }
                inComment = false
                scanLine(bytes, from: end + 3, to: lineEnd, into: &result, inComment: &inComment)
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
            if indent < 4, let run = fenceRun(content) {
                // A backtick fence's info string may not contain a backtick.
                if run.char == tilde || !content.dropFirst(run.count).contains(backtick) {
                    fence = run
                    previousBlank = false
                    continue
                }
            }
            if isListItem(content) {
                listContext = true
            } else if indent == 0 && previousBlank {
                listContext = false
            }
            previousBlank = false
            scanLine(bytes, from: lineStart, to: lineEnd, into: &result, inComment: &inComment)
        }
        return result
    }

    /// Splits one line at code spans and comments; a comment left open sets `inComment`.
    static func scanLine(
        _ bytes: ArraySlice<UInt8>, from start: Int, to end: Int, into result: inout [Range<Int>], inComment: inout Bool
    ) {
        var proseStart = start
        var index = start
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
}
