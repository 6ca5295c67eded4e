/// One note of the vault as the index knows it.
///
/// The fields live in one copy-on-write box: copying a note, or an array of 100,000 of them as a
/// change of the live index does while a snapshot still holds the old array, retains one
/// reference instead of a dozen strings and arrays, and the array itself is 8 bytes a note.
public struct Note: Sendable, Equatable {
    private var box: Box

    /// The fields, shared by copies until one of them changes a field.
    private final class Box: @unchecked Sendable {
        // Only changed through `Note.unique()`, when the note holds the only reference.
        var path: String
        var folder: String
        var title: String
        var tags: [String]
        var tagKeys: [TagKey]
        var tagOrigins: [TagOrigin]
        var aliases: [String]
        var pinned: Bool
        var created: Double
        var modified: Double
        var snippet: String
        var stamp: FileStamp
        /// Boxed: most notes have none, and inline it took 56 of the box's 216 bytes.
        var problemBox: ProblemBox?

        var problem: NoteProblem? {
            get { problemBox?.problem }
            set { problemBox = newValue.map(ProblemBox.init) }
        }

        init(
            path: String, folder: String, title: String, tags: [String], tagKeys: [TagKey], tagOrigins: [TagOrigin],
            aliases: [String], pinned: Bool, created: Double, modified: Double, snippet: String, stamp: FileStamp,
            problem: NoteProblem?
        ) {
            self.path = path
            self.folder = folder
            self.title = title
            self.tags = tags
            self.tagKeys = tagKeys
            self.tagOrigins = tagOrigins
            self.aliases = aliases
            self.pinned = pinned
            self.created = created
            self.modified = modified
            self.snippet = snippet
            self.stamp = stamp
            problemBox = problem.map(ProblemBox.init)
        }

        func copy() -> Box {
            Box(
                path: path, folder: folder, title: title, tags: tags, tagKeys: tagKeys, tagOrigins: tagOrigins,
                aliases: aliases, pinned: pinned, created: created, modified: modified, snippet: snippet, stamp: stamp,
                problem: problem)
        }
    }

    /// A problem, kept out of line (immutable, so notes share it).
    private final class ProblemBox: Sendable {
        let problem: NoteProblem
        init(_ problem: NoteProblem) { self.problem = problem }
    }

    /// The box, copied first if another note shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = box.copy() }
        return box
    }

    /// Vault-relative path with `/` separators, e.g. `Work/Plan.md`.
    public var path: String {
        get { box.path }
        set { unique().path = newValue }
    }
    /// Calls `body` with the UTF-8 of `path`, read where the note keeps it (no copy of the bytes).
    func withPathUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = box.path.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        var path = box.path
        return path.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
    /// Vault-relative folder path, `""` for Unsorted Notes at the root.
    public var folder: String {
        get { box.folder }
        set { unique().folder = newValue }
    }
    /// Title from `title:`, else the first `# Heading`, else the file name without extension.
    public var title: String {
        get { box.title }
        set { unique().title = newValue }
    }
    /// Tags in the order written, with duplicates (by `TagKey`) removed, spelled as in the file.
    public var tags: [String] {
        get { box.tags }
        set { unique().tags = newValue }
    }
    /// The comparison keys of `tags`, same order.
    public var tagKeys: [TagKey] {
        get { box.tagKeys }
        set { unique().tagKeys = newValue }
    }
    /// Where each of `tags` is written, same order; empty when every tag is only in the front matter
    /// (most notes: no allocation).
    var tagOrigins: [TagOrigin] {
        get { box.tagOrigins }
        set { unique().tagOrigins = newValue }
    }
    /// Other names from `aliases:`/`alias:`; a NOTE argument and a link may use them.
    public var aliases: [String] {
        get { box.aliases }
        set { unique().aliases = newValue }
    }
    /// Whether the note is pinned.
    public var pinned: Bool {
        get { box.pinned }
        set { unique().pinned = newValue }
    }
    /// Creation time in seconds since 1970 (front matter, else birth or modification time).
    public var created: Double {
        get { box.created }
        set { unique().created = newValue }
    }
    /// Modification time in seconds since 1970 (front matter, else the file's mtime).
    public var modified: Double {
        get { box.modified }
        set { unique().modified = newValue }
    }
    /// Plain-text start of the body (section 2 rules), at most 120 characters.
    public var snippet: String {
        get { box.snippet }
        set { unique().snippet = newValue }
    }
    /// The file's identity when it was read, to detect later changes.
    public var stamp: FileStamp {
        get { box.stamp }
        set { unique().stamp = newValue }
    }
    /// A problem found while reading the note (bad YAML, not UTF-8), if any.
    public var problem: NoteProblem? {
        get { box.problem }
        set { unique().problem = newValue }
    }

    /// Creates a note.
    public init(
        path: String, folder: String, title: String, tags: [String], tagKeys: [TagKey],
        pinned: Bool, created: Double, modified: Double, snippet: String,
        stamp: FileStamp, problem: NoteProblem? = nil, tagOrigins: [TagOrigin] = [], aliases: [String] = []
    ) {
        box = Box(
            path: path, folder: folder, title: title, tags: tags, tagKeys: tagKeys, tagOrigins: tagOrigins, aliases: aliases,
            pinned: pinned, created: created, modified: modified, snippet: snippet, stamp: stamp, problem: problem)
    }

    /// Equal when every field is (the same box is equal without looking).
    public static func == (lhs: Note, rhs: Note) -> Bool {
        if lhs.box === rhs.box { return true }
        let (a, b) = (lhs.box, rhs.box)
        return a.path == b.path && a.folder == b.folder && a.title == b.title && a.tags == b.tags && a.tagKeys == b.tagKeys
            && a.tagOrigins == b.tagOrigins && a.aliases == b.aliases && a.pinned == b.pinned && a.created == b.created
            && a.modified == b.modified && a.snippet == b.snippet && a.stamp == b.stamp && a.problem == b.problem
    }

    /// Where the tag at `position` in `tags` is written.
    public func origin(ofTagAt position: Int) -> TagOrigin {
        let origins = box.tagOrigins
        return position < origins.count ? origins[position] : .frontMatter
    }

    /// Calls `body` with the UTF-8 of the title, folder and snippet and the tags and their keys,
    /// from one read of the box (a list row: `NoteRowFields.Lender`).
    func withRowStrings(
        _ body: (_ title: UnsafeRawBufferPointer, _ folder: UnsafeRawBufferPointer, _ snippet: UnsafeRawBufferPointer, [String], [TagKey]) -> Void
    ) {
        let box = self.box
        var (title, folder, snippet) = (box.title, box.folder, box.snippet)
        title.withUTF8 { title in
            folder.withUTF8 { folder in
                snippet.withUTF8 { snippet in
                    body(UnsafeRawBufferPointer(title), UnsafeRawBufferPointer(folder), UnsafeRawBufferPointer(snippet), box.tags, box.tagKeys)
                }
            }
        }
    }

    /// True when the note is directly at the vault root.
    var isUnsorted: Bool { box.folder.isEmpty }
}
