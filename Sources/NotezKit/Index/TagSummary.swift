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

    /// Creates a summary.
    public init(key: TagKey, name: String, count: Int, color: ColorName?, registered: Bool) {
        self.key = key
        self.name = name
        self.count = count
        self.color = color
        self.registered = registered
    }
}
