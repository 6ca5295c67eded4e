/// A tag with the number of notes that carry it.
public struct TagSummary: Sendable, Equatable {
    /// The comparison key.
    public var key: TagKey
    /// The display spelling: the registry's, else the most common one in the vault.
    public var name: String
    /// Notes that have exactly this tag.
    public var count: Int
    /// The registry color, if any.
    public var color: ColorName?
    /// True when the tag is in the registry.
    public var registered: Bool
    /// Notes that have this tag in their front matter.
    public var frontMatterCount: Int = 0
    /// Notes that write this tag inline as `#tag` in their body.
    public var inlineCount: Int = 0

    /// Creates a summary.
    public init(key: TagKey, name: String, count: Int, color: ColorName?, registered: Bool) {
        self.key = key
        self.name = name
        self.count = count
        self.color = color
        self.registered = registered
    }

    /// The display spelling of a tag from its spellings and their use counts: the most common one,
    /// ties going to the alphabetically first so every reader picks the same.
    static func preferredSpelling(_ uses: [String: Int]) -> String {
        uses.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
    }

    /// The summary of a tag from its notes (its most common spelling `commonName` and counts) and
    /// its registry entry, whose spelling and color win.
    init(key: TagKey, commonName: String, count: Int, frontMatterCount: Int, inlineCount: Int, registered entry: TagRegistry.Entry?) {
        self.init(key: key, name: entry?.name ?? commonName, count: count, color: entry?.color, registered: entry != nil)
        self.frontMatterCount = frontMatterCount
        self.inlineCount = inlineCount
    }

    /// Summaries sorted by name case-insensitively, ties by the exact name: the tag list's order.
    static func sortedByName(_ summaries: some Collection<TagSummary>) -> [TagSummary] {
        // Each name lower-cased once (most are their own key), positions sorted by the keys and
        // the summaries then put in that order in place: three arrays of 47,000 summaries at once
        // made the peak of a daemon's first snapshot.
        var sorted = Array(summaries)
        let keys = sorted.map { Ordering.sortKey($0.name) }
        // By the keys' bytes where that is their String order (comparing 47,000 keys as Strings
        // was the longest part of a first run's index), then equal keys by their exact names.
        var order = StringOrder.positions(of: keys)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && keys[order[end]] == keys[order[start]] { end += 1 }
            if end - start > 1 { order[start..<end].sort { sorted[$0].name < sorted[$1].name } }
            start = end
        }
        var placed = [Bool](repeating: false, count: sorted.count)
        // Each cycle of the permutation is followed once: position `at` takes the summary at `order[at]`.
        for start in sorted.indices where !placed[start] {
            let first = sorted[start]
            var at = start
            while true {
                placed[at] = true
                let next = order[at]
                if next == start {
                    sorted[at] = first
                    break
                }
                sorted[at] = sorted[next]
                at = next
            }
        }
        return sorted
    }
}
