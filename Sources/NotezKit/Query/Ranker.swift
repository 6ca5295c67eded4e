import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// BM25F scores for the notes a full-text query matched (docs/query.md, "Ranking").
///
/// Terms are the query's words and phrases outside NOT, matched as the search matches them
/// (substrings of folded text). Each note's term frequency is summed over weighted fields: title
/// and file name, headings, tags, front matter values, body. Document frequencies come from the
/// whole collection (not only the results), lengths from file sizes, so nothing beyond what every
/// index already keeps is needed and a warm and a cold search score alike.
struct Ranker: Sendable {
    let notes: any NoteCollection
    /// Folded terms, and for two or more, the phrase of them all joined by spaces (a bonus term).
    let needles: [[UInt8]]
    /// Inverse document frequency of each needle.
    let idf: [Double]
    /// How many of `needles` are the query's terms (the rest is the bonus phrase).
    let termCount: Int
    let averageLength: Double
    let ignoreAccents: Bool
    /// Field counts already known, by position (see `init`).
    let counts: [Int: [Double]]

    static let k1 = 1.2
    static let b = 0.75
    static let nameWeight = 3.0
    static let headingWeight = 2.0
    static let tagWeight = 2.0
    static let propertyWeight = 1.0
    static let bodyWeight = 1.0
    /// The weight of a title the terms cover whole (a share of it counts that share).
    static let coverageWeight = 1.0
    /// Notes whose sizes give the average size.
    static let sampleSize = 4096
    /// An occurrence inside a word (`cat` in `concatenate`) counts this much of one at a word start.
    static let insideWordWeight = 0.5

    /// A ranker for `terms` (as `MatchSnippets.terms`), with `documentFrequencies[i]` the number of
    /// notes in `notes` whose title or body contains `terms[i]`.
    /// `counts`: the field counts (`fieldCounts`) of notes whose bodies the search already read,
    /// by position, so that a result's body is read once; any other result is read here.
    /// `averageLength`: `Ranker.averageLength(of: notes)` when the caller kept it for these notes.
    init(
        notes: any NoteCollection, terms: [String], documentFrequencies: [Int], ignoreAccents: Bool,
        counts: [Int: [Double]] = [:], averageLength: Double? = nil
    ) {
        self.notes = notes
        self.ignoreAccents = ignoreAccents
        self.counts = counts
        let count = Double(notes.noteCount)
        var idf = documentFrequencies.map { frequency in
            let df = Double(frequency)
            return log(1 + (count - df + 0.5) / (df + 0.5))
        }
        if terms.count > 1 {
            // The words next to each other, as typed: a phrase hit outranks scattered words. Its
            // frequency is not counted over the vault (another pass); it weighs as its rarest word.
            idf.append(idf.max() ?? 0)
        }
        self.needles = Ranker.needles(terms, ignoreAccents: ignoreAccents)
        self.idf = idf
        termCount = terms.count
        self.averageLength = averageLength ?? Ranker.averageLength(of: notes)
    }

    /// The average note size, from at most `sampleSize` evenly spaced notes: reading every note's
    /// size from the mapped cache costs more than ranking a thousand results.
    static func averageLength(of notes: any NoteCollection) -> Double {
        let step = max(1, notes.noteCount / Ranker.sampleSize)
        var total = 0.0
        var sampled = 0
        for position in stride(from: 0, to: notes.noteCount, by: step) {
            total += Double(notes.fileSize(at: position))
            sampled += 1
        }
        return max(1, total / Double(max(1, sampled)))
    }

    /// The folded needles for `terms`: the terms, then for two or more the phrase of them all.
    static func needles(_ terms: [String], ignoreAccents: Bool) -> [[UInt8]] {
        var needles = terms.map { TextFold.fold(Array($0.utf8)[...], ignoreAccents: ignoreAccents) }
        if terms.count > 1 {
            needles.append(TextFold.fold(Array(terms.joined(separator: " ").utf8)[...], ignoreAccents: ignoreAccents))
        }
        return needles
    }

