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
}
