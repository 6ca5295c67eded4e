import Dispatch

/// Turns a batch of dirty paths into note and folder changes by comparing the disk with the last state.
///
/// Pure apart from the file system it is given: it `lstat`s the dirty paths, re-reads only files whose
/// (inode, size, mtime) changed, scans new, moved-in or vanished directories, and pairs a
/// disappearance with an appearance as a move (same inode, mtime and size, else same content hash).
/// Editors' save dances (temp file, rename over, backup) therefore come out as one
/// modification, and a file created and deleted within a batch as nothing.
public struct Reconciler: Sendable {
    /// What a batch changed.
    public struct Result: Sendable, Equatable {
        /// The changes: folders added, notes removed, moved, added, modified, folders removed.
        public var changes: [WatchChange] = []
        /// The new fingerprints of every added, modified or moved note, by its (new) path.
        var fingerprints: [PathKey: NoteFingerprint] = [:]
        /// The links of every added, modified or moved note in their stored form
        /// (`LinkTable.storedForm`), by its (new) path: the live index keeps them for backlinks.
        var links: [PathKey: [UInt8]] = [:]

        /// Creates a result.
        public init(changes: [WatchChange] = [], fingerprints: [PathKey: NoteFingerprint] = [:]) {
            self.changes = changes
            self.fingerprints = fingerprints
        }
    }

    /// The configured ignore globs (as `VaultWalker` applies them).
    public let ignore: [String]
    /// The vault's `title_from: heading` (notes are read as `IndexBuilder` reads them).
    let titleFromHeading: Bool
    private let walker: VaultWalker

    /// Creates a reconciler that skips hidden names and the `ignore` globs.
    public init(ignore: [String] = [], titleFromHeading: Bool = false) {
        self.ignore = ignore
        self.titleFromHeading = titleFromHeading
        walker = VaultWalker(root: "", ignore: ignore)
    }

    /// True when the path is not part of the vault: a hidden component or an ignored prefix.
    func isExcluded(_ path: String) -> Bool {
        var prefix = ""
        for component in path.split(separator: "/") {
            let name = String(component)
            prefix = VaultPath.join(prefix, name)
            if name.hasPrefix(".") || walker.isIgnored(prefix, name: name) { return true }
        }
        return false
    }

    private struct MatchKey: Hashable {
        var first: UInt64
        var second: UInt64
        var third: UInt64
    }

    private struct Read {
        var path: String
        var note: Note
        var fingerprint: NoteFingerprint
        /// The note's links (`LinkTable.storedForm`), read from the same bytes as the note.
        var links: [UInt8]
    }

