import Foundation

/// Plain-text views of a Markdown body: the first heading and the snippet of section 2.
public enum MarkdownText {
    /// The snippet length in characters.
    public static let snippetLength = 120

    /// The text of the first `# Heading` (level 1, outside code fences), if any.
    public static func firstHeading(_ body: Substring) -> String? {
        var inFence = false
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("# ") || line == "#" else { continue }
            var text = line.dropFirst(1).trimmingCharacters(in: .whitespaces)
            // A closing sequence of #s is not part of the heading.
            while text.hasSuffix("#") { text.removeLast() }
            text = text.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { return text }
        }
        return nil
    }

    /// The body stripped of Markdown syntax, newlines as spaces, cut to `snippetLength` characters.
    public static func snippet(_ body: Substring) -> String {
        var words: [Substring] = []
        var length = 0
        var inFence = false
        var inComment = false
        for rawLine in body.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            var line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            if inComment {
                guard let end = line.range(of: "-->") else { continue }
                line = line[end.upperBound...]
                inComment = false
            }
            if line.hasPrefix("<!--"), line.range(of: "-->") == nil {
                inComment = true
                continue
            }
            // Table separator rows and thematic breaks carry no words.
            if line.allSatisfy({ "-=*_|: ".contains($0) }) { continue }
            // Table rows keep their cell text, not their pipes.
            if line.hasPrefix("|") { line = Substring(line.replacingOccurrences(of: "|", with: " ")) }
            let plain = stripInline(stripBlockMarkers(line))
            for word in plain.split(whereSeparator: { $0.isWhitespace }) {
                words.append(word)
                length += word.count + 1
            }
            if length > snippetLength { break }
        }
        var text = words.joined(separator: " ")
        if text.count > snippetLength { text = String(text.prefix(snippetLength)) }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    /// Removes heading hashes, quote markers, list bullets and task boxes from the start of a line.
    static func stripBlockMarkers(_ line: Substring) -> Substring {
        var rest = line
        while true {
            let before = rest
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            if rest.hasPrefix(">") { rest = rest.dropFirst() }
            if rest.hasPrefix("#") {
                let hashes = rest.prefix(while: { $0 == "#" })
                if hashes.count <= 6, rest.dropFirst(hashes.count).first.map({ $0 == " " }) ?? true {
                    rest = rest.dropFirst(hashes.count)
                }
            }
            if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
                rest = rest.dropFirst(2)
            } else {
                let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
                if !digits.isEmpty, digits.count < 10 {
                    let after = rest.dropFirst(digits.count)
                    if let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " {
                        rest = after.dropFirst(2)
                    }
                }
            }
            for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) { rest = rest.dropFirst(4) }
            if rest == before { return rest }
        }
    }

    /// Turns links, wikilinks and images into their text, drops HTML tags and emphasis marks.
    static func stripInline(_ line: Substring) -> String {
        var out = ""
        out.reserveCapacity(line.utf8.count)
        var index = line.startIndex
        while index < line.endIndex {
            let char = line[index]
            let rest = line[index...]
            if rest.hasPrefix("[["), let close = rest.range(of: "]]") {
                var inner = rest[rest.index(index, offsetBy: 2)..<close.lowerBound]
                if let bar = inner.firstIndex(of: "|") { inner = inner[inner.index(after: bar)...] }
                if let hash = inner.firstIndex(of: "#"), hash != inner.startIndex { inner = inner[..<hash] }
                out += inner
                index = close.upperBound
                continue
            }
            if char == "!" || char == "[", let link = parseLink(line, at: index) {
                out += stripInline(link.text)
                index = link.end
                continue
            }
            if char == "<", let close = rest.firstIndex(of: ">"),
               let next = rest.dropFirst().first, next.isLetter || next == "/" || next == "!" {
                index = line.index(after: close)
                continue
            }
            if "*_`~".contains(char) {
                index = line.index(after: index)
                continue
            }
            out.append(char)
            index = line.index(after: index)
        }
        return out
    }

    /// `[text](url)` or `![alt](url)` starting at `index`.
    static func parseLink(_ line: Substring, at index: Substring.Index) -> (text: Substring, end: Substring.Index)? {
        var cursor = index
        if line[cursor] == "!" {
            cursor = line.index(after: cursor)
            guard cursor < line.endIndex, line[cursor] == "[" else { return nil }
        }
        let textStart = line.index(after: cursor)
        guard let textEnd = line[textStart...].firstIndex(of: "]") else { return nil }
        let afterText = line.index(after: textEnd)
        guard afterText < line.endIndex, line[afterText] == "(",
              let urlEnd = line[afterText...].firstIndex(of: ")")
        else { return nil }
        return (line[textStart..<textEnd], line.index(after: urlEnd))
    }
}
