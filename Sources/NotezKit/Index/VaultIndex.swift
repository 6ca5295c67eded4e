import Foundation

/// The in-memory index of a vault: notes, folder tree with counts, tags with counts, trash count.
///
/// A long-running front end keeps one current by `update(changing:...)`, at a cost in proportion
/// to the change; nothing in it is keyed by a note's position except the tag postings, which an
/// update re-derives in one pass only when notes were added or removed.
public struct VaultIndex: Sendable {
    /// The absolute vault root.
    public let root: String
    /// The vault's settings.
    public let config: VaultConfig
    /// Every note, sorted by path.
    public internal(set) var notes: [Note]
    /// Notes that are symlinks (read, never written through).
    public internal(set) var symlinkedNotes: Set<String>
    /// The root folder node; its children are the top-level folders.
    public internal(set) var folderTree: FolderNode
    /// Every tag in use or registered, alphabetical.
    public internal(set) var tags: [TagSummary]
    /// Summaries by key: a row's tag names are looked up, never searched for.
    var tagByKey: [TagKey: TagSummary]
    /// The tag registry.
    public let registry: TagRegistry
    /// The folder colors the tree was built with (an update rebuilds the tree with them).
    let folderColors: FolderColors
    /// The folders the tree was built from (an update compares the current ones with them).
    var listedFolders: [String]
    /// Notes in the trash.
    public internal(set) var trashCount: Int
    /// Folders that could not be read and files that were skipped, with the reason.
    let walkProblems: [(path: String, problem: NoteProblem)]
    /// Notes by tag key (exact tag), positions in `notes`, ascending.
    var notesByTag: [TagKey: [Int]]
    /// The keys of `notesByTag` in byte order: a tag's children (`key/…`) follow it among the keys
    /// that start with its bytes, found by binary search instead of a pass over 47,000 keys.
    var tagKeysInByteOrder: [TagKey]
    /// The positions of the pinned notes in list order: kept by updates, since the web UI's main
    /// page shows them after every change.
    var pinnedOrder: [Int]
    /// The positions of the notes at the root in list order, kept the same way.
    var unsortedOrder: [Int]
    /// The uses of each spelling of the tags not in the registry that are written more than one
    /// way (`ideas`, `Ideas`): an update derives such a tag's name from them instead of reading
    /// its notes. A tag not in it has one spelling, its name.
    var spellingUses: [TagKey: [String: Int]] = [:]
    /// notez's own files that were not used: bad settings (the defaults were used instead), trash
    /// items this machine did not write.
    public let stateProblems: [FileIssue]
    /// The links of every note by position, when they were read with the notes (`IndexBuilder`
    /// with the cache); nil otherwise, and then link commands read the bodies (`LinkGraph`).
    var linkTable: LinkTable?
    /// The index cache's text signatures joined to these notes, and the version that names them
    /// (a daemon's snapshot, `withTextSignatures`); nil otherwise: every note is then read.
    var textSignatures: (source: CachedSignatures, version: Int)?
    /// Whether the read that built this index left the cache unwritten, to answer first
    /// (`IndexBuilder.deferredWriteThreshold`); the session then asks for a refresh.
    var cacheWriteDeferred = false
    /// How many notes the read that built this index read afresh (the rest came from the cache).
    var notesRead = 0
    /// What each update changed in list rows, so kept rows can be told from stale ones.
    var rowChanges = RowChangeLog()
    /// The notes whose modification time is not a number (none the reader makes): a list order
    /// is then sorted by comparisons, and never carried across changes.
    var notesWithoutTime = 0

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
        // Built on both cores (a first run builds it over 100,000 notes it just read): the tags
        // tallied in two halves by their keys' last byte (no key in both, so no tally is merged),
        // the folder counts beside one half and the list orders beside the other; then the
        // postings joined beside the tag summaries; then the two sorts of the tags side by side.
        let ((lowTallies, direct, untimed), (highTallies, pinned, unsorted)) = Parallel.both(
            {
                let tallies = VaultIndex.tallies(of: sorted, half: 0)
                var direct: [PathKey: Int] = [:]
                var untimed = 0
                for note in sorted {
                    direct[PathKey(note.folder), default: 0] += 1
                    if note.modified.isNaN { untimed += 1 }
                }
                return (tallies, direct, untimed)
            },
            {
                let tallies = VaultIndex.tallies(of: sorted, half: 1)
                let pinned = Ordering.listPositions(sorted.indices.filter { sorted[$0].pinned }, in: sorted)
                let unsorted = Ordering.listPositions(sorted.indices.filter { sorted[$0].isUnsorted }, in: sorted)
                return (tallies, pinned, unsorted)
            })
        notesWithoutTime = untimed
        pinnedOrder = pinned
        unsortedOrder = unsorted
        self.symlinkedNotes = symlinkedNotes
        self.registry = registry
        self.folderColors = folderColors
        listedFolders = folders
        self.trashCount = trashCount
        self.walkProblems = walkProblems
        self.stateProblems = stateProblems

