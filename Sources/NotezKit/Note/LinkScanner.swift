/// Finds links in a Markdown body (docs/links-and-inline-tags.md): `[[Target]]` with `|label`,
/// `#Heading` and `#^block`, `![[embed]]`, and Markdown links and images whose destination is a
/// relative path (URL-encoded or not). External URLs (`scheme:`, `//host`) and same-note anchors
/// in Markdown links are left out. Like inline tags, links are looked for in prose only.
enum LinkScanner {
    /// Every link of `body`, in order; ranges are indices of `body`.
    public static func links(in body: ArraySlice<UInt8>) -> [NoteLink] {
        guard body.contains(UInt8(ascii: "[")) else { return [] }
        var result: [NoteLink] = []
        // A link starts in prose but may close past a code span on its line (`[[N|`code`]]`):
        // the closing bracket is looked for up to the line's end, and the ranges it covered are skipped.
        var resume = body.startIndex
        var lineEnd = body.startIndex
        var lastClose: Int?
        for range in MarkdownProse.ranges(in: body) where range.upperBound > resume {
            if lineEnd <= range.lowerBound {
                // Once per line: a line of many code spans must not be searched once per span.
                lineEnd = body[range.lowerBound...].firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
                lastClose = body[range.lowerBound..<lineEnd].lastIndex(of: close)
            }
            // Past the line's last `]` no link can close: the rest of the line is skipped in one step.
            guard let lastClose, lastClose > range.lowerBound else { continue }
            let start = max(range.lowerBound, resume)
            scan(body, start..<range.upperBound, lineEnd: lineEnd, lastClose: lastClose, into: &result)
            if let last = result.last { resume = max(resume, last.range.upperBound) }
        }
        return result
    }

    /// Every link of a whole string (tests, callers holding text).
    public static func links(in text: String) -> [NoteLink] {
        links(in: Array(text.utf8)[...])
    }

    static func scan(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>, lineEnd: Int, lastClose: Int, into result: inout [NoteLink]) {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end, index < lastClose {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            guard byte == open else {
                index += 1
                continue
            }
            let bang = index > range.lowerBound && bytes[index - 1] == UInt8(ascii: "!")
            let start = bang ? index - 1 : index
            if index + 1 < end, bytes[index + 1] == open {
                if let link = wikilink(bytes, from: index + 2, end: lineEnd, start: start, embed: bang) {
                    result.append(link)
                    index = link.range.upperBound
                    continue
                }
                index += 2
                continue
            }
            if let (link, next) = markdownLink(bytes, textStart: index + 1, end: lineEnd, start: start, image: bang) {
                if let link { result.append(link) }
                index = next
                continue
            }
            index += 1
        }
    }

