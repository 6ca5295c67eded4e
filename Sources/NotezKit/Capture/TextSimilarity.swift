import Foundation

/// A small TF-IDF over the vault's titles and tags: which folders and tags a new note's text resembles.
///
/// Words are lowercased runs of letters and digits of at least two characters, minus a few English
/// stop words; a note's words are its title's and its tags' words (`project/alpha` has `project`
/// and `alpha`), counted with repeats.
/// A note's score is the share of the text's `idf` mass (`idf = ln(1 + N / df)`, over the words
/// some note has) found in the note,
/// times the square root of the share of the note's words that match (so a long title does not win
/// by length alone): 1 for a note whose words are exactly the text's. A folder's score (notes directly
/// in it) and a tag's score is its best note's plus half the second's plus a quarter of the third's;
/// a tag's score is then weighed by the tag's own idf, since a tag on most notes says little.
/// Ties break by more matching notes, then by name.
public enum TextSimilarity {
    /// A folder or tag and its score.
    public struct Ranked: Sendable, Equatable {
        /// The folder path or the tag's display name.
        public var folder: String
        /// The score (higher is more similar).
        public var score: Double
        /// How many notes matched.
        public var notes: Int
        /// Titles of the best matching notes, best first.
        public var examples: [String]
    }

    /// Ranked folders and tags.
    public struct Result: Sendable, Equatable {
        /// Folders, best first.
        public var folders: [Ranked]
        /// Tags (in `folder`), best first.
        public var tags: [Ranked]
    }

    static let stopWords: Set<String> = [
        "the", "and", "for", "with", "from", "this", "that", "are", "was", "but", "not", "you", "your", "our", "its", "into",
        "of", "to", "in", "on", "at", "an", "is", "it", "be", "or", "as", "by", "we", "my", "me", "do", "so", "if", "no",
    ]

