import Foundation

/// The part of a note a link's `#Heading` or `#^block` names, for `![[Note#Heading]]`: a heading
/// with everything up to the next heading of its level or higher; a block, the paragraph (or
/// list item) that ends with `^block`. ATX headings outside fenced code only.
enum Section {
    static func extract(_ body: [UInt8], anchor: String) -> [UInt8]? {
        let lines = splitLines(body)
        if anchor.hasPrefix("^") {
            guard let at = lines.firstIndex(where: { line in
                let text = String(decoding: body[line], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                return text.hasSuffix(" " + anchor) || text == anchor
            }) else { return nil }
            var start = at
            while start > 0, !isBlank(body[lines[start - 1]]) { start -= 1 }
            return Array(body[lines[start].lowerBound..<lines[at].upperBound])
        }
        var fence: UInt8?
        var found: (line: Int, level: Int)?
        for (number, range) in lines.enumerated() {
            let line = body[range].drop(while: { $0 == UInt8(ascii: " ") })
            if let first = line.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~"), line.prefix(3).allSatisfy({ $0 == first }) {
                fence = fence == nil ? first : (fence == first ? nil : fence)
                continue
            }
            guard fence == nil, let level = headingLevel(line) else { continue }
            if let open = found {
                if level <= open.level { return Array(body[lines[open.line].lowerBound..<range.lowerBound]) }
            } else {
                let text = String(decoding: line.dropFirst(level), as: UTF8.self)
                if NoteRenderer.slug(text) == anchor { found = (number, level) }
            }
        }
        guard let open = found else { return nil }
        return Array(body[lines[open.line].lowerBound...])
    }

    static func headingLevel(_ line: ArraySlice<UInt8>) -> Int? {
        let level = line.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(level) else { return nil }
        let after = line.dropFirst(level).first
        return after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") ? level : nil
    }

    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: ">") }
    }

    /// Line ranges including their line feed.
    static func splitLines(_ body: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in body.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<index + 1)
            start = index + 1
        }
        if start < body.count { lines.append(start..<body.count) }
        return lines
    }
}