    /// `positions` best first; equal scores keep list order (pinned first, newest modified, path).
    func rank(_ positions: [Int]) -> [RankedResult] {
        let ordered = notes.listOrder(positions, limit: nil)
        let scores = Parallel.map(ordered.count, minimumChunk: 8) { self.score(ordered[$0]) }
        let indexes = ordered.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        return indexes.map { RankedResult(position: ordered[$0], score: scores[$0]) }
    }

    /// One note's score: the sum over needles of idf × tf / (k1 + tf), tf weighted by field.
    func score(_ position: Int) -> Double {
        let note = notes.note(atPosition: position)
        let title = TextFold.fold(Array(note.title.utf8)[...], ignoreAccents: ignoreAccents)
        let fileName = TextFold.fold(Ranker.stemBytes(note.path), ignoreAccents: ignoreAccents)
        let tags = note.tags.map { TextFold.fold(Array($0.utf8)[...], ignoreAccents: ignoreAccents) }
        let fields = counts[position] ?? readCounts(position)
        let length = Double(notes.fileSize(at: position))
        let norm = 1 - Ranker.b + Ranker.b * length / averageLength
        var total = 0.0
        // A title (or file name) made of the words is the note about them ("Linux" for `linux`,
        // over "Linux Test Project"): the share of it the terms cover, times their idf.
        var covered = (title: 0, name: 0)
        var termsIDF = 0.0
        for (number, needle) in needles.prefix(termCount).enumerated() where !needle.isEmpty {
            termsIDF += idf[number]
            if FullTextMatcher.contains(title, needle) { covered.title += needle.count }
            if FullTextMatcher.contains(fileName, needle) { covered.name += needle.count }
        }
        let coverage = max(
            title.isEmpty ? 0 : min(1, Double(covered.title) / Double(title.count)),
            fileName.isEmpty ? 0 : min(1, Double(covered.name) / Double(fileName.count)))
        total += Ranker.coverageWeight * coverage * termsIDF
        for (number, needle) in needles.enumerated() where !needle.isEmpty {
            let name = max(Ranker.occurrences(of: needle, in: title[...]), Ranker.occurrences(of: needle, in: fileName[...]))
            let tagCount = tags.reduce(0.0) { $0 + Ranker.occurrences(of: needle, in: $1[...]) }
            let (bodyCount, headingCount, propertyCount) = (fields[3 * number], fields[3 * number + 1], fields[3 * number + 2])
            let tf =
                Ranker.nameWeight * name + Ranker.tagWeight * tagCount
                + (Ranker.headingWeight * headingCount + Ranker.bodyWeight * bodyCount + Ranker.propertyWeight * propertyCount) / norm
            if tf > 0 { total += idf[number] * tf / (Ranker.k1 + tf) }
        }
        // Rounded so a score prints the same on every platform and warm or cold.
        return (total * 10_000).rounded() / 10_000
    }

    /// The folded values of the front matter (the text after each `key:`, and list items) and the
    /// folded body; empty for unreadable or oversized notes (full text skipped their bodies too).
    /// A field's text as an ASCII needle needs it (the raw bytes, compared with A-Z read as a-z)
    /// and, made only when a needle needs it, fully folded.
    struct Field {
        let raw: ArraySlice<UInt8>
        let ignoreAccents: Bool
        /// Folding cannot make ASCII here, so an ASCII needle's matches are the lowered bytes'.
        let asciiSuffices: Bool
        var folded: [UInt8]?

        init(_ raw: ArraySlice<UInt8>, ignoreAccents: Bool) {
            self.raw = raw
            self.ignoreAccents = ignoreAccents
            asciiSuffices = !ignoreAccents && !TextFold.mayFoldToASCII(raw)
        }

        /// The text to count `needle` in, and whether to compare it with A-Z read as a-z (no
        /// lowered copy is made: it was a third of counting a body).
        mutating func text(for needle: [UInt8]) -> (text: ArraySlice<UInt8>, ignoringASCIICase: Bool) {
            if asciiSuffices, !needle.contains(where: { $0 >= 0x80 }) { return (raw, true) }
            if folded == nil { folded = TextFold.fold(raw, ignoreAccents: ignoreAccents) }
            return (folded![...], false)
        }
    }

