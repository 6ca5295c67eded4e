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
}