        let registered = VaultIndex.registeredEntries(registry)
        let keys = Array(lowTallies.keys) + Array(highTallies.keys)
        // The postings of the two halves joined on one core while the other makes each tag's
        // summary, with its spellings kept only where a tag not in the registry has several.
        let (byTag, (made, spellings)) = Parallel.both(
            { VaultIndex.joinedPositions(lowTallies, highTallies) },
            {
                var summaries: [TagKey: TagSummary] = [:]
                summaries.reserveCapacity(keys.count + registered.count)
                var spellings: [TagKey: [String: Int]] = [:]
                for key in keys {
                    let entry = registered[key]
                    let tally = VaultIndex.half(of: key) == 0 ? lowTallies[key]! : highTallies[key]!
                    let (summary, uses) = tally.summary(key, registered: entry)
                    summaries[key] = summary
                    if entry == nil, let uses { spellings[key] = uses }
                }
                return (summaries, spellings)
            })
        notesByTag = byTag
        spellingUses = spellings
        var summaries = made
        for (key, entry) in registered where summaries[key] == nil {
            summaries[key] = VaultIndex.summary(key, positions: [], notes: sorted, registered: entry).summary
        }
        tagByKey = summaries
        let finished = summaries
        let (byteOrder, byName) = Parallel.both(
            { StringOrder.byteOrder(of: keys.map(\.rawValue)).order.map { keys[$0] } }, { TagSummary.sortedByName(finished.values) })
        tagKeysInByteOrder = byteOrder
        tags = byName
        folderTree = VaultIndex.buildTree(direct: direct, folders: folders, colors: folderColors)
    }

    /// Each tag's tally over `notes` (positions in path order), for the tags whose key's last byte
    /// has the parity `half`. Each tally is counted in the same pass as its postings, while the
    /// note is at hand: looked up again per posting, 100,000 notes out of cache order were most of
    /// building the index.
    static func tallies(of notes: [Note], half: UInt8) -> [TagKey: TagTally] {
        var tallies: [TagKey: TagTally] = [:]
        for (position, note) in notes.enumerated() {
            let keys = note.tagKeys
            guard !keys.isEmpty else { continue }
            let tags = note.tags
            for (at, key) in keys.enumerated() where VaultIndex.half(of: key) == half {
                // A key written twice in a note (none the reader makes) counts its first spelling.
                let first = at == 0 || !keys[..<at].contains(key) ? at : keys.firstIndex(of: key)!
                tallies[key, default: TagTally()].add(position: position, spelling: tags[first], origin: note.origin(ofTagAt: first))
            }
        }
        return tallies
    }

    /// The postings of the two halves' tallies in one dictionary (no key is in both).
    private static func joinedPositions(_ low: [TagKey: TagTally], _ high: [TagKey: TagTally]) -> [TagKey: [Int]] {
        var all = low.mapValues(\.positions)
        all.reserveCapacity(low.count + high.count)
        for (key, tally) in high { all[key] = tally.positions }
        return all
    }

    /// Which half of the tags `key` is tallied in (`tallies(of:half:)`): its last byte's parity.
    static func half(of key: TagKey) -> UInt8 { (key.rawValue.utf8.last ?? 0) & 1 }

    /// Registry entries by key (the last entry of a key wins, as it always has).
    static func registeredEntries(_ registry: TagRegistry) -> [TagKey: TagRegistry.Entry] {
        var entries: [TagKey: TagRegistry.Entry] = [:]
        for entry in registry.entries { entries[TagKey(entry.name)] = entry }
        return entries
    }

    /// The summary of the tag `key` carried by the notes at `positions`: the most common spelling
    /// (ties to the alphabetically first), unless the registry names it; and the uses of each
    /// spelling when the notes write it in more than one (nil otherwise).
    static func summary(
        _ key: TagKey, positions: [Int], notes: [Note], registered: TagRegistry.Entry?
    ) -> (summary: TagSummary, spellings: [String: Int]?) {
        var tally = TagTally()
        for position in positions {
            // The fields are read in place: copying each `Note` would retain all its strings.
            guard let at = notes[position].tagKeys.firstIndex(of: key) else { continue }
            tally.add(position: position, spelling: notes[position].tags[at], origin: notes[position].origin(ofTagAt: at))
        }
        var (summary, spellings) = tally.summary(key, registered: registered)
        // A position whose note lacks the key is not counted, but the tag's count is its postings'.
        summary.count = positions.count
        return (summary, spellings)
    }

    /// The folder tree from the number of notes directly in each folder (zero counts left out)
    /// and the folders listed by the walk.
    static func buildTree(direct: [PathKey: Int], folders: [String], colors: FolderColors) -> FolderNode {
        // Keyed by bytes: folders `café` in NFC and in NFD are two folders.
        var childrenOf: [PathKey: [String]] = [:]
        var allFolders = Set(folders.map(PathKey.init))
        // A note's folder always exists, even if the walk did not list it.
        for folder in direct.keys where !folder.path.isEmpty {
            var path = folder.path
            while !path.isEmpty {
                allFolders.insert(PathKey(path))
                path = VaultPath.folder(of: path)
            }
        }
        for folder in allFolders { childrenOf[PathKey(VaultPath.folder(of: folder.path)), default: []].append(folder.path) }
        func node(_ path: String) -> FolderNode {
            // Twins by name (`Café` in NFC and in NFD) are ordered by their bytes: they came from a
            // `Set`, whose order differed between a cached run and a full index.
            let children = (childrenOf[PathKey(path)] ?? []).map(node).sorted { a, b in
                if Ordering.nameLess(a.name, b.name) { return true }
                if Ordering.nameLess(b.name, a.name) { return false }
                return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
            }
            let own = direct[PathKey(path)] ?? 0
            return FolderNode(
                name: VaultPath.name(of: path), path: path, direct: own,
                count: own + children.reduce(0) { $0 + $1.count },
                color: colors.color(of: path), children: children)
        }
        return node("")
    }

    /// The position in `notes` of the note at `path` (exact bytes), by binary search.
    func position(of path: String) -> Int? { VaultIndex.position(of: path, in: notes) }

    /// The position of the note at `path` (exact bytes) in `notes`, sorted by path.
    static func position(of path: String, in notes: [Note]) -> Int? {
        PathKey.position(of: path, count: notes.count) { notes[$0].path }
    }

    /// The note at a relative path.
    public func note(at path: String) -> Note? {
        position(of: path).map { notes[$0] }
    }

    /// Notes pinned anywhere, in list order.
    public var pinnedNotes: [Note] { pinnedOrder.map { notes[$0] } }

    /// Notes at the root, in list order.
    public var unsortedNotes: [Note] { unsortedOrder.map { notes[$0] } }

    /// Notes that have the tag or (when `includeChildren`) one of its children, in list order.
    public func notes(withTag key: TagKey, includeChildren: Bool = true) -> [Note] {
        // A note with both the tag and one of its children is in both postings.
        Ordering.listOrder(includeChildren ? Array(Set(positions(taggedWith: key))) : notesByTag[key] ?? [], in: notes)
    }

    /// Orders tag keys by their UTF-8 bytes (`tagKeysInByteOrder`).
    static func byteLess(_ lhs: TagKey, _ rhs: TagKey) -> Bool {
        // On the stored bytes: a byte-by-byte iterator was most of a first run's sort of 47,000 keys.
        let compared = lhs.rawValue.utf8.withContiguousStorageIfAvailable { left in
            rhs.rawValue.utf8.withContiguousStorageIfAvailable { right in
                PathKey.bytesPrecede(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
            }
        }
        return (compared ?? nil) ?? lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// The first position in `tagKeysInByteOrder` whose key is not before `key`.
    func tagKeyInsertion(_ key: TagKey) -> Int {
        var (low, high) = (0, tagKeysInByteOrder.count)
        while low < high {
            let middle = (low + high) / 2
            if VaultIndex.byteLess(tagKeysInByteOrder[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The tag `key` and its children that notes carry (`key/…`, at any depth).
    func tagKeys(selfOrDescendantsOf key: TagKey) -> [TagKey] {
        var found: [TagKey] = []
        if notesByTag[key] != nil { found.append(key) }
        // Bytes find the candidates; the key's own rule decides (it compares Unicode text).
        let children = TagKey(normalized: key.rawValue + "/")
        var at = tagKeyInsertion(children)
        while at < tagKeysInByteOrder.count, tagKeysInByteOrder[at].rawValue.utf8.starts(with: children.rawValue.utf8) {
            if tagKeysInByteOrder[at].isSelfOrDescendant(of: key) { found.append(tagKeysInByteOrder[at]) }
            at += 1
        }
        return found
    }

    /// The display name of a tag key.
    public func displayName(of key: TagKey) -> String? {
        tagByKey[key]?.name
    }

    /// The summary of a tag.
    public func tag(_ key: TagKey) -> TagSummary? {
        tagByKey[key]
    }

    /// Resolves a folder argument to an existing folder (`""` or `/` is the root), by the one rule
    /// every command uses: the exact path, else the unique folder with that name at any depth, else
    /// the same two case-insensitively. Several matches are an error that lists them.
    public func resolveFolder(_ argument: String) throws(NotezError) -> FolderNode {
        try folderTree.resolve(argument)
    }
}