    /// The field counts of a note no pass read: its file read now.
    private func readCounts(_ position: Int) -> [Double] {
        var bytes: [UInt8] = []
        if notes.fileSize(at: position) <= Int64(NoteReader.maxNoteSize),
            let contents = try? NoteReader.read(
                notes.root + "/" + notes.path(at: position), limit: NoteReader.maxNoteSize + 1, listedAsRegular: true),
            contents.isComplete, contents.bytes.count <= NoteReader.maxNoteSize
        {
            bytes = contents.bytes
        }
        return Ranker.fieldCounts(bytes, bodyStart: FrontMatterBlock.bodyStart(bytes), needles: needles, ignoreAccents: ignoreAccents)
    }

    /// For each needle, its weighted occurrences in the body, in the body's heading lines and in
    /// the front matter's values: `[body, headings, properties]` per needle, one after the other.
    /// `bytes` is a whole note (empty for unreadable or oversized notes: every count 0), its body
    /// from `bodyStart`. The one place both the search's pass and the ranker count, so a note read
    /// by either scores alike.
    static func fieldCounts(_ bytes: [UInt8], bodyStart: Int, needles: [[UInt8]], ignoreAccents: Bool) -> [Double] {
        let (rawFrontMatter, rawBody) = fields(bytes, bodyStart: bodyStart)
        var frontMatter = Ranker.Field(rawFrontMatter[...], ignoreAccents: ignoreAccents)
        var body = Ranker.Field(rawBody, ignoreAccents: ignoreAccents)
        var counts = [Double](repeating: 0, count: 3 * needles.count)
        for (number, needle) in needles.enumerated() where !needle.isEmpty {
            let inBody = body.text(for: needle)
            let (bodyCount, headingCount) = Ranker.bodyOccurrences(of: needle, in: inBody.text, ignoringASCIICase: inBody.ignoringASCIICase)
            counts[3 * number] = bodyCount
            counts[3 * number + 1] = headingCount
            let inValues = frontMatter.text(for: needle)
            counts[3 * number + 2] = Ranker.occurrences(of: needle, in: inValues.text, ignoringASCIICase: inValues.ignoringASCIICase)
        }
        return counts
    }

    /// The front matter's values (the text after each `key:`, and list items) and the body.
    private static func fields(_ bytes: [UInt8], bodyStart start: Int) -> (frontMatter: [UInt8], body: ArraySlice<UInt8>) {
        var values: [UInt8] = []
        if start > 0 {
            for line in bytes[..<start].split(separator: 0x0A) {
                // `key: value` gives its value; `- item` and continuation lines count whole.
                if let colon = line.firstIndex(of: 0x3A), line.first != 0x20, line.first != 0x2D {
                    values.append(contentsOf: line[(colon + 1)...])
                } else if line.first != 0x2D || line.count > 3 {
                    values.append(contentsOf: line)
                }
                values.append(0x0A)
            }
        }
        return (values, bytes[start...])
    }

    /// The file name without folder and `.md` (in any case), as bytes of the path (once per result).
    static func stemBytes(_ path: String) -> ArraySlice<UInt8> {
        let bytes = Array(path.utf8)
        var start = bytes.count
        while start > 0, bytes[start - 1] != 0x2F { start -= 1 }
        var end = bytes.count
        // `.md` in any case; no other character lowercases to `m` or `d`.
        if end - start >= 3, bytes[end - 3] == 0x2E, bytes[end - 2] | 0x20 == 0x6D, bytes[end - 1] | 0x20 == 0x64 { end -= 3 }
        return bytes[start..<end]
    }

    /// Weighted occurrences of `needle` in the whole body, and in its ATX heading lines (`# …`).
    static func bodyOccurrences(of needle: [UInt8], in body: [UInt8]) -> (body: Double, headings: Double) {
        bodyOccurrences(of: needle, in: body[...], ignoringASCIICase: false)
    }

