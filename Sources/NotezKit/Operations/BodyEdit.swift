import Foundation

/// One change to a note's body (the text after the front matter), as a pure text transformation:
/// append, prepend, insert under a heading or after a block id, or replace text that must be there.
/// Headings and block ids inside fenced code blocks are not found; a target found zero or several
/// times is refused, never guessed.
public enum BodyEdit: Sendable, Equatable {
    /// Adds `text` after the last line of the body.
    case append(String)
    /// Adds `text` before the first line of the body.
    case prepend(String)
    /// Adds `text` at the end of the section under the heading (before the next heading of the
    /// same or a higher level). `heading` is its text, with or without the leading `#`s.
    case underHeading(heading: String, text: String)
    /// Adds `text` on the line after the line that ends with the block id `^id`.
    case afterBlock(id: String, text: String)
    /// Replaces `old` by `new`; `old` must occur exactly once, or `count` times when given.
    case replace(old: String, new: String, count: Int?)

    /// The edit's name, journaled as the operation's second argument.
    var name: String {
        switch self {
        case .append: return "append"
        case .prepend: return "prepend"
        case .underHeading: return "under-heading"
        case .afterBlock: return "after-block"
        case .replace: return "replace"
        }
    }

    /// The body with the edit applied; throws a refusal that says what was not found or ambiguous.
    public func apply(to body: String) throws(NotezError) -> String {
        // Inserted lines end as the note's lines do: a CRLF note stays CRLF.
        let newline = Self.usesCRLF(body) ? "\r\n" : "\n"
        switch self {
        case .append(let text):
            guard !text.isEmpty else { throw .usage("the text to append is empty") }
            if body.isEmpty { return Self.line(text, newline) }
            return (body.utf8.last == 0x0A ? body : body + newline) + Self.line(text, newline)
        case .prepend(let text):
            guard !text.isEmpty else { throw .usage("the text to prepend is empty") }
            return Self.line(text, newline) + body
        case .underHeading(let heading, let text):
            guard !text.isEmpty else { throw .usage("the text to insert is empty") }
            return try Self.insertUnderHeading(heading, text: Self.line(text, newline), body: body, newline: newline)
        case .afterBlock(let id, let text):
            guard !text.isEmpty else { throw .usage("the text to insert is empty") }
            return try Self.insertAfterBlock(id, text: Self.line(text, newline), body: body, newline: newline)
        case .replace(let old, let new, let count):
            return try Self.replace(old, with: new, count: count, body: body)
        }
    }

    /// `text` with its line ends written as `newline`, ending with one.
    private static func line(_ text: String, _ newline: String) -> String {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        if newline != "\n" { text = text.replacingOccurrences(of: "\n", with: newline) }
        return text.utf8.last == 0x0A ? text : text + newline
    }

    /// True when the body's first line ends with CRLF.
    private static func usesCRLF(_ body: String) -> Bool {
        guard let end = body.utf8.firstIndex(of: 0x0A), end > body.utf8.startIndex else { return false }
        return body.utf8[body.utf8.index(before: end)] == 0x0D
    }

