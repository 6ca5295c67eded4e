import Foundation

/// A small TF-IDF over the vault's titles and tags: which folders and tags a new note's text resembles.
///
/// Words are lowercased runs of letters and digits of at least two characters, minus a few English
/// stop words; a note's words are its title's words, its tags (whole, and their `/` parts).
/// A note's score is the share of the text's `idf` mass (`idf = ln(1 + N / df)`) found in the note,
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
        let query = words(String(decoding: Array(text.utf8.prefix(4096)), as: UTF8.self))
        guard !query.isEmpty else { return Result(folders: [], tags: []) }
        // One pass: each note's words, kept only for notes sharing a word with the query.
        var documentFrequency: [String: Int] = [:]
        var matches: [(note: Int, shared: [String], length: Int)] = []
        for (position, note) in index.notes.enumerated() {
            var noteWords = words(note.title)
            for tag in note.tags {
                let lower = tag.lowercased()
                noteWords.insert(lower)
                for part in lower.split(separator: "/") { noteWords.formUnion(words(String(part))) }
            }
            let shared = noteWords.intersection(query)
            guard !shared.isEmpty else { continue }
            for word in shared { documentFrequency[word, default: 0] += 1 }
            matches.append((position, Array(shared), max(1, noteWords.count)))
        }
        let total = Double(max(1, index.notes.count))
        var byFolder: [String: [(score: Double, title: String)]] = [:]
        var byTag: [String: [(score: Double, title: String)]] = [:]
        func idf(_ word: String) -> Double { log(1 + total / Double(max(1, documentFrequency[word] ?? 0))) }
        // Words no note has get df 0 and the largest idf: text that is new to the vault lowers every score.
        let mass = max(query.reduce(0.0) { $0 + idf($1) }, 1e-9)
        for match in matches {
            let coverage = match.shared.reduce(0.0) { $0 + idf($1) } / mass
            let score = coverage * (Double(match.shared.count) / Double(match.length)).squareRoot()
            let note = index.notes[match.note]
            byFolder[note.folder, default: []].append((score, note.title))
            for tag in note.tags { byTag[tag, default: []].append((score, note.title)) }
        }
        func ranked(_ groups: [String: [(score: Double, title: String)]], limit: Int) -> [Ranked] {
            groups.map { name, notes in
                let sorted = notes.sorted { $0.score != $1.score ? $0.score > $1.score : $0.title < $1.title }
                let score = zip(sorted.prefix(3), [1.0, 0.5, 0.25]).reduce(0.0) { $0 + $1.0.score * $1.1 }
                return Ranked(folder: name, score: score, notes: notes.count, examples: sorted.prefix(3).map(\.title))
            }
            .sorted {
                if $0.score != $1.score { return $0.score > $1.score }
                if $0.notes != $1.notes { return $0.notes > $1.notes }
                return $0.folder < $1.folder
            }
            .prefix(limit).map { $0 }
        }
        // A tag on most notes says little: tags are weighed by their own idf.
        var tags = ranked(byTag, limit: Int.max)
        for position in tags.indices {
            let count = Double(index.notesByTag[TagKey(tags[position].folder)]?.count ?? 1)
            tags[position].score *= log(1 + total / max(1, count)) / log(1 + total)
        }
        tags.sort { $0.score != $1.score ? $0.score > $1.score : $0.folder < $1.folder }
        return Result(folders: ranked(byFolder, limit: limit), tags: Array(tags.prefix(limit)))
    }
}
