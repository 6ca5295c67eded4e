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

    static var stopWords: Set<String> { TitleWords.stopWords }

    /// The words of a text.
    public static func words(_ text: String) -> Set<String> { TitleWords.words(text) }

    /// Ranks the index's folders and tags by similarity to `text` (the first 4 KiB are used).
    public static func rank(_ text: String, index: VaultIndex, limit: Int = 5) -> Result {
        rank(text, total: index.notes.count, limit: limit, tagNotes: { index.notesByTag[TagKey($0)]?.count ?? 1 }) { visit in
            for note in index.notes { visit(note.folder, note.title, note.tags) }
        }
    }

    /// Ranks folders only (no tags) by similarity to `text`, from a vault's `TitleTable` (and the
    /// captures added since) instead of its index: the same scores as `rank(_:index:)` over the
    /// notes the table holds. Only the postings of the text's words and the notes they name are read.
    static func rankFolders(_ text: String, table: TitleTable, added: TitleAdditions = TitleAdditions(bytes: []), limit: Int = 5)
        -> Result
    {
        let query = Query(text)
        guard !query.words.isEmpty else { return Result(folders: [], tags: []) }
        var documentFrequency = [Int](repeating: 0, count: query.words.count)
        // (note number << 16 | word position) of every posting, so sorting groups them by note.
        var pairs: [Int] = []
        for (position, word) in query.bytes.enumerated() where position < 1 << 16 {
            let notes = table.notes(having: word)
            documentFrequency[position] += notes.count
            for note in notes { pairs.append(note << 16 | position) }
        }
        pairs.sort()
        var matches: [Match] = []
        var folders: [Int: String] = [:]
        var start = 0
        while start < pairs.count {
            let note = pairs[start] >> 16
            var end = start
            var shared: [Int] = []
            while end < pairs.count, pairs[end] >> 16 == note {
                shared.append(pairs[end] & 0xFFFF)
                end += 1
            }
            start = end
            guard let number = table.folderNumber(note), let folder = folders[number] ?? table.folder(number) else { continue }
            folders[number] = folder
            matches.append(Match(folder: folder, title: table.title(note), tags: [], shared: shared, length: max(1, table.wordLength(note))))
        }
        var scanner = WordScanner(query: query.index)
        for entry in added.entries {
            guard let match = scanner.match(folder: entry.folder, title: entry.title, tags: entry.tags) else { continue }
            for word in match.shared { documentFrequency[word] += 1 }
            matches.append(match)
        }
        return score(
            matches, query: query, documentFrequency: documentFrequency, total: table.count + added.entries.count, limit: limit,
            tagNotes: nil)
    }

    /// The text's words (from its first 4 KiB), in a fixed order, with their bytes and positions.
    struct Query {
        var words: [String]
        var bytes: [[UInt8]]
        var index: [[UInt8]: Int] = [:]

        init(_ text: String) {
            words = Array(TextSimilarity.words(String(decoding: Array(text.utf8.prefix(4096)), as: UTF8.self)))
            bytes = words.map { Array($0.utf8) }
            for (position, word) in bytes.enumerated() { index[word] = position }
        }
    }

    /// A note that shares words with the text: their positions in the query, and its word count.
    struct Match {
        var folder: String
        var title: String
        var tags: [String]
        var shared: [Int]
        var length: Int
    }

    /// Each note's score against `text` (the same per-note score the folder ranking sums), for
    /// the notes of `notes` that share a word with it; `skip` is left out (the note asking).
    public static func noteScores(_ text: String, notes: any NoteCollection, skip: Int? = nil) -> [Int: Double] {
        let query = Query(text)
        guard !query.words.isEmpty else { return [:] }
        var documentFrequency = [Int](repeating: 0, count: query.words.count)
        var matches: [(position: Int, match: Match)] = []
        var scanner = WordScanner(query: query.index)
        for position in 0..<notes.noteCount {
            let note = notes.note(atPosition: position)
            guard let match = scanner.match(folder: note.folder, title: note.title, tags: note.tags) else { continue }
            for word in match.shared { documentFrequency[word] += 1 }
            if position != skip { matches.append((position, match)) }
        }
        let total = Double(max(1, notes.noteCount))
        func idf(_ word: Int) -> Double { log(1 + total / Double(max(1, documentFrequency[word]))) }
        let mass = max(query.words.indices.filter { documentFrequency[$0] > 0 }.reduce(0.0) { $0 + idf($1) }, 1e-9)
        var scores: [Int: Double] = [:]
        for (position, match) in matches { scores[position] = noteScore(match, idf: idf, mass: mass) }
        return scores
    }

    /// The ranking over notes given by `notes(visit)`, which calls `visit(folder, title, tags)` for
    /// every note. Tags are ranked only with `tagNotes` (how many notes of the vault have a tag).
    static func rank(
        _ text: String, total count: Int, limit: Int, tagNotes: ((String) -> Int)?,
        notes: ((String, String, [String]) -> Void) -> Void
    ) -> Result {
        let query = Query(text)
        guard !query.words.isEmpty else { return Result(folders: [], tags: []) }
        var documentFrequency = [Int](repeating: 0, count: query.words.count)
        var matches: [Match] = []
        var scanner = WordScanner(query: query.index)
        notes { folder, title, tags in
            guard let match = scanner.match(folder: folder, title: title, tags: tags) else { return }
            for word in match.shared { documentFrequency[word] += 1 }
            matches.append(match)
        }
        return score(matches, query: query, documentFrequency: documentFrequency, total: count, limit: limit, tagNotes: tagNotes)
    }

    /// Scores the matching notes and ranks their folders (and tags, with `tagNotes`).
    static func score(
        _ matches: [Match], query: Query, documentFrequency: [Int], total count: Int, limit: Int, tagNotes: ((String) -> Int)?
    ) -> Result {
        let total = Double(max(1, count))
        var byFolder: [String: Best] = [:]
        var byTag: [String: Best] = [:]
        func idf(_ word: Int) -> Double { log(1 + total / Double(max(1, documentFrequency[word]))) }
        // Words no note has say nothing about where the note belongs: only shared words count.
        let mass = max(query.words.indices.filter { documentFrequency[$0] > 0 }.reduce(0.0) { $0 + idf($1) }, 1e-9)
        for match in matches {
            let score = noteScore(match, idf: idf, mass: mass)
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

    /// One note's score: the share of the text's idf mass it has, times the square root of the share
    /// of its words that match.
    static func noteScore(_ match: Match, idf: (Int) -> Double, mass: Double) -> Double {
        // Summed in query order, so every way of finding the matches gives the same bits.
        let coverage = match.shared.sorted().reduce(0.0) { $0 + idf($1) } / mass
        return coverage * (Double(match.shared.count) / Double(match.length)).squareRoot()
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
        var buffer: [UInt8] = []

        init(query: [[UInt8]: Int]) {
            self.query = query
            buffer.reserveCapacity(64)
        }

        /// The note as a match, nil when it shares no word with the query.
        mutating func match(folder: String, title: String, tags: [String]) -> Match? {
            var shared: [Int] = []
            var length = 0
            let query = query
            for text in CollectionOfOne(title) + tags {
                TitleWords.forEachWord(text, buffer: &buffer) { word in
                    length += 1
                    if let position = query[word], !shared.contains(position) { shared.append(position) }
                }
            }
            guard !shared.isEmpty else { return nil }
            return Match(folder: folder, title: title, tags: tags, shared: shared, length: max(1, length))
        }
    }
}
