/// A mutable index of a vault kept current by the watcher: notes in path order, folders, fingerprints.
///
/// The notes are one array in path order, the same order as `VaultIndex.notes`. A snapshot made
/// from it shares it (copy on write); one brought up to date after a few changes changes its own
/// array instead (`VaultIndex.update`), so neither copies the other's at each change.
public struct LiveIndex: Sendable {
    /// The absolute vault root.
    public let root: String
    /// The vault's settings.
    public var config: VaultConfig
    /// What the reconciler compares the disk against; it holds the notes.
    public private(set) var state = ReconcilerState()
    /// Paths whose note or folder changed, oldest first: entry `i` was logged as change number
    /// `changeLogStart + i`. Snapshots are brought up to date from it; it is bounded, and a
    /// snapshot older than its start is rebuilt whole.
    private(set) var changeLog: [PathKey] = []
    private(set) var changeLogStart = 0
    /// The change number after the last folder was added or removed: a snapshot at or past it
    /// has the same folders as now, and its update does not compare them.
    private var foldersChangedBefore = 0
    /// Changes kept in `changeLog` (beyond, a rebuild costs less than the update).
    static let changeLogLimit = 4096

    /// Creates an empty index.
    public init(root: String, config: VaultConfig = VaultConfig()) {
        self.root = root
        self.config = config
    }

    /// Every note, sorted by path as `VaultIndex.notes` is.
    public var sortedNotes: [Note] { state.notes }

    /// The number of notes.
    public var count: Int { state.count }

    /// Every note, by vault-relative path (built on each call: for tests and small vaults).
    public var notes: [PathKey: Note] {
        Dictionary(sortedNotes.map { (PathKey($0.path), $0) }) { _, last in last }
    }

    /// The links of every note in their stored form (`LinkTable.stored`), in the order of `sortedNotes`.
    var sortedLinks: [[UInt8]] { state.links }

    /// Every folder path (the root excluded).
    public var folders: Set<PathKey> { state.folders }

    /// The note at a path.
    public func note(at path: String) -> Note? {
        VaultIndex.position(of: path, in: sortedNotes).map { sortedNotes[$0] }
    }

    /// The number of path changes applied so far; a snapshot remembers it to be updated later.
    public var sequence: Int { changeLogStart + changeLog.count }

    /// The paths changed since change number `sequence`; nil when the log does not go back that far.
    func changedPaths(since sequence: Int) -> Set<PathKey>? {
        guard sequence >= changeLogStart, sequence <= self.sequence else { return nil }
        return Set(changeLog[(sequence - changeLogStart)...])
    }

    /// Applies a reconciler result: removals and moves' old paths first, then new and changed notes.
    public mutating func apply(_ result: Reconciler.Result) {
        var gone: [PathKey] = []
        var incoming: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])] = []
        var foldersChanged = false
        for change in result.changes {
            switch change {
            case .removed(let path), .moved(let path, _):
                gone.append(PathKey(path))
            case .folderAdded(let path):
                state.folders.insert(PathKey(path))
                changeLog.append(PathKey(path))
                foldersChanged = true
            case .folderRemoved(let path):
                state.folders.remove(PathKey(path))
                changeLog.append(PathKey(path))
                foldersChanged = true
            case .added, .modified:
                break
            }
        }
        for change in result.changes {
            guard let note = change.note else { continue }
            let key = PathKey(note.path)
            incoming.append(
                (note, result.fingerprints[key] ?? NoteFingerprint(stamp: note.stamp, hash: 0), result.links[key] ?? StoredLink.unreadMarker))
        }
        let arriving = incoming.map { PathKey($0.note.path) }
        changeLog += gone
        changeLog += arriving
        state.replace(gone + arriving, with: incoming)
        if changeLog.count > LiveIndex.changeLogLimit {
            changeLogStart += changeLog.count
            changeLog = []
        }
        if foldersChanged { foldersChangedBefore = sequence }
    }

    /// Replaces the whole content (the initial scan): the notes in path order with their fingerprints.
    mutating func load(_ state: ReconcilerState) {
        self.state = state
        changeLogStart = sequence + state.count + state.folders.count
        changeLog = []
        foldersChangedBefore = sequence
    }

    /// True when the note at `path` exists and satisfies `matcher` (a compiled query).
    public func matches(_ path: String, _ matcher: (Note) -> Bool) -> Bool {
        note(at: path).map(matcher) ?? false
    }

    /// The notes that satisfy `matcher`, in list order (pinned, newest, path).
    public func notes(matching matcher: (Note) -> Bool) -> [Note] {
        sortedNotes.filter(matcher).sorted(by: Ordering.noteLess)
    }

    /// The folders, sorted (as a snapshot lists them).
    var sortedFolders: [String] { state.folders.map(\.path).sorted() }

    /// The paths of the notes read through a symlink.
    var symlinkedPaths: Set<String> { Set(state.symlinks.map(\.path)) }

    /// An immutable `VaultIndex` of the current state, for everything that reads indexes; it
    /// shares this index's note array.
    public func snapshot(
        registry: TagRegistry = TagRegistry(), folderColors: FolderColors = FolderColors(), trashCount: Int = 0
    ) -> VaultIndex {
        var index = VaultIndex(
            root: root, config: config, notes: sortedNotes, folders: sortedFolders, symlinkedNotes: symlinkedPaths,
            registry: registry, folderColors: folderColors, trashCount: trashCount)
        index.linkTable = LinkTable(stored: sortedLinks)
        return index
    }

    /// `previous`, a snapshot of this index when its `sequence` was `sequence`, brought up to date
    /// (see `update`); nil when the changes since are no longer logged.
    public func updating(_ previous: VaultIndex, from sequence: Int, trashCount: Int? = nil) -> VaultIndex? {
        var next = previous
        return update(&next, from: sequence, trashCount: trashCount) ? next : nil
    }

    /// Brings `index`, a snapshot of this index when its `sequence` was `sequence`, up to date with
    /// the same settings (and `trashCount` when given), in place, at a cost in proportion to the
    /// changes since; false (and `index` unchanged) when they are no longer logged.
    func update(_ index: inout VaultIndex, from sequence: Int, trashCount: Int? = nil) -> Bool {
        guard let paths = changedPaths(since: sequence) else { return false }
        if paths.isEmpty && trashCount == nil { return true }
        // A note array replaced whole is freed in the background, not in the request that asked
        // for the page.
        let replaced = index.update(
            changing: paths, notes: sortedNotes, links: sortedLinks, isSymlink: state.isSymlink,
            folders: foldersChangedBefore > sequence ? sortedFolders : nil, trashCount: trashCount ?? index.trashCount)
        WatchedIndex.retire(consume replaced)
        return true
    }
}
