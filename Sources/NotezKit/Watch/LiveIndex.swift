/// A mutable index of a vault kept current by the watcher: notes by path, folders, fingerprints.
public struct LiveIndex: Sendable {
    /// The absolute vault root.
    public let root: String
    /// The vault's settings.
    public var config: VaultConfig
    /// Every note, by vault-relative path.
    public private(set) var notes: [PathKey: Note] = [:]
    /// What the reconciler compares the disk against.
    public private(set) var state = ReconcilerState()

    /// Creates an empty index.
    public init(root: String, config: VaultConfig = VaultConfig()) {
        self.root = root
        self.config = config
    }

    /// The number of notes.
    public var count: Int { notes.count }

    /// Every folder path (the root excluded).
    public var folders: Set<PathKey> { state.folders }

    /// The note at a path.
    public func note(at path: String) -> Note? { notes[PathKey(path)] }

    /// Applies a reconciler result: removals and moves' old paths first, then new and changed notes.
    public mutating func apply(_ result: Reconciler.Result) {
        for change in result.changes {
            switch change {
            case .removed(let path), .moved(let path, _):
                notes[PathKey(path)] = nil
                state.notes[PathKey(path)] = nil
            case .folderAdded(let path):
                state.folders.insert(PathKey(path))
            case .folderRemoved(let path):
                state.folders.remove(PathKey(path))
            case .added, .modified:
                break
            }
        }
        for change in result.changes {
            guard let note = change.note else { continue }
            notes[PathKey(note.path)] = note
            state.notes[PathKey(note.path)] =
                result.fingerprints[PathKey(note.path)]
                ?? NoteFingerprint(stamp: note.stamp, hash: 0)
        }
    }

    /// True when the note at `path` exists and satisfies `matcher` (a compiled query).
    public func matches(_ path: String, _ matcher: (Note) -> Bool) -> Bool {
        notes[PathKey(path)].map(matcher) ?? false
    }

    /// The notes that satisfy `matcher`, in list order (pinned, newest, path).
    public func notes(matching matcher: (Note) -> Bool) -> [Note] {
        notes.values.filter(matcher).sorted(by: Ordering.noteLess)
    }

    /// The notes in path order. `previous` (an earlier snapshot's notes, in path order) spares the
    /// sort: its notes that still exist keep their order with their current values, and only notes
    /// added since are sorted and merged in, so a change in a large vault costs lookups, not a sort.
    func notesInPathOrder(reusing previous: [Note]? = nil) -> [Note] {
        guard let previous else { return Ordering.pathOrder(Array(notes.values)) }
        var kept: [Note] = []
        kept.reserveCapacity(notes.count)
        for note in previous {
            if let current = notes[PathKey(note.path)] { kept.append(current) }
        }
        if kept.count == notes.count { return kept }
        let before = Set(previous.map { PathKey($0.path) })
        let added = Ordering.pathOrder(notes.values.filter { !before.contains(PathKey($0.path)) })
        var merged: [Note] = []
        merged.reserveCapacity(notes.count)
        var (left, right) = (0, 0)
        while left < kept.count || right < added.count {
            if right == added.count || (left < kept.count && kept[left].path < added[right].path) {
                merged.append(kept[left])
                left += 1
            } else {
                merged.append(added[right])
                right += 1
            }
        }
        return merged
    }

    /// An immutable `VaultIndex` of the current state, for everything that reads indexes; `previous`
    /// as in `notesInPathOrder(reusing:)`.
    public func snapshot(
        registry: TagRegistry = TagRegistry(), folderColors: FolderColors = FolderColors(), trashCount: Int = 0,
        previous: [Note]? = nil
    ) -> VaultIndex {
        VaultIndex(
            root: root, config: config, notes: notesInPathOrder(reusing: previous), folders: state.folders.map(\.path).sorted(),
            symlinkedNotes: Set(state.notes.filter(\.value.isSymlink).keys.map(\.path)),
            registry: registry, folderColors: folderColors, trashCount: trashCount)
    }
}
