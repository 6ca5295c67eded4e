import Foundation

/// A line of a note's body where a query's words occur, cut around them, with each occurrence
/// marked: the snippet of a ranked search result (terminal bold, JSON offsets, web `<mark>`).
public struct MatchPassage: Sendable, Equatable {
    /// 1-based line of the body (after the front matter).
    public var line: Int
    /// The text of the line around the occurrences, as written (inline code and markup kept).
    public var text: String
    /// Where the occurrences are in `text`, as offsets in Unicode scalars (code points), ascending.
    public var matches: [Range<Int>]
    /// Which of `best`'s terms occurs first in the line (the one the text is cut around).
    var term = 0

    /// How many passages a ranked result carries (JSON, MCP).
    public static let perResult = 3

    /// The characters each side of the first occurrence a passage keeps.
    public static let context = 80

    /// The `limit` best lines of `body` (the bytes after the front matter) for `terms`, best first:
    /// most distinct terms, then most occurrences, then earliest; each cut to `context` characters
    /// each side of its first occurrence. Matching is the search's (folded: case, NFC, and accents
    /// when `ignoreAccents`).
    public static func best(
        _ terms: [String], in body: ArraySlice<UInt8>, ignoreAccents: Bool, limit: Int, context: Int = MatchPassage.context
    ) -> [MatchPassage] {
        // Empty needles (a term folding leaves nothing of) stay, so a needle's index is its term's.
        let needles = terms.map { TextFold.fold(Array($0.utf8)[...], ignoreAccents: ignoreAccents) }
        guard needles.contains(where: { !$0.isEmpty }), limit > 0 else { return [] }
        // Candidate lines from the folded body (folding keeps every newline, so line numbers agree).
        // ASCII words in text folding cannot make ASCII: the lowered bytes find the same lines.
        let asciiSuffices = !ignoreAccents && !needles.joined().contains(where: { $0 >= 0x80 }) && !TextFold.mayFoldToASCII(body)
        let folded = asciiSuffices ? body.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } : TextFold.fold(body, ignoreAccents: ignoreAccents)
        var candidates: [(line: Int, distinct: Int, total: Int)] = []
        var lineNumber = 1
        var start = 0
        while start <= folded.count {
            var end = start
            while end < folded.count, folded[end] != 0x0A { end += 1 }
            let line = folded[start..<end]
            var distinct = 0
            var total = 0
            for needle in needles where !needle.isEmpty {
                let found = Ranker.occurrences(of: needle, in: line)
                if found > 0 {
                    distinct += 1
                    total += Int(found.rounded(.up))
                }
            }
            if distinct > 0 { candidates.append((lineNumber, distinct, total)) }
            lineNumber += 1
            start = end + 1
        }
        candidates.sort { a, b in
            a.distinct != b.distinct ? a.distinct > b.distinct : a.total != b.total ? a.total > b.total : a.line < b.line
        }
        let chosen = candidates.prefix(limit).map { $0.line }
        guard !chosen.isEmpty else { return [] }
        // The original lines, by number.
        var lines: [Int: ArraySlice<UInt8>] = [:]
        let wanted = Set(chosen)
        var number = 1
        var from = body.startIndex
        while from <= body.endIndex, lines.count < wanted.count {
            var to = from
            while to < body.endIndex, body[to] != 0x0A { to += 1 }
            if wanted.contains(number) { lines[number] = body[from..<to] }
            number += 1
            from = to + 1
        }
        return chosen.compactMap { line in
            lines[line].map {
                passage(line: line, String(decoding: $0, as: UTF8.self), needles: needles, ignoreAccents: ignoreAccents, context: context)
            }
        }
    }

    /// The passage of one line: occurrences found character by character (so offsets are the
    /// original text's), the text cut to `context` characters each side of the first one.
    static func passage(line: Int, _ text: String, needles: [[UInt8]], ignoreAccents: Bool, context: Int = MatchPassage.context) -> MatchPassage {
        let characters = Array(text)
        // Each folded byte's character; folding works within a character (grapheme cluster).
        var folded: [UInt8] = []
        var owner: [Int] = []
        for (index, character) in characters.enumerated() {
            // ASCII folds to its lowercase byte; only other characters go through `TextFold`.
            if let ascii = character.asciiValue, character.unicodeScalars.count == 1 {
                folded.append(ascii >= 0x41 && ascii <= 0x5A ? ascii | 0x20 : ascii)
                owner.append(index)
                continue
            }
            let bytes = TextFold.fold(Array(String(character).utf8)[...], ignoreAccents: ignoreAccents)
            folded += bytes
            owner += Array(repeating: index, count: bytes.count)
        }
        var found: [(range: Range<Int>, needle: Int)] = []
        for (number, needle) in needles.enumerated() where !needle.isEmpty {
            var at = 0
            while at + needle.count <= folded.count {
                if folded[at] == needle[0], folded[at..<(at + needle.count)].elementsEqual(needle) {
                    found.append((owner[at]..<(owner[at + needle.count - 1] + 1), number))
                    at += needle.count
                } else {
                    at += 1
                }
            }
        }
        found.sort { a, b in
            a.range.lowerBound != b.range.lowerBound ? a.range.lowerBound < b.range.lowerBound : a.range.upperBound > b.range.upperBound
        }
        let ranges = found.map(\.range)
        // Overlaps (one needle inside another's occurrence) merge into one mark.
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        // Cut around the first occurrence, then trim the whitespace at both ends.
        let context = max(0, context)
        var lower = max(0, (merged.first?.lowerBound ?? 0) - context)
        var upper = min(characters.count, (merged.first?.upperBound ?? 0) + context)
        while lower < upper, characters[lower].isWhitespace { lower += 1 }
        while upper > lower, characters[upper - 1].isWhitespace { upper -= 1 }
        let kept = characters[lower..<upper]
        // Character ranges to scalar offsets within the kept text.
        var scalarOffset: [Int] = [0]
        for character in kept { scalarOffset.append(scalarOffset.last! + character.unicodeScalars.count) }
        let matches = merged.compactMap { range -> Range<Int>? in
            guard range.lowerBound >= lower, range.upperBound <= upper else { return nil }
            return scalarOffset[range.lowerBound - lower]..<scalarOffset[range.upperBound - lower]
        }
        return MatchPassage(line: line, text: String(kept), matches: matches, term: found.first?.needle ?? 0)
    }

    /// The text with each match wrapped in `open` and `close` (`<mark>`, a terminal's bold); the
    /// pieces between are passed through `escape` (HTML escaping, control characters made safe).
    public func marked(open: String, close: String, escape: (String) -> String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var at = 0
        func piece(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return escape(String(view))
        }
        for match in matches where match.lowerBound >= at && match.upperBound <= scalars.count {
            result += piece(at..<match.lowerBound) + open + piece(match) + close
            at = match.upperBound
        }
        return result + piece(at..<scalars.count)
    }
}
