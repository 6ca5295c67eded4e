/// One note of the vault as the index knows it.
public struct Note: Sendable, Equatable {
    /// Vault-relative path with `/` separators, e.g. `Work/Plan.md`.
    public var path: String
    /// Vault-relative folder path, `""` for Unsorted Notes at the root.
    public var folder: String
    /// Title from `title:`, else the first `# Heading`, else the file name without extension.
    public var title: String
    /// Tags in the order written, with duplicates (by `TagKey`) removed, spelled as in the file.
    public var tags: [String]
    /// The comparison keys of `tags`, same order.
    public var tagKeys: [TagKey]
    /// Where each of `tags` is written, same order; empty when every tag is only in the front matter
    /// (most notes: no allocation).
    var tagOrigins: [TagOrigin]
    /// Other names from `aliases:`/`alias:`; a NOTE argument and a link may use them.
    public var aliases: [String] = []
    /// Whether the note is pinned.
    public var pinned: Bool
    /// Creation time in seconds since 1970 (front matter, else birth or modification time).
    public var created: Double
    /// Modification time in seconds since 1970 (front matter, else the file's mtime).
    public var modified: Double
    /// Plain-text start of the body (section 2 rules), at most 120 characters.
    public var snippet: String
    /// The file's identity when it was read, to detect later changes.
    public var stamp: FileStamp
    /// A problem found while reading the note (bad YAML, not UTF-8), if any.
    public var problem: NoteProblem?

    /// Creates a note.
    public init(
        path: String, folder: String, title: String, tags: [String], tagKeys: [TagKey],
        pinned: Bool, created: Double, modified: Double, snippet: String,
        stamp: FileStamp, problem: NoteProblem? = nil, tagOrigins: [TagOrigin] = [], aliases: [String] = []
    ) {
        self.path = path
        self.folder = folder
        self.title = title
        self.tags = tags
        self.tagKeys = tagKeys
        self.pinned = pinned
        self.created = created
        self.modified = modified
        self.snippet = snippet
        self.stamp = stamp
        self.problem = problem
        self.tagOrigins = tagOrigins
        self.aliases = aliases
    }

    /// Where the tag at `position` in `tags` is written.
    public func origin(ofTagAt position: Int) -> TagOrigin {
        position < tagOrigins.count ? tagOrigins[position] : .frontMatter
    }

    /// True when the note is directly at the vault root.
    var isUnsorted: Bool { folder.isEmpty }
}