    /// The words of a text.
    public static func words(_ text: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if current.count >= 2, !stopWords.contains(current) { result.insert(current) }
                current = ""
            }
        }
        if current.count >= 2, !stopWords.contains(current) { result.insert(current) }
        return result
    }

    /// Ranks the index's folders and tags by similarity to `text` (the first 4 KiB are used).
    public static func rank(_ text: String, index: VaultIndex, limit: Int = 5) -> Result {
        rank(text, total: index.notes.count, limit: limit, tagNotes: { index.notesByTag[TagKey($0)]?.count ?? 1 }) { _, visit in
            for note in index.notes { visit(note.folder, note.title, note.tags) }
        }
    }

    /// Ranks folders only (no tags) by similarity to `text`, from a vault's `TitleTable` instead of
    /// its index: the same scores as `rank(_:index:)` over the notes the table holds.
    static func rankFolders(_ text: String, table: TitleTable, limit: Int = 5) -> Result {
        rank(text, total: table.count, limit: limit, tagNotes: nil) { query, visit in
            table.candidates(containing: query, visit)
        }
    }

    /// The ranking over notes given by `notes(queryWords, visit)`, which calls `visit(folder, title, tags)`
    /// for every note that may share a word with the text (at least those that do). Tags are ranked
    /// only with `tagNotes` (how many notes of the vault have a tag).
    static func rank(
        _ text: String, total count: Int, limit: Int, tagNotes: ((String) -> Int)?,
        notes: ([[UInt8]], (String, String, [String]) -> Void) -> Void
    ) -> Result {
        let query = words(String(decoding: Array(text.utf8.prefix(4096)), as: UTF8.self))
        guard !query.isEmpty else { return Result(folders: [], tags: []) }
        // One pass over titles and tags, with a byte-level tokenizer for ASCII text (most titles; no
        // allocation per word) and `words` for the rest; only notes sharing a word are kept.
        let queryList = Array(query)
        var queryIndex: [[UInt8]: Int] = [:]
        for (position, word) in queryList.enumerated() { queryIndex[Array(word.utf8)] = position }
        var documentFrequency = [Int](repeating: 0, count: queryList.count)
        var matches: [(folder: String, title: String, tags: [String], shared: [Int], length: Int)] = []
        var scanner = WordScanner(query: queryIndex)
        notes(queryList.map { Array($0.utf8) }) { folder, title, tags in
            scanner.reset()
            scanner.scan(title)
            for tag in tags { scanner.scan(tag) }
            guard !scanner.shared.isEmpty else { return }
            for word in scanner.shared { documentFrequency[word] += 1 }
            matches.append((folder, title, tags, scanner.shared, max(1, scanner.length)))
        }
        let total = Double(max(1, count))
        var byFolder: [String: Best] = [:]
        var byTag: [String: Best] = [:]
        func idf(_ word: Int) -> Double { log(1 + total / Double(max(1, documentFrequency[word]))) }
        // Words no note has say nothing about where the note belongs: only shared words count.
        let mass = max(queryList.indices.filter { documentFrequency[$0] > 0 }.reduce(0.0) { $0 + idf($1) }, 1e-9)
        for match in matches {
            let coverage = match.shared.reduce(0.0) { $0 + idf($1) } / mass
            let score = coverage * (Double(match.shared.count) / Double(match.length)).squareRoot()
            byFolder[match.folder, default: Best()].add(score, match.title)
            if tagNotes != nil {
                for tag in match.tags { byTag[tag, default: Best()].add(score, match.title) }
            }
        }
        func ranked(_ groups: [String: Best], limit: Int) -> [Ranked] {
            groups.map { name, best in
                Ranked(
                    folder: name, score: zip(best.top, [1.0, 0.5, 0.25]).reduce(0.0) { $0 + $1.0.score * $1.1 }, notes: best.count,
                    examples: best.top.map(\.title))
            }
            .sorted {
                if $0.score != $1.score { return $0.score > $1.score }
                if $0.notes != $1.notes { return $0.notes > $1.notes }
                return $0.folder < $1.folder
            }
            .prefix(limit).map { $0 }
        }
        // A tag on most notes says little: tags are weighed by their own idf.
        var tags = tagNotes == nil ? [] : ranked(byTag, limit: Int.max)
        for position in tags.indices {
            let count = Double(tagNotes?(tags[position].folder) ?? 1)
            tags[position].score *= log(1 + total / max(1, count)) / log(1 + total)
        }
        tags.sort { $0.score != $1.score ? $0.score > $1.score : $0.folder < $1.folder }
        return Result(folders: ranked(byFolder, limit: limit), tags: Array(tags.prefix(limit)))
    }

    /// The three best notes of a folder or tag, and how many matched.
    struct Best {
        var top: [(score: Double, title: String)] = []
        var count = 0

        mutating func add(_ score: Double, _ title: String) {
            count += 1
            if top.count == 3, let last = top.last, last.score > score || (last.score == score && last.title <= title) { return }
            top.append((score, title))
            top.sort { $0.score != $1.score ? $0.score > $1.score : $0.title < $1.title }
            if top.count > 3 { top.removeLast() }
        }
    }

    /// Finds the query's words in a note's texts: which were shared, and how many words there were.
    struct WordScanner {
        let query: [[UInt8]: Int]
        var shared: [Int] = []
        var length = 0
        var buffer: [UInt8] = []
        static let stopBytes: Set<[UInt8]> = Set(stopWords.map { Array($0.utf8) })

        init(query: [[UInt8]: Int]) {
            self.query = query
            buffer.reserveCapacity(64)
        }

        mutating func reset() {
            shared.removeAll(keepingCapacity: true)
            length = 0
        }

        mutating func scan(_ text: String) {
            let handled = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
                for byte in bytes {
                    switch byte {
                    case 0x30...0x39, 0x61...0x7A: buffer.append(byte)
                    case 0x41...0x5A: buffer.append(byte | 0x20)
                    default: flush()
                    }
                }
                flush()
                return true
            }
            if handled == true { return }
            // Non-ASCII text (or non-contiguous storage): the general tokenizer.
            for word in TextSimilarity.words(text) {
                length += 1
                if let position = query[Array(word.utf8)], !shared.contains(position) { shared.append(position) }
            }
        }

        mutating func flush() {
            defer { buffer.removeAll(keepingCapacity: true) }
            guard buffer.count >= 2, !WordScanner.stopBytes.contains(buffer) else { return }
            length += 1
            if let position = query[buffer], !shared.contains(position) { shared.append(position) }
        }
    }
}