    /// `bodyOccurrences`; with `ignoringASCIICase` an ASCII `needle` is counted in raw `body` with
    /// A-Z read as a-z (what it counts in the lowered text: lowering changes no word byte into a
    /// non-word byte, no `#`, space or newline).
    static func bodyOccurrences(of needle: [UInt8], in body: ArraySlice<UInt8>, ignoringASCIICase: Bool) -> (body: Double, headings: Double) {
        var headingLines = HeadingLines(body)
        // A needle without a newline never spans lines, so one scan of the whole body finds what
        // a scan of each line finds (a line's start counts as a word start either way); only the
        // lines with an occurrence are tested for being headings.
        if !needle.isEmpty, !needle.contains(0x0A) {
            var total = 0.0
            var headings = 0.0
            // The line of the last occurrence: its end, and whether it is a heading.
            var line = (end: body.startIndex - 1, isHeading: false)
            forEachOccurrence(of: needle, in: body, ignoringASCIICase: ignoringASCIICase) { index, weight in
                if index > line.end {
                    var start = index
                    while start > body.startIndex, body[start - 1] != 0x0A { start -= 1 }
                    var end = index
                    while end < body.endIndex, body[end] != 0x0A { end += 1 }
                    line = (end, headingLines.isHeading(start..<end))
                }
                total += weight
                if line.isHeading { headings += weight }
            }
            return (total, headings)
        }
        var total = 0.0
        var headings = 0.0
        var lineStart = body.startIndex
        while lineStart < body.endIndex {
            var lineEnd = lineStart
            while lineEnd < body.endIndex, body[lineEnd] != 0x0A { lineEnd += 1 }
            let line = body[lineStart..<lineEnd]
            let found = occurrences(of: needle, in: line, ignoringASCIICase: ignoringASCIICase)
            total += found
            if found > 0, headingLines.isHeading(lineStart..<lineEnd) { headings += found }
            lineStart = lineEnd + 1
        }
        return (total, headings)
    }

    /// Which lines of one body are ATX headings: `isHeading`'s shape, outside code (fenced, also
    /// in list items and block quotes), HTML blocks, comments and math, by `MarkdownProse`'s rules,
    /// so `# comment` in a shell fence is not a heading. Asked about lines in ascending order; the
    /// body before a line of that shape is searched for a byte that can open such a block (a
    /// backtick, tilde, `<` or `$`), and its prose is found only when one is there: most lines a
    /// search asks about are not headings, and most bodies open no block before their headings.
    struct HeadingLines {
        let body: ArraySlice<UInt8>
        /// Where the search for an opening byte has reached, and the first one it found.
        var searched: Int
        var opener: Int?
        /// The prose ranges, once needed.
        var prose: [Range<Int>]?

        init(_ body: ArraySlice<UInt8>) {
            self.body = body
            searched = body.startIndex
        }

        /// Whether the line `line` (its bytes, without the newline) of the body is a heading.
        mutating func isHeading(_ line: Range<Int>) -> Bool {
            guard Ranker.isHeading(body[line]) else { return false }
            if opener == nil, searched < line.lowerBound {
                opener = body[searched..<line.lowerBound].firstIndex { $0 == 0x60 || $0 == 0x7E || $0 == 0x3C || $0 == 0x24 }
                searched = line.lowerBound
            }
            guard opener != nil else { return true }
            if prose == nil { prose = MarkdownProse.ranges(in: body) }
            // The `#` opens a prose range when the line is Markdown, not code.
            let hash = body[line].firstIndex(of: 0x23) ?? line.lowerBound
            let ranges = prose!
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound <= hash { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(hash)
        }
    }

    /// `#` to `######` followed by a space, after up to three spaces (the line's shape alone).
    static func isHeading(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        var indent = 0
        while index < line.endIndex, line[index] == 0x20, indent < 3 {
            index += 1
            indent += 1
        }
        var hashes = 0
        while index < line.endIndex, line[index] == 0x23 {
            index += 1
            hashes += 1
        }
        return (1...6).contains(hashes) && (index == line.endIndex || line[index] == 0x20 || line[index] == 0x09)
    }

