/// The front matter key names notez understands, compared case-insensitively. Lists, not sets:
/// a key is compared with their one to three spellings, cheaper than hashing it (every key of
/// every note is looked up on a first run).
enum FrontMatterKeys {
    /// Keys that hold tags, in order of preference for adding a tag.
    public static let tags: [String] = ["tags", "tag", "keywords"]
    /// `title`
    public static let title: [String] = ["title"]
    /// `aliases`, `alias`: other names a note is found by (a list, or one string).
    public static let aliases: [String] = ["aliases", "alias"]
    /// `pinned`
    public static let pinned: [String] = ["pinned"]
    /// `created`
    public static let created: [String] = ["created"]
    /// `date` (Jekyll, Hugo): the creation date when there is no `created`.
    static let createdFallback: [String] = ["date"]
    /// Keys that hold the modification date, `modified` first.
    public static let modified: [String] = ["modified", "updated", "lastmod"]
    /// The most UTF-8 bytes a spelling of a key above may have: the longest are 8 letters, and a
    /// character that lowercases to an ASCII letter takes at most 3 bytes (U+212A KELVIN SIGN is `k`).
    static let longestSpelling = 8 * 3
}