    /// Reconciles one batch against `previous`.
    func reconcile(
        _ batch: Coalescer.Batch, previous: ReconcilerState, fileSystem: some ReconcilerFileSystem
    ) -> Result {
        // Keyed by bytes throughout: `café.md` in NFC and in NFD are two files.
        var scanRoots: Set<PathKey> = batch.fullRescan ? [PathKey("")] : []
        var fileChecks: [PathKey: FileStatus] = [:]
        var disappeared: [PathKey: NoteFingerprint] = [:]

        func unknownAncestor(of path: String) -> String? {
            var folder = VaultPath.folder(of: path)
            var topmost: String?
            while !folder.isEmpty {
                if !previous.folders.contains(PathKey(folder)) { topmost = folder }
                folder = VaultPath.folder(of: folder)
            }
            return topmost
        }

        if !batch.fullRescan {
            for key in batch.paths where !key.path.isEmpty && !isExcluded(key.path) {
                let path = key.path
                let status = fileSystem.lstat(path)
                let wasNote = previous.fingerprint(key)
                let wasFolder = previous.folders.contains(key)
                if let ancestor = unknownAncestor(of: path) { scanRoots.insert(PathKey(ancestor)) }
                switch status?.kind {
                case .directory where status?.isSymlink == false:
                    scanRoots.insert(key)
                    if let wasNote { disappeared[key] = wasNote }
                case .file where VaultPath.isNoteFile(VaultPath.name(of: path)):
                    if wasFolder { scanRoots.insert(key) }
                    fileChecks[key] = status
                default:
                    if let wasNote { disappeared[key] = wasNote }
                    if wasFolder { scanRoots.insert(key) }
                }
            }
        }

        var folderChanges = (added: [String](), removed: [String]())
        let roots = Reconciler.outermost(scanRoots)
        if !roots.isEmpty {
            func isUnderRoot(_ key: PathKey) -> Bool {
                if roots.contains(PathKey("")) { return true }
                var current = key.path
                while !current.isEmpty {
                    if roots.contains(PathKey(current)) { return true }
                    current = VaultPath.folder(of: current)
                }
                return false
            }
            fileChecks = fileChecks.filter { !isUnderRoot($0.key) }
            disappeared = disappeared.filter { !isUnderRoot($0.key) }
            var listedNotes: [PathKey: FileStatus] = [:]
            var listedFolders: Set<PathKey> = []
            for root in roots.map(\.path).sorted() {
                if root.isEmpty {
                    scan("", fileSystem, &listedNotes, &listedFolders)
                } else if let status = fileSystem.lstat(root), status.kind == .directory, !status.isSymlink,
                    !isExcluded(root)
                {
                    listedFolders.insert(PathKey(root))
                    scan(root, fileSystem, &listedNotes, &listedFolders)
                }
            }
            for position in previous.notes.indices {
                let path = PathKey(previous.notes[position].path)
                if listedNotes[path] == nil && isUnderRoot(path) { disappeared[path] = previous.fingerprint(at: position) }
            }
            for folder in previous.folders where !listedFolders.contains(folder) && isUnderRoot(folder) {
                folderChanges.removed.append(folder.path)
            }
            for folder in listedFolders where !previous.folders.contains(folder) {
                folderChanges.added.append(folder.path)
            }
            fileChecks.merge(listedNotes) { current, _ in current }
        }

        // Only files whose stamp changed are read.
        var toRead: [(path: String, status: FileStatus)] = []
        for (key, status) in fileChecks {
            if let old = previous.fingerprint(key), old.stamp == status.stamp, old.isSymlink == status.isSymlink { continue }
            toRead.append((key.path, status))
        }
        toRead.sort { $0.path < $1.path }
        let reads = read(toRead, fileSystem)

        var appeared: [Read] = []
        var modified: [Read] = []
        for (index, item) in toRead.enumerated() {
            let key = PathKey(item.path)
            guard let read = reads[index] else {
                if let old = previous.fingerprint(key) { disappeared[key] = old }
                continue
            }
            if let old = previous.fingerprint(key) {
                if old.stamp.inode == read.fingerprint.stamp.inode {
                    modified.append(read)
                    continue
                }
                // Replaced by a new file: the old one may have moved elsewhere.
                disappeared[key] = old
            }
            appeared.append(read)
        }

        var moves: [(from: String, read: Read)] = []
        var added: [Read] = []
        var gone = disappeared
        // Pass 1: a rename keeps inode, mtime and size; pass 2: a copy (sync tools) keeps the content.
        // The inode alone is not enough: file systems hand a freed inode to the next new file at once.
        let passes: [(NoteFingerprint) -> MatchKey?] = [
            { MatchKey(first: $0.stamp.inode, second: UInt64(bitPattern: $0.stamp.mtimeNanos), third: UInt64(bitPattern: $0.stamp.size)) },
            { $0.hash == 0 ? nil : MatchKey(first: $0.hash, second: 0, third: 0) },
        ]
        var candidates = appeared
        for key in passes where !gone.isEmpty && !candidates.isEmpty {
            var byKey: [MatchKey: [String]] = [:]
            for (path, fingerprint) in gone {
                if let value = key(fingerprint) { byKey[value, default: []].append(path.path) }
            }
            for value in byKey.keys { byKey[value]!.sort() }
            var unmatched: [Read] = []
            for read in candidates {
                if let value = key(read.fingerprint),
                    let match = byKey[value]?.first(where: { !PathKey.sameBytes($0, read.path) && gone[PathKey($0)] != nil })
                {
                    gone[PathKey(match)] = nil
                    moves.append((match, read))
                } else {
                    unmatched.append(read)
                }
            }
            candidates = unmatched
        }
        for read in candidates {
            if gone[PathKey(read.path)] != nil {
                gone[PathKey(read.path)] = nil
                modified.append(read)
            } else {
                added.append(read)
            }
        }

        var result = Result()
        result.changes += folderChanges.added.sorted().map { .folderAdded($0) }
        result.changes += gone.keys.map(\.path).sorted().map { .removed($0) }
        result.changes += moves.sorted { $0.read.path < $1.read.path }.map { .moved(from: $0.from, $0.read.note) }
        result.changes += added.sorted { $0.path < $1.path }.map { .added($0.note) }
        result.changes += modified.sorted { $0.path < $1.path }.map { .modified($0.note) }
        result.changes += folderChanges.removed.sorted(by: >).map { .folderRemoved($0) }
        for read in moves.map(\.read) + added + modified {
            result.fingerprints[PathKey(read.path)] = read.fingerprint
            result.links[PathKey(read.path)] = read.links
        }
        return result
    }

