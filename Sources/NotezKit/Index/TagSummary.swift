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
        // Lower-case each name once, not in every comparison.
        summaries.map { (Ordering.sortKey($0.name), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.name < $1.1.name }.map(\.1)
    }
}