    /// `[[inner]]` whose inner text starts at `from`.
    static func wikilink(_ bytes: ArraySlice<UInt8>, from: Int, end: Int, start: Int, embed: Bool) -> NoteLink? {
        guard let close = MarkdownProse.find(bytes[from..<min(end, from + maxLinkLength)], "]]") else { return nil }
        let inner = bytes[from..<close]
        guard !inner.contains(open) else { return nil }
        var targetEnd = close
        var label: String?
        if let bar = inner.firstIndex(of: UInt8(ascii: "|")) {
            // `[[Target\|label]]`: in a table cell the bar is escaped, and the backslash is not part of the target.
            targetEnd = bar > from && bytes[bar - 1] == UInt8(ascii: "\\") ? bar - 1 : bar
            label = String(decoding: bytes[(bar + 1)..<close], as: UTF8.self)
        }
        var fragment: String?
        if let hash = bytes[from..<targetEnd].firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(decoding: bytes[(hash + 1)..<targetEnd], as: UTF8.self)
            targetEnd = hash
        }
        let target = String(decoding: bytes[from..<targetEnd], as: UTF8.self).trimmingSpaces
        if target.isEmpty && fragment == nil { return nil }
        return NoteLink(
            kind: embed ? .embed : .wikilink, target: target, fragment: fragment, label: label,
            range: start..<(close + 2), targetRange: from..<targetEnd)
    }

    /// `[text](destination "title")`: the link (nil when it is external or a same-note anchor) and
    /// where to go on; nil when the brackets do not make a link.
    static func markdownLink(_ bytes: ArraySlice<UInt8>, textStart: Int, end lineEnd: Int, start: Int, image: Bool)
        -> (NoteLink?, Int)?
    {
        let end = min(lineEnd, textStart + maxLinkLength)
        // The text may hold brackets (an image inside a link); find the matching `]`.
        var depth = 0
        var index = textStart
        var textEnd: Int?
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == open {
                depth += 1
            } else if byte == close {
                if depth == 0 {
                    textEnd = index
                    break
                }
                depth -= 1
            }
            index += 1
        }
        guard let textEnd, textEnd + 1 < end, bytes[textEnd + 1] == UInt8(ascii: "(") else { return nil }
        var cursor = textEnd + 2
        while cursor < end, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        let destination: Range<Int>
        if cursor < end, bytes[cursor] == UInt8(ascii: "<") {
            guard let closing = bytes[(cursor + 1)..<end].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            destination = (cursor + 1)..<closing
            cursor = closing + 1
        } else {
            guard let closing = InlineTagScanner.closingParen(bytes, from: cursor, end: end) else { return nil }
            var destinationEnd = cursor
            while destinationEnd < closing, bytes[destinationEnd] != UInt8(ascii: " ") { destinationEnd += 1 }
            destination = cursor..<destinationEnd
            cursor = destinationEnd
        }
        // After the destination: `)`, or a title in quotes or parentheses; anything else (a
        // destination with spaces, `{{ site.baseurl }}/x`) is not a link (CommonMark).
        while cursor < end, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < end else { return nil }
        if bytes[cursor] != UInt8(ascii: ")") {
            let opener = bytes[cursor]
            let closer = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : opener
            guard opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'") || opener == UInt8(ascii: "("),
                let titleEnd = bytes[(cursor + 1)..<end].firstIndex(of: closer)
            else { return nil }
            cursor = titleEnd + 1
            while cursor < end, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < end, bytes[cursor] == UInt8(ascii: ")") else { return nil }
        }
        let linkEnd = cursor + 1
        let label = String(decoding: bytes[textStart..<textEnd], as: UTF8.self)
        // After a link, go on inside its text (it may hold an image); after an image, past it.
        let next = image ? linkEnd : textStart
        let raw = String(decoding: bytes[destination], as: UTF8.self)
        guard !raw.isEmpty, !isExternal(raw) else { return (nil, next) }
        var pathPart = raw
        var fragment: String?
        var targetRange = destination
        if let hash = raw.firstIndex(of: "#") {
            fragment = percentDecoded(String(raw[raw.index(after: hash)...]))
            pathPart = String(raw[..<hash])
            targetRange = destination.lowerBound..<(destination.lowerBound + pathPart.utf8.count)
        }
        if let query = pathPart.firstIndex(of: "?") {
            pathPart = String(pathPart[..<query])
            targetRange = destination.lowerBound..<(destination.lowerBound + pathPart.utf8.count)
        }
        guard !pathPart.isEmpty else { return (nil, next) }
        let link = NoteLink(
            kind: image ? .image : .markdown, target: percentDecoded(pathPart), fragment: fragment, label: label,
            range: start..<linkEnd, targetRange: targetRange)
        return (link, next)
    }

    /// `http:`, `mailto:`, `obsidian:`, `//host`: anything with a scheme or a network path.
    static func isExternal(_ destination: String) -> Bool {
        if destination.hasPrefix("//") { return true }
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        // A Windows drive (`C:`) counts as a scheme too: such a link cannot point into the vault.
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `%20` → space; invalid escapes stay as written.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
                let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The longest link notez reads (text, target and title): every search for a closing bracket
    /// stops there, so a hostile line of brackets costs linear time, not quadratic.
    static let maxLinkLength = 1024

    static let open = UInt8(ascii: "[")
    static let close = UInt8(ascii: "]")
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
