/// One `#tag` written in a note's body.
struct InlineTag: Sendable, Equatable {
    /// The tag as written, without the `#` (`project/alpha`).
    public var name: String
    /// The bytes of `#name` in the scanned buffer (indices of the buffer given to the scanner).
    public var range: Range<Int>

    /// Creates an inline tag.
    public init(name: String, range: Range<Int>) {
        self.name = name
        self.range = range
    }

    /// The tag's comparison key.
    public var key: TagKey { TagKey(name) }
}