    /// The first scan of the whole vault, straight into path order. No changes are reported for
    /// it, so none are built: at 100,000 notes the change list and its copies were most of the
    /// watcher's peak memory. Files are read a chunk at a time, and each folder path is stored
    /// once however many notes it holds.
    func scanAll(_ fileSystem: some ReconcilerFileSystem) -> ReconcilerState {
        var items: [(path: String, status: FileStatus)] = []
        var folders: Set<PathKey> = []
        scan("", fileSystem, { items.append(($0, $1)) }, &folders)
        items.sort { $0.path < $1.path }
        var state = ReconcilerState(folders: folders)
        state.reserve(items.count)
        var folderNames: [PathKey: String] = [:]
        for start in stride(from: 0, to: items.count, by: Reconciler.scanChunk) {
            var reads = read(Array(items[start..<min(start + Reconciler.scanChunk, items.count)]), fileSystem)
            for at in reads.indices {
                guard var read = reads[at] else { continue }
                // The only reference left, so sharing the folder changes the note in place (no copy).
                reads[at] = nil
                let folder = PathKey(read.note.folder)
                if let shared = folderNames[folder] { read.note.folder = shared } else { folderNames[folder] = folder.path }
                state.append(read.note, read.fingerprint, links: read.links)
            }
        }
        return state
    }

    /// `bytes` in a buffer of their own size: the encoder grows its output by doubling, and the
    /// watch keeps every note's links for as long as it runs (about 3 MB of spare room at 100,000 notes).
    static func exact(_ bytes: [UInt8]) -> [UInt8] {
        bytes.capacity > bytes.count ? bytes.withUnsafeBufferPointer { Array($0) } : bytes
    }

    /// Files read at a time by `scanAll`.
    static let scanChunk = 2048

    /// Lists a directory tree: note files and folders, never following symlinked folders.
    private func scan(
        _ folder: String, _ fileSystem: some ReconcilerFileSystem,
        _ notes: inout [PathKey: FileStatus], _ folders: inout Set<PathKey>
    ) {
        scan(folder, fileSystem, { notes[PathKey($0)] = $1 }, &folders)
    }

    /// Lists a directory tree, telling `found` each note file.
    private func scan(
        _ folder: String, _ fileSystem: some ReconcilerFileSystem,
        _ found: (String, FileStatus) -> Void, _ folders: inout Set<PathKey>
    ) {
        guard let entries = fileSystem.listDirectory(folder) else { return }
        for entry in entries where !entry.name.hasPrefix(".") {
            let path = VaultPath.join(folder, entry.name)
            if walker.isIgnored(path, name: entry.name) { continue }
            switch entry.status.kind {
            case .directory where !entry.status.isSymlink:
                folders.insert(PathKey(path))
                scan(path, fileSystem, found, &folders)
            case .file where VaultPath.isNoteFile(entry.name):
                found(path, entry.status)
            default:
                break
            }
        }
    }

    /// Reads and parses files, in parallel when there are many; nil for files that vanished.
    private func read(_ items: [(path: String, status: FileStatus)], _ fileSystem: some ReconcilerFileSystem) -> [Read?] {
        let titleFromHeading = titleFromHeading
        @Sendable func one(_ item: (path: String, status: FileStatus)) -> Read? {
            switch fileSystem.readNote(item.path) {
            case .missing:
                return nil
            case .contents(let contents):
                let note = NoteReader.parse(contents, relativePath: item.path, titleFromHeading: titleFromHeading)
                let fingerprint = NoteFingerprint(
                    stamp: contents.stamp, hash: NoteFingerprint.hash(contents.bytes, size: contents.stamp.size),
                    isSymlink: item.status.isSymlink)
                return Read(
                    path: item.path, note: note, fingerprint: fingerprint,
                    links: Reconciler.exact(LinkTable.storedForm(of: contents.isComplete ? contents.bytes : nil)))
            case .failed(let problem):
                // The same note `NoteReader.note` makes of an unreadable file; a zero stamp so it is
                // retried, except for a symlinked note, which keeps its target's stamp as there.
                let stamp = problem.kind == .symlink ? item.status.stamp : FileStamp(inode: 0, size: 0, mtimeNanos: 0)
                let note = Note(
                    path: item.path, folder: VaultPath.folder(of: item.path), title: VaultPath.fileTitle(of: item.path),
                    tags: [], tagKeys: [], pinned: false, created: stamp.mtimeSeconds, modified: stamp.mtimeSeconds, snippet: "",
                    stamp: stamp, problem: problem)
                return Read(
                    path: item.path, note: note, fingerprint: NoteFingerprint(stamp: stamp, hash: 0, isSymlink: item.status.isSymlink),
                    links: StoredLink.unreadMarker)
            }
        }
        if items.count < 32 { return items.map(one) }
        let slots = ResultSlots<Read?>(count: items.count)
        Parallel.forEach(items.count, minimumChunk: 16) { index in slots.set(index, one(items[index])) }
        return slots.values()
    }

    /// The roots that are not inside another root (`""` covers everything).
    static func outermost(_ roots: Set<PathKey>) -> Set<PathKey> {
        if roots.contains(PathKey("")) { return [PathKey("")] }
        return roots.filter { root in
            var parent = VaultPath.folder(of: root.path)
            while !parent.isEmpty {
                if roots.contains(PathKey(parent)) { return false }
                parent = VaultPath.folder(of: parent)
            }
            return true
        }
    }
}
