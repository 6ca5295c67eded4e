/// Plain-text views of a Markdown body: the first heading and the snippet of section 2.
///
/// Both work on UTF-8 bytes (every Markdown marker is ASCII) and stop as early as they can:
/// they run for every note of the vault when the index is built.
enum MarkdownText {
    /// The snippet length in characters.
    static let snippetLength = 120

    /// The text of the first `# Heading` (level 1, outside code fences), if any.
    static func firstHeading(_ body: Substring) -> String? {
        firstHeading(bytes: Array(body.utf8)[...])
    }

    /// The first level-1 heading of a UTF-8 body.
    static func firstHeading(bytes body: ArraySlice<UInt8>) -> String? {
        var inFence = false
        for line in Lines(body) {
            let trimmed = line.drop(while: { $0 == space })
            if isFence(trimmed) {
                inFence.toggle()
                continue
            }
            guard !inFence, line.first == hash, line.count == 1 || line[line.startIndex + 1] == space else { continue }
            var text = line.dropFirst()
            text = trimSpaces(text)
            // A closing sequence of #s is not part of the heading.
            while text.last == hash { text = text.dropLast() }
            text = trimSpaces(text)
            if !text.isEmpty { return String(decoding: text, as: UTF8.self) }
        }
        return nil
    }

    /// A heading as a title: `[[Target|label]]` → `label`, `[[Target#Part]]` → `Target`,
    /// `[text](url)` → `text`, `![alt](src)` → `alt`; `*`, `` ` `` and `~~` removed, and `_` where it
    /// starts or ends a word (emphasis), so `snake_case` keeps its underscore.
    static func titleText(_ heading: String) -> String {
        let bytes = Array(heading.utf8)
        guard bytes.contains(where: { "[*_`~".utf8.contains($0) }) else { return heading }
        let linked = stripLinks(bytes[...])
        var out: [UInt8] = []
        out.reserveCapacity(linked.count)
        for (index, byte) in linked.enumerated() {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "`"):
                continue
            case UInt8(ascii: "~") where (index + 1 < linked.count && linked[index + 1] == byte) || (index > 0 && linked[index - 1] == byte):
                continue
            case UInt8(ascii: "_"):
                let before = index > 0 ? linked[index - 1] : space
                let after = index + 1 < linked.count ? linked[index + 1] : space
                let isWord = { (other: UInt8) in other != space && other != UInt8(ascii: "_") && other != tab }
                if isWord(before) && isWord(after) { out.append(byte) }
            default:
                out.append(byte)
            }
        }
        let text = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? heading : text
    }

    /// Links and images replaced by their text (the snippet's rules), nothing else touched.
    static func stripLinks(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if let link = linkLabel(line, at: index) {
                out += link.isWikilink ? Array(link.text) : stripLinks(link.text)
                index = link.end
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// At a wikilink (`[[target|label]]`, `[[target#heading]]`) or a Markdown link or image
    /// starting at `index`: the text a reader sees (a Markdown link's text still has its own syntax).
    private static func linkLabel(_ line: ArraySlice<UInt8>, at index: Int) -> (text: ArraySlice<UInt8>, end: Int, isWikilink: Bool)? {
        let byte = line[index]
        let rest = line[index...]
        if byte == UInt8(ascii: "["), rest.dropFirst().first == UInt8(ascii: "["), let close = MarkdownProse.find(rest, "]]") {
            var inner = line[(index + 2)..<close]
            if let bar = inner.firstIndex(of: UInt8(ascii: "|")) { inner = inner[(bar + 1)...] }
            if let anchor = inner.firstIndex(of: hash), anchor != inner.startIndex { inner = inner[..<anchor] }
            return (inner, close + 2, true)
        }
        if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "["), let link = parseLink(line, at: index) {
            return (link.text, link.end, false)
        }
        return nil
    }

    /// The body stripped of Markdown syntax, newlines as spaces, cut to `snippetLength` characters.
    public static func snippet(_ body: Substring) -> String {
        snippet(bytes: Array(body.utf8)[...])
    }

    /// The snippet of a UTF-8 body.
    public static func snippet(bytes body: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(snippetLength * 2)
        var characters = 0
        var inFence = false
        var inComment = false
        for rawLine in Lines(body) {
            var line = rawLine.drop(while: { $0 == space || $0 == tab })
            if isFence(line) {
                inFence.toggle()
                continue
            }
            if inFence || line.isEmpty { continue }
            if inComment {
                guard let end = MarkdownProse.find(line, "-->") else { continue }
                line = line[(end + 3)...]
                inComment = false
            }
            if MarkdownProse.starts(line, "<!--"), MarkdownProse.find(line, "-->") == nil {
                inComment = true
                continue
            }
            // Table separator rows and thematic breaks carry no words.
            if line.allSatisfy({ "-=*_|: \t".utf8.contains($0) }) { continue }
            let isTableRow = line.first == pipe
            let plain = stripInline(stripBlockMarkers(line), tableRow: isTableRow)
            // Words joined by single spaces, whatever white space separated them.
            var index = plain.startIndex
            while index < plain.endIndex {
                while index < plain.endIndex, isSpace(plain[index]) { index += 1 }
                guard index < plain.endIndex else { break }
                if !out.isEmpty {
                    out.append(space)
                    characters += 1
                }
                while index < plain.endIndex, !isSpace(plain[index]) {
                    let byte = plain[index]
                    if byte & 0xC0 != 0x80 { characters += 1 }
                    out.append(byte)
                    index += 1
                }
            }
            if characters > snippetLength { break }
        }
        if !out.contains(where: { $0 >= 0x80 }) {
            // ASCII words joined by single spaces (no control byte gets here): one character a
            // byte, so no grapheme counting.
            var end = min(out.count, snippetLength)
            while end > 0, out[end - 1] == space { end -= 1 }
            return String(decoding: out[..<end], as: UTF8.self)
        }
        var text = withoutControls(String(decoding: out, as: UTF8.self))
        if text.count > snippetLength { text = String(text.prefix(snippetLength)) }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    /// C1 controls and U+FFFD (from bytes that are not UTF-8, as in a pasted binary dump) become
    /// word breaks, so a snippet never carries them.
    static func withoutControls(_ text: String) -> String {
        func isNoise(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value >= 0x80 && scalar.value < 0xA0) || scalar.value == 0xFFFD || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar.value == 0xFEFF
        }
        guard text.unicodeScalars.contains(where: isNoise) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isNoise(scalar) {
                if let last = result.last, last != " " { result.append(" ") }
            } else if scalar != " " || (result.last.map { $0 != " " } ?? false) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Removes heading hashes, quote markers, list bullets and task boxes from the start of a line.
    static func stripBlockMarkers(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        while true {
            let before = rest.startIndex
            rest = rest.drop(while: { $0 == space || $0 == tab })
            if rest.first == UInt8(ascii: ">") { rest = rest.dropFirst() }
            if rest.first == hash {
                let hashes = rest.prefix(while: { $0 == hash })
                let after = rest.dropFirst(hashes.count)
                if hashes.count <= 6, after.first.map({ $0 == space }) ?? true { rest = after }
            }
            if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+"),
                rest.dropFirst().first == space
            {
                rest = rest.dropFirst(2)
            } else {
                let digits = rest.prefix(while: { $0 >= 0x30 && $0 <= 0x39 })
                if !digits.isEmpty, digits.count < 10 {
                    let after = rest.dropFirst(digits.count)
                    if let mark = after.first, mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")"), after.dropFirst().first == space {
                        rest = after.dropFirst(2)
                    }
                }
            }
            if MarkdownProse.starts(rest, "[ ] ") || MarkdownProse.starts(rest, "[x] ") || MarkdownProse.starts(rest, "[X] ") { rest = rest.dropFirst(4) }
            if rest.startIndex == before { return rest }
        }
    }

    /// Turns links, wikilinks and images into their text, drops HTML tags, emphasis marks and table
    /// pipes; code spans keep their text as written.
    static func stripInline(_ line: ArraySlice<UInt8>, tableRow: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            // Most bytes start no markup: copied without the slices and lookups below, which made
            // this the largest part of reading a note.
            if !isInlineMarkup(byte) {
                out.append(byte)
                index += 1
                continue
            }
            let rest = line[index...]
            if let link = linkLabel(line, at: index) {
                out += link.isWikilink ? Array(link.text) : stripInline(link.text)
                index = link.end
                continue
            }
            if byte == UInt8(ascii: "<"), let next = rest.dropFirst().first,
                isLetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!"),
                let close = rest.firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
                continue
            }
            if byte == UInt8(ascii: "`") {
                // A code span keeps its text as written (`SSH2_MSG_X` stays whole).
                let run = rest.prefix { $0 == UInt8(ascii: "`") }.count
                var search = index + run
                while search < line.endIndex {
                    let other = line[search...].prefix { $0 == UInt8(ascii: "`") }.count
                    if other == run {
                        out += trimSpaces(line[(index + run)..<search])
                        break
                    }
                    search += max(other, 1)
                }
                index = search < line.endIndex ? search + run : index + run
                continue
            }
            if byte == UInt8(ascii: "_"), index > line.startIndex, index + 1 < line.endIndex,
                isWordByte(line[index - 1]), isWordByte(line[index + 1])
            {
                out.append(byte)  // `snake_case` is no emphasis
                index += 1
                continue
            }
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                index += 1
                continue
            }
            out.append(tableRow && byte == pipe ? space : byte)
            index += 1
        }
        return out
    }

    /// `[text](url)` or `![alt](url)` starting at `index`.
    static func parseLink(_ line: ArraySlice<UInt8>, at index: Int) -> (text: ArraySlice<UInt8>, end: Int)? {
        var cursor = index
        if line[cursor] == UInt8(ascii: "!") {
            cursor += 1
            guard cursor < line.endIndex, line[cursor] == UInt8(ascii: "[") else { return nil }
        }
        let textStart = cursor + 1
        guard textStart <= line.endIndex, let textEnd = line[textStart...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
        let afterText = textEnd + 1
        guard afterText < line.endIndex, line[afterText] == UInt8(ascii: "("),
            let urlEnd = line[afterText...].firstIndex(of: UInt8(ascii: ")"))
        else { return nil }
        return (line[textStart..<textEnd], urlEnd + 1)
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let hash = UInt8(ascii: "#")
    private static let pipe = UInt8(ascii: "|")

    /// White space, and every other C0 control and DEL too (NULs of a pasted binary dump):
    /// they separate words and never reach a snippet.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte < 0x21 || byte == 0x7F
    }

    /// A letter, a digit or a byte of a non-ASCII character: what stands inside a word.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }

    /// The bytes `stripInline` may treat as markup: `[`, `!`, `<`, a backquote, `_`, `*`, `~`, `|`.
    private static func isInlineMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: "`"), UInt8(ascii: "_"), UInt8(ascii: "*"),
            UInt8(ascii: "~"), UInt8(ascii: "|"):
            return true
        default: return false
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isFence(_ line: ArraySlice<UInt8>) -> Bool {
        MarkdownProse.starts(line, "```") || MarkdownProse.starts(line, "~~~")
    }

    private static func trimSpaces(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = text.drop(while: { $0 == space || $0 == tab })
        while let last = result.last, last == space || last == tab || last == 0x0D { result = result.dropLast() }
        return result
    }
}

/// The lines of a UTF-8 buffer, without their `\n` or `\r\n`, produced lazily.
struct Lines: Sequence, IteratorProtocol {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    mutating func next() -> ArraySlice<UInt8>? {
        guard position < bytes.endIndex else { return nil }
        let start = position
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
        position = end < bytes.endIndex ? end + 1 : end
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }
}
