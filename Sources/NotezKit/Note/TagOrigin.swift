/// Where a note's tag is written: in the front matter, inline in the body as `#tag`, or both.
public struct TagOrigin: OptionSet, Sendable, Hashable {
    /// The raw bits: 1 front matter, 2 inline.
    public let rawValue: UInt8

    /// Creates an origin from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The tag is in the front matter (`tags:`, `tag:`, `keywords:`).
    public static let frontMatter = TagOrigin(rawValue: 1)
    /// The tag is written inline as `#tag`.
    public static let inline = TagOrigin(rawValue: 2)

    /// `frontmatter`, `inline` or `both`, for JSON and plain output.
    public var label: String {
        switch (contains(.frontMatter), contains(.inline)) {
        case (true, true): return "both"
        case (false, true): return "inline"
        default: return "frontmatter"
        }
    }
}
