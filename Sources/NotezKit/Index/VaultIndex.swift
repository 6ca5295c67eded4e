import Foundation

/// The in-memory index of a vault: notes, folder tree with counts, tags with counts, trash count.
public struct VaultIndex: Sendable {
    /// The absolute vault root.
    public let root: String
    /// The vault's settings.
    public let config: VaultConfig
    /// Every note, sorted by path.
    public let notes: [Note]
    /// Note index by path (exact bytes: NFC and NFD spellings are different notes).
    let positionByPath: [PathKey: Int]
    /// Notes that are symlinks (read, never written through).
    public let symlinkedNotes: Set<String>
    /// The root folder node; its children are the top-level folders.
    public let folderTree: FolderNode
    /// Every tag in use or registered, alphabetical.
    public let tags: [TagSummary]
    /// Positions in `tags` by key: a row's tag names are looked up, never searched for.
    private let tagPosition: [TagKey: Int]
    /// The tag registry.
    public let registry: TagRegistry
    /// Notes in the trash.
    public let trashCount: Int
    /// Folders that could not be read and files that were skipped, with the reason.
    let walkProblems: [(path: String, problem: NoteProblem)]
    /// Notes by tag key (exact tag), positions in `notes`.
    let notesByTag: [TagKey: [Int]]
    /// notez's own files that were not used: bad settings (the defaults were used instead), trash
    /// items this machine did not write.
    public let stateProblems: [FileIssue]

