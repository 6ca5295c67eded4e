/// The notes related to one note (`notez related`), each with the reasons it is related:
///
/// - links in common: both link to the same note (1 point each);
/// - co-citation: the same note links to both (1 point each);
/// - a direct link either way (1 point);
/// - tags in common (0.5 point each; a tag counts its children, as `tag:` does);
/// - text similarity of the note's title, aliases and tags with the other's title and tags
///   (`TextSimilarity`, 0 to 1, times 2).
///
/// Nothing is read from note bodies beyond the index's links. Ties break by path.
public enum RelatedNotes {
    /// One related note and why.
    public struct Item: Sendable, Equatable {
        /// Its position in the collection.
        public var position: Int
        /// The sum of the points above.
        public var score: Double
        /// Notes both link to (positions, ascending).
        public var sharedLinks: [Int]
        /// Notes that link to both (positions, ascending).
        public var coCitedBy: [Int]
        /// Whether one links to the other.
        public var linked: Bool
        /// Tags both have (the asking note's spelling).
        public var sharedTags: [String]
        /// The `TextSimilarity` score, 0 to 1.
        public var textScore: Double
    }

    /// How many related notes are given unless a limit is asked for.
    public static let defaultLimit = 20

    /// The notes related to the note at `position`, best first, at most `limit`.
    public static func find(_ position: Int, in notes: any NoteCollection, graph: NoteGraph, limit: Int = defaultLimit) -> [Item] {
        var items: [Int: Item] = [:]
        func item(_ other: Int) -> Item {
            items[other] ?? Item(position: other, score: 0, sharedLinks: [], coCitedBy: [], linked: false, sharedTags: [], textScore: 0)
        }
        let targets = Set(graph.targets(of: position).map(Int.init)).subtracting([position])
        let sources = Set(graph.sources(of: position).map(Int.init)).subtracting([position])
        for other in targets.union(sources) {
            var found = item(other)
            found.linked = true
            items[other] = found
        }
        for target in targets.sorted() {
            for other in graph.sources(of: target).map(Int.init) where other != position && other != target {
                var found = item(other)
                found.sharedLinks.append(target)
                items[other] = found
            }
        }
        for source in sources.sorted() {
            for other in graph.targets(of: source).map(Int.init) where other != position && other != source {
                var found = item(other)
                found.coCitedBy.append(source)
                items[other] = found
            }
        }
        let note = notes.note(atPosition: position)
        for tag in note.tags {
            for other in notes.positions(taggedWith: TagKey(tag)) where other != position {
                var found = item(other)
                if !found.sharedTags.contains(tag) { found.sharedTags.append(tag) }
                items[other] = found
            }
        }
        let text = ([note.title] + note.aliases + note.tags).joined(separator: " ")
        for (other, score) in TextSimilarity.noteScores(text, notes: notes, skip: position) where score > 0 {
            var found = item(other)
            found.textScore = score
            items[other] = found
        }
        var ranked = items.values.map { found -> Item in
            var scored = found
            scored.score = Double(found.sharedLinks.count + found.coCitedBy.count + (found.linked ? 1 : 0))
                + 0.5 * Double(found.sharedTags.count) + 2 * found.textScore
            return scored
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.position < $1.position }
        return Array(ranked.prefix(max(0, limit)))
    }
}
