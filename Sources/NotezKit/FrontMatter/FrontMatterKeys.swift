/// The front matter key names notez understands, compared case-insensitively.
enum FrontMatterKeys {
    /// Keys that hold tags, in order of preference for adding a tag.
    public static let tags: [String] = ["tags", "tag", "keywords"]
    /// `title`
    public static let title: Set<String> = ["title"]
    /// `aliases`, `alias`: other names a note is found by (a list, or one string).
    public static let aliases: Set<String> = ["aliases", "alias"]
    /// `pinned`
    public static let pinned: Set<String> = ["pinned"]
    /// `created`
    public static let created: Set<String> = ["created"]
    /// `date` (Jekyll, Hugo): the creation date when there is no `created`.
    static let createdFallback: Set<String> = ["date"]
    /// Keys that hold the modification date, `modified` first.
    public static let modified: Set<String> = ["modified", "updated", "lastmod"]
    /// The most UTF-8 bytes a spelling of a key above may have: the longest are 8 letters, and a
    /// character that lowercases to an ASCII letter takes at most 3 bytes (U+212A KELVIN SIGN is `k`).
    static let longestSpelling = 8 * 3
}