    /// Non-overlapping occurrences of folded `needle` in folded `text`; one inside a word counts
    /// `insideWordWeight`.
    static func occurrences(of needle: [UInt8], in text: ArraySlice<UInt8>, ignoringASCIICase: Bool = false) -> Double {
        var total = 0.0
        forEachOccurrence(of: needle, in: text, ignoringASCIICase: ignoringASCIICase) { _, weight in total += weight }
        return total
    }

    /// Each non-overlapping occurrence of `needle` in `text`, first to last: its index and weight
    /// (1 at a word start, `insideWordWeight` inside a word). First bytes found with `memchr`;
    /// with `ignoringASCIICase`, `text` is read with A-Z as a-z (`needle` is lowered already).
    static func forEachOccurrence(
        of needle: [UInt8], in text: ArraySlice<UInt8>, ignoringASCIICase: Bool = false, _ body: (Int, Double) -> Void
    ) {
        guard !needle.isEmpty, needle.count <= text.count else { return }
        let startIndex = text.startIndex
        let first = needle[0]
        let firstIsWord = isWordByte(first)
        if ignoringASCIICase {
            text.withUnsafeBufferPointer { hay in
                let base = UnsafeRawPointer(hay.baseAddress!)
                // Both spellings of the first byte are candidates (`other` is `first` when not a
                // letter), each found with `memchr`: the next of either is the next candidate.
                let other = first >= 0x61 && first <= 0x7A ? first & ~0x20 : first
                let last = hay.count - needle.count
                func find(_ byte: UInt8, from: Int) -> Int {
                    guard from <= last, let hit = memchr(base + from, Int32(byte), last - from + 1) else { return Int.max }
                    return base.distance(to: UnsafeRawPointer(hit))
                }
                var (lower, upper) = (find(first, from: 0), other == first ? Int.max : find(other, from: 0))
                var offset = 0
                while true {
                    if lower < offset { lower = find(first, from: offset) }
                    if upper < offset { upper = find(other, from: offset) }
                    let at = min(lower, upper)
                    if at == Int.max { return }
                    var matched = 1
                    while matched < needle.count {
                        let next = hay[at + matched]
                        if (next >= 0x41 && next <= 0x5A ? next | 0x20 : next) != needle[matched] { break }
                        matched += 1
                    }
                    if matched == needle.count {
                        let atWordStart = at == 0 || !isWordByte(hay[at - 1]) || !firstIsWord
                        body(startIndex + at, atWordStart ? 1 : insideWordWeight)
                        offset = at + needle.count
                    } else {
                        offset = at + 1
                    }
                }
            }
            return
        }
        text.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let base = UnsafeRawPointer(hay.baseAddress!)
                let last = hay.count - pin.count
                var offset = 0
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return }
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, pin.baseAddress!, pin.count) == 0 {
                        let atWordStart = at == 0 || !isWordByte(hay[at - 1]) || !firstIsWord
                        body(startIndex + at, atWordStart ? 1 : insideWordWeight)
                        offset = at + pin.count
                    } else {
                        offset = at + 1
                    }
                }
            }
        }
    }

    /// `occurrences`, byte by byte (tests compare the two).
    static func occurrencesByBytes(of needle: [UInt8], in text: ArraySlice<UInt8>) -> Double {
        guard !needle.isEmpty, needle.count <= text.count else { return 0 }
        var total = 0.0
        var index = text.startIndex
        let last = text.endIndex - needle.count
        let first = needle[0]
        while index <= last {
            if text[index] == first, text[index..<(index + needle.count)].elementsEqual(needle) {
                let atWordStart = index == text.startIndex || !isWordByte(text[index - 1]) || !isWordByte(first)
                total += atWordStart ? 1 : insideWordWeight
                index += needle.count
            } else {
                index += 1
            }
        }
        return total
    }

    /// ASCII letters and digits, and every byte of a non-ASCII character (letters in most scripts).
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A)
    }
}
