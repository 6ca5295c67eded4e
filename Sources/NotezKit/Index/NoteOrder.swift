/// A list order of `--sort`: a key and a direction, written `modified`, `-modified`, `+title`,
/// `title-` or `title+` (a sign before or after the key; `-` is descending, `+` ascending).
///
/// Without a sign each key keeps its natural direction: titles and paths A to Z, dates newest
/// first, sizes largest first (so `modified`, `created` and `title` mean what `NoteSortKey` meant),
/// word counts smallest first (as zk's `word-count`). Ties are broken by path, A to Z, whatever the direction, so an order is the same on every run.
public struct NoteOrder: Sendable, Equatable {
    /// What the notes are ordered by.
    public enum Key: String, Sendable, CaseIterable {
        case title, path, created, modified, size, random
        case wordCount = "word-count"
        /// A search's BM25F score, best first (`Ranker`); a list without words keeps its order.
        case relevance
    }

    /// The key.
    public var key: Key
    /// Whether the largest (newest, last in the alphabet) comes first.
    public var descending: Bool

    /// An order by `key`, in its natural direction unless `descending` is given.
    public init(_ key: Key, descending: Bool? = nil) {
        self.key = key
        self.descending = descending ?? NoteOrder.naturallyDescending(key)
    }

    /// Reads `key`, `+key`, `-key`, `key+` or `key-`; nil for anything else (two signs, an unknown key).
    public init?(parsing text: String) {
        var name = Substring(text)
        var sign: Character?
        if let first = name.first, first == "+" || first == "-" {
            sign = first
            name = name.dropFirst()
        } else if let last = name.last, last == "+" || last == "-" {
            sign = last
            name = name.dropLast()
        }
        guard let key = Key(rawValue: name.lowercased()) else { return nil }
        // A random order has no direction: a sign on it is a mistake worth reporting.
        if key == .random && sign != nil { return nil }
        self.init(key, descending: sign.map { $0 == "-" })
    }

    /// The values `--sort` accepts, for help and completion.
    public static var names: [String] { Key.allCases.map(\.rawValue) }

    /// Dates and sizes are read largest first; names A to Z.
    static func naturallyDescending(_ key: Key) -> Bool {
        key == .created || key == .modified || key == .size || key == .relevance
    }

    /// `notes` in this order; `random` shuffles with the system's generator. `word-count` reads
    /// each note from `root` (`WordCount`); without a root every count is 0 (an order by path).
    public func sorted(_ notes: [Note], root: String? = nil) -> [Note] {
        switch key {
        case .random:
            return notes.shuffled()
        case .relevance:
            // Scores belong to a search (`SearchResult.ranking`); a plain list has none.
            return descending ? notes : notes.reversed()
        case .title:
            // One lower-cased key per note, not one per comparison.
            let keyed = notes.map { (Ordering.sortKey($0.title), $0) }
            return keyed.sorted { a, b in
                a.0 != b.0 ? (descending ? a.0 > b.0 : a.0 < b.0) : a.1.path < b.1.path
            }.map(\.1)
        case .path:
            return notes.sorted { descending ? $0.path > $1.path : $0.path < $1.path }
        case .created:
            return sorted(notes) { $0.created }
        case .modified:
            return sorted(notes) { $0.modified }
        case .size:
            return sorted(notes) { Double($0.stamp.size) }
        case .wordCount:
            let counts = root.map { WordCount.counts(of: notes, root: $0) } ?? Array(repeating: 0, count: notes.count)
            return zip(notes, counts).sorted { a, b in
                a.1 != b.1 ? (descending ? a.1 > b.1 : a.1 < b.1) : a.0.path < b.0.path
            }.map(\.0)
        }
    }

    private func sorted(_ notes: [Note], by value: (Note) -> Double) -> [Note] {
        notes.sorted { a, b in
            let (x, y) = (value(a), value(b))
            return x != y ? (descending ? x > y : x < y) : a.path < b.path
        }
    }
}
