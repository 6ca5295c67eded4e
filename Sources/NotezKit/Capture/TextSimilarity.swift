import Foundation

/// A small TF-IDF over the vault's titles and tags: which folders and tags a new note's text resembles.
///
/// Words are lowercased runs of letters and digits of at least two characters, minus a few English
/// stop words; a note's words are its title's words, its tags (whole, and their `/` parts).
/// A note's score is the sum of `idf` of the words it shares with the text, divided by the square
/// root of its word count (so long titles do not win by length); `idf = ln(1 + N / df)`.
/// A folder's score is the sum of its three best notes (notes directly in it); a tag's score the sum of its
/// three best notes. Ties break by more matching notes, then by name.
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
        for match in matches {
            let score = match.shared.reduce(0.0) { $0 + log(1 + total / Double(documentFrequency[$1] ?? 1)) } / Double(match.length).squareRoot()
            let note = index.notes[match.note]
            byFolder[note.folder, default: []].append((score, note.title))
            for tag in note.tags { byTag[tag, default: []].append((score, note.title)) }
        }
        // A score relative to the best possible (every query word, in a one-word note), so thresholds mean the same in any vault.
        let best = query.reduce(0.0) { $0 + log(1 + total / Double(documentFrequency[$1] ?? 1)) }
        func ranked(_ groups: [String: [(score: Double, title: String)]]) -> [Ranked] {
            groups.map { name, notes in
                let sorted = notes.sorted { $0.score != $1.score ? $0.score > $1.score : $0.title < $1.title }
                let score = sorted.prefix(3).reduce(0.0) { $0 + $1.score } / max(best, 1e-9)
                return Ranked(folder: name, score: score, notes: notes.count, examples: sorted.prefix(3).map(\.title))
            }
            .sorted {
                if $0.score != $1.score { return $0.score > $1.score }
                if $0.notes != $1.notes { return $0.notes > $1.notes }
                return $0.folder < $1.folder
            }
            .prefix(limit).map { $0 }
        }
        return Result(folders: ranked(byFolder), tags: ranked(byTag))
    }
}