    /// The body's lines with their newlines, and for each whether it lies in a fenced code block.
    private static func lines(_ body: String) -> [(text: Substring, inCode: Bool)] {
        var result: [(Substring, Bool)] = []
        var fence: Substring?
        var start = body.startIndex
        while start < body.endIndex {
            // By bytes: "\r\n" is one Character, so a search for "\n" by Character misses it.
            let end = body.utf8[start...].firstIndex(of: 0x0A).map { body.utf8.index(after: $0) } ?? body.endIndex
            let line = body[start..<end]
            let trimmed = line.drop { $0 == " " }
            let marker = trimmed.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                result.append((line, true))
                if marker.count >= open.count, marker.first == open.first,
                    trimmed.dropFirst(marker.count).allSatisfy({ $0.isWhitespace })
                {
                    fence = nil
                }
            } else if marker.count >= 3, Set(marker).count == 1 {
                fence = marker
                result.append((line, true))
            } else {
                result.append((line, false))
            }
            start = end
        }
        return result
    }

    /// The level (1-6) and text of an ATX heading line, or nil.
    static func heading(_ line: Substring) -> (level: Int, text: String)? {
        let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let hashes = content.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = content.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingCharacters(in: .whitespaces)
        // A closing run of #s is not part of the text (CommonMark).
        if let closing = text.lastIndex(where: { $0 != "#" }), text[closing] == " " || text[closing] == "\t" {
            text = String(text[..<closing]).trimmingCharacters(in: .whitespaces)
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return (hashes.count, text)
    }

    private static func insertUnderHeading(_ heading: String, text: String, body: String, newline: String) throws(NotezError) -> String {
        let wanted = heading.trimmingCharacters(in: .whitespaces)
        let wantedLevel = wanted.prefix { $0 == "#" }.count
        let wantedText = wanted.dropFirst(wantedLevel).trimmingCharacters(in: .whitespaces)
        guard !wantedText.isEmpty else { throw .usage("the heading is empty") }
        let lines = Self.lines(body)
        let matches = lines.indices.filter { index in
            guard !lines[index].inCode, let found = Self.heading(lines[index].text) else { return false }
            return found.text == wantedText && (wantedLevel == 0 || found.level == wantedLevel)
        }
        guard let match = matches.first else {
            let known = lines.filter { !$0.inCode }.compactMap { Self.heading($0.text)?.text }.prefix(20)
            throw .refused(
                "no heading '\(wantedText)' in the note"
                    + (known.isEmpty ? " (it has no headings)" : "; its headings: " + known.joined(separator: ", ")))
        }
        guard matches.count == 1 else {
            throw .refused(
                "\(matches.count) headings are named '\(wantedText)' (lines \(matches.map { String($0 + 1) }.joined(separator: ", ")) of the body); "
                    + "give its level (e.g. '## \(wantedText)') or edit the note another way")
        }
        let level = Self.heading(lines[match].text)!.level
        var end = match + 1
        while end < lines.count {
            if !lines[end].inCode, let next = Self.heading(lines[end].text), next.level <= level { break }
            end += 1
        }
        // After the section's last non-blank line, so blank lines before the next heading stay.
        var insertAt = end
        while insertAt > match + 1, lines[insertAt - 1].text.allSatisfy(\.isWhitespace) { insertAt -= 1 }
        return splice(lines.map(\.text), at: insertAt, text: text, newline: newline)
    }

    private static func insertAfterBlock(_ id: String, text: String, body: String, newline: String) throws(NotezError) -> String {
        let wanted = id.hasPrefix("^") ? String(id.dropFirst()) : id
        guard !wanted.isEmpty, wanted.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw .usage("'\(id)' is not a block id (letters, digits and '-', as in '^abc-1')")
        }
        let lines = Self.lines(body)
        let matches = lines.indices.filter { index in
            guard !lines[index].inCode else { return false }
            let content = lines[index].text.trimmingCharacters(in: .whitespacesAndNewlines)
            return content == "^" + wanted || content.hasSuffix(" ^" + wanted) || content.hasSuffix("\t^" + wanted)
        }
        guard let match = matches.first else { throw .refused("no block '^\(wanted)' in the note") }
        guard matches.count == 1 else { throw .refused("the block id '^\(wanted)' occurs \(matches.count) times in the note") }
        return splice(lines.map(\.text), at: match + 1, text: text, newline: newline)
    }

    /// The lines with `text` (a whole line or lines) inserted before line `index`, a newline added
    /// to the line before when it lacks one.
    private static func splice(_ lines: [Substring], at index: Int, text: String, newline: String) -> String {
        var out = ""
        for (position, line) in lines.enumerated() {
            if position == index { out += text }
            out += line
            if position == index - 1, line.utf8.last != 0x0A { out += newline }
        }
        if index >= lines.count { out += text }
        return out
    }

    private static func replace(_ old: String, with new: String, count: Int?, body: String) throws(NotezError) -> String {
        guard !old.isEmpty else { throw .usage("the text to replace is empty") }
        let ranges = occurrences(of: old, in: body)
        let expected = count ?? 1
        guard !ranges.isEmpty else {
            throw .refused(
                "the text to replace is not in the note (it must match exactly, spaces and line breaks included); read the note again")
        }
        guard ranges.count == expected else {
            throw .refused(
                "the text to replace occurs \(ranges.count) time\(ranges.count == 1 ? "" : "s"), not \(expected); "
                    + (count == nil ? "give more of the surrounding text so it is unique, or the count" : "read the note again"))
        }
        var out = ""
        var last = body.startIndex
        for range in ranges {
            out += body[last..<range.lowerBound]
            out += new
            last = range.upperBound
        }
        out += body[last...]
        return out
    }

    /// The non-overlapping ranges of `needle` in `text`, byte for byte as written (no normalization).
    private static func occurrences(of needle: String, in text: String) -> [Range<String.Index>] {
        let length = needle.utf8.count
        let utf8 = text.utf8
        return ByteSearch.occurrences(of: Array(needle.utf8), in: Array(utf8)).map {
            let start = utf8.index(utf8.startIndex, offsetBy: $0)
            return start..<utf8.index(start, offsetBy: length)
        }
    }
}
