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

    /// The tag list of a vault: the summaries counted from its notes, with the registry's spellings
    /// and colors and its tags that no note uses, sorted by name case-insensitively.
    static func listed(_ counted: [TagKey: TagSummary], registry: TagRegistry) -> [TagSummary] {
        var summaries = counted
        for entry in registry.entries {
            let key = TagKey(entry.name)
            var summary = summaries[key] ?? TagSummary(key: key, name: entry.name, count: 0, color: nil, registered: true)
            summary.name = entry.name
            summary.color = entry.color
            summary.registered = true
            summaries[key] = summary
        }
        // Lower-case each name once, not in every comparison.
        return summaries.values.map { (Ordering.sortKey($0.name), $0) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.name < $1.1.name }.map(\.1)
    }
}