    /// Builds the index from notes already read (the builder and the watcher use this).
    public init(
        root: String, config: VaultConfig, notes: [Note], folders: [String], symlinkedNotes: Set<String> = [],
        registry: TagRegistry = TagRegistry(), folderColors: FolderColors = FolderColors(), trashCount: Int = 0,
        walkProblems: [(path: String, problem: NoteProblem)] = [], stateProblems: [FileIssue] = []
    ) {
        self.root = root
        self.config = config
        // The walker and the cache already give notes in path order; sorting them again is the
        // single largest cost of a cached run, so check first.
        let inOrder = zip(notes, notes.dropFirst()).allSatisfy { $0.path < $1.path }
        let sorted = inOrder ? notes : Ordering.pathOrder(notes)
        self.notes = sorted
        var positions: [PathKey: Int] = [:]
        positions.reserveCapacity(sorted.count)
        var byTag: [TagKey: [Int]] = [:]
        var spellings: [TagKey: [String: Int]] = [:]
        var inlineCounts: [TagKey: Int] = [:]
        var frontMatterCounts: [TagKey: Int] = [:]
        for (position, note) in sorted.enumerated() {
            positions[PathKey(note.path)] = position
            for (tagPosition, (tag, key)) in zip(note.tags, note.tagKeys).enumerated() {
                byTag[key, default: []].append(position)
                spellings[key, default: [:]][tag, default: 0] += 1
                let origin = note.origin(ofTagAt: tagPosition)
                if origin.contains(.inline) { inlineCounts[key, default: 0] += 1 }
                if origin.contains(.frontMatter) { frontMatterCounts[key, default: 0] += 1 }
            }
        }
        positionByPath = positions
        notesByTag = byTag
        self.symlinkedNotes = symlinkedNotes
        self.registry = registry
        self.trashCount = trashCount
        self.walkProblems = walkProblems
        self.stateProblems = stateProblems

        var summaries: [TagKey: TagSummary] = [:]
        for (key, uses) in spellings {
            let name = TagSummary.preferredSpelling(uses)
            var summary = TagSummary(key: key, name: name, count: byTag[key]?.count ?? 0, color: nil, registered: false)
            summary.frontMatterCount = frontMatterCounts[key] ?? 0
            summary.inlineCount = inlineCounts[key] ?? 0
            summaries[key] = summary
        }
        tags = TagSummary.listed(summaries, registry: registry)
        tagPosition = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($0.element.key, $0.offset) })
        folderTree = VaultIndex.buildTree(notes: sorted, folders: folders, colors: folderColors)
    }

    static func buildTree(notes: [Note], folders: [String], colors: FolderColors) -> FolderNode {
        // Keyed by bytes: folders `café` in NFC and in NFD are two folders.
        var direct: [PathKey: Int] = [:]
        for note in notes { direct[PathKey(note.folder), default: 0] += 1 }
        return FolderNode.tree(direct: direct, folders: folders, colors: colors)
    }

    /// The note at a relative path.
    public func note(at path: String) -> Note? {
        positionByPath[PathKey(path)].map { notes[$0] }
    }

    /// Notes pinned anywhere, in list order.
    public var pinnedNotes: [Note] { Ordering.listOrder(notes.indices.filter { notes[$0].pinned }, in: notes) }

    /// Notes at the root, in list order.
    public var unsortedNotes: [Note] { Ordering.listOrder(notes.indices.filter { notes[$0].isUnsorted }, in: notes) }

    /// Notes in a folder (and its subfolders when `recursive`), in list order.
    public func notes(inFolder folder: String, recursive: Bool) -> [Note] {
        let inside = notes.indices.filter { position in
            let noteFolder = notes[position].folder
            return PathKey.sameBytes(noteFolder, folder) || (recursive && PathKey.isSelfOrInside(noteFolder, folder: folder))
        }
        return Ordering.listOrder(inside, in: notes)
    }

    /// Notes that have the tag or (when `includeChildren`) one of its children, in list order.
    public func notes(withTag key: TagKey, includeChildren: Bool = true) -> [Note] {
        var positions = Set(notesByTag[key] ?? [])
        if includeChildren {
            for (other, list) in notesByTag where other.isSelfOrDescendant(of: key) { positions.formUnion(list) }
        }
        return Ordering.listOrder(Array(positions), in: notes)
    }

    /// The display name of a tag key.
    public func displayName(of key: TagKey) -> String? {
        tagPosition[key].map { tags[$0].name }
    }

    /// The summary of a tag.
    public func tag(_ key: TagKey) -> TagSummary? {
        tagPosition[key].map { tags[$0] }
    }

    /// The note a NOTE argument names: a relative path (with or without `.md`), else a unique title,
    /// else a unique file name, else a unique alias (`aliases:`).
    public func resolve(_ argument: String) throws(NotezError) -> Note {
        var path = argument
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        for candidate in [path, path + ".md", path + ".markdown"] {
            if let note = note(at: candidate) { return note }
        }
        let wanted = argument.lowercased()
        let byTitle = notes.filter { $0.title.lowercased() == wanted }
        if byTitle.count == 1 { return byTitle[0] }
        if byTitle.count > 1 { throw .ambiguousNote(argument, candidates: byTitle.map(\.path)) }
        // A file name without its folder (`Quarterly goals` for `Work/Quarterly goals.md`), when unique.
        let byName = notes.filter { VaultPath.fileTitle(of: $0.path).lowercased() == wanted }
        if byName.count == 1 { return byName[0] }
        if byName.count > 1 { throw .ambiguousNote(argument, candidates: byName.map(\.path)) }
        let byAlias = notes.filter { note in note.aliases.contains { $0.lowercased() == wanted } }
        if byAlias.count == 1 { return byAlias[0] }
        if byAlias.count > 1 { throw .ambiguousNote(argument, candidates: byAlias.map(\.path)) }
        // A case-insensitive path is a convenience, used only when it is unique.
        let byPath = notes.filter { [path, path + ".md"].map { $0.lowercased() }.contains($0.path.lowercased()) }
        if byPath.count == 1 { return byPath[0] }
        throw .noteNotFound(argument)
    }

    /// Resolves a folder argument to an existing folder (`""` or `/` is the root), by the one rule
    /// every command uses: the exact path, else the unique folder with that name at any depth, else
    /// the same two case-insensitively. Several matches are an error that lists them.
    public func resolveFolder(_ argument: String) throws(NotezError) -> FolderNode {
        try folderTree.resolve(argument)
    }
}
