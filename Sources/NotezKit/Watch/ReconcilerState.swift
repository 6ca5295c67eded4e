/// What the reconciler compares the disk against: every note with its fingerprint, and every folder.
///
/// The notes are kept in path order, and they are the live index's notes themselves (`LiveIndex`
/// reads them from here), so nothing is stored twice. A fingerprint is the note's own stamp plus a
/// content hash kept in a compact array beside the notes (8 bytes a note; a dictionary by path
/// took about 15 MB at 100,000 notes) and the few symlinked paths.
public struct ReconcilerState: Sendable, Equatable {
    /// Every note, sorted by path (bytes decide between NFC and NFD twins, which are two notes).
    public private(set) var notes: [Note] = []
    /// The content hash of each of `notes`, same order.
    private(set) var hashes: [UInt64] = []
    /// The links of each of `notes` in their stored form (`LinkTable.stored`), same order.
    private(set) var links: [[UInt8]] = []
    /// The notes read through a symlink.
    private(set) var symlinks: Set<PathKey> = []
    /// Vault-relative paths of the known folders (the root excluded).
    public var folders: Set<PathKey>

    /// Creates a state with no notes.
    public init(folders: Set<PathKey> = []) {
        self.folders = folders
    }

    /// The number of notes.
    var count: Int { notes.count }

    /// The position of the note at `key` in `notes`.
    func position(of key: PathKey) -> Int? { VaultIndex.position(of: key.path, in: notes) }

    /// The fingerprint of the note at `key`, nil when there is none.
    func fingerprint(_ key: PathKey) -> NoteFingerprint? {
        position(of: key).map { fingerprint(at: $0) }
    }

    /// The fingerprint of the note at `position`.
    func fingerprint(at position: Int) -> NoteFingerprint {
        let note = notes[position]
        return NoteFingerprint(
            stamp: note.stamp, hash: hashes[position], isSymlink: !symlinks.isEmpty && symlinks.contains(PathKey(note.path)))
    }

    /// Whether the note at `key` is read through a symlink.
    func isSymlink(_ key: PathKey) -> Bool { !symlinks.isEmpty && symlinks.contains(key) }

    /// Appends a note that sorts after every note already here (the initial scan).
    mutating func append(_ note: Note, _ fingerprint: NoteFingerprint, links noteLinks: [UInt8]) {
        notes.append(note)
        hashes.append(fingerprint.hash)
        links.append(noteLinks)
        if fingerprint.isSymlink { symlinks.insert(PathKey(note.path)) }
    }

    /// Reserves room for `count` notes.
    mutating func reserve(_ count: Int) {
        notes.reserveCapacity(count)
        hashes.reserveCapacity(count)
        links.reserveCapacity(count)
    }

    /// Takes out the notes at `paths` (those that exist) and puts `incoming` in, keeping path order:
    /// a note replaced at its own path stays in its place (unless a twin is beside it), the others
    /// shift the arrays (a few notes) or go in one merge (`mergeOnly`: always, as tests compare).
    /// The last note given for a path wins.
    mutating func replace(
        _ paths: [PathKey], with incoming: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])], mergeOnly: Bool = false
    ) {
        var byPath: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])] = []
        // Twins (equal as strings) ordered by their bytes, so that each path's notes are side by side.
        let ordered = incoming.enumerated().sorted {
            let (a, b) = ($0.element.note.path, $1.element.note.path)
            if a != b { return a < b }
            if !PathKey.sameBytes(a, b) { return a.utf8.lexicographicallyPrecedes(b.utf8) }
            return $0.offset < $1.offset
        }
        for (_, item) in ordered {
            if let last = byPath.last, PathKey.sameBytes(last.note.path, item.note.path) { byPath.removeLast() }
            byPath.append(item)
        }
        for path in paths { symlinks.remove(path) }
        for item in byPath where item.fingerprint.isSymlink { symlinks.insert(PathKey(item.note.path)) }
        var out = Set(paths.compactMap(position(of:))).sorted()
        if out.count == byPath.count && zip(out, byPath).allSatisfy({ PathKey.sameBytes(notes[$0].path, $1.note.path) }) {
            for (position, item) in zip(out, byPath) {
                notes[position] = item.note
                hashes[position] = item.fingerprint.hash
                links[position] = item.links
            }
            return
        }
        if !mergeOnly {
            if out.count + byPath.count > ReconcilerState.shiftLimit { (out, byPath) = replaceInPlace(out: out, incoming: byPath) }
            if out.count + byPath.count <= ReconcilerState.shiftLimit {
                shift(out: out, in: byPath)
                return
            }
        }
        var mergedNotes: [Note] = []
        var mergedHashes: [UInt64] = []
        var mergedLinks: [[UInt8]] = []
        let capacity = notes.count - out.count + byPath.count
        mergedNotes.reserveCapacity(capacity)
        mergedHashes.reserveCapacity(capacity)
        mergedLinks.reserveCapacity(capacity)
        var arriving = 0
        out.append(Int.max)
        var skip = 0
        for (position, note) in notes.enumerated() {
            if out[skip] == position {
                skip += 1
                continue
            }
            while arriving < byPath.count && byPath[arriving].note.path < note.path {
                mergedNotes.append(byPath[arriving].note)
                mergedHashes.append(byPath[arriving].fingerprint.hash)
                mergedLinks.append(byPath[arriving].links)
                arriving += 1
            }
            mergedNotes.append(note)
            mergedHashes.append(hashes[position])
            mergedLinks.append(links[position])
        }
        for item in byPath[arriving...] {
            mergedNotes.append(item.note)
            mergedHashes.append(item.fingerprint.hash)
            mergedLinks.append(item.links)
        }
        notes = mergedNotes
        hashes = mergedHashes
        links = mergedLinks
    }

    /// Puts each incoming note that replaces one at its own path where neither has a twin (a path
    /// equal as a string) beside it, in that note's place: where the merge would put it. Gives back
    /// the positions still to take out and the notes still to insert (an edit of 50 notes plus a
    /// rename leaves two).
    private mutating func replaceInPlace(
        out: [Int], incoming: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])]
    ) -> ([Int], [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])]) {
        let leaving = Set(out)
        var replaced = Set<Int>()
        var rest: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])] = []
        for (at, item) in incoming.enumerated() {
            let path = item.note.path
            // Twins sort side by side, among the incoming notes as among the notes.
            let twinArriving = (at > 0 && incoming[at - 1].note.path == path) || (at + 1 < incoming.count && incoming[at + 1].note.path == path)
            guard !twinArriving, let position = position(of: PathKey(path)), leaving.contains(position),
                !(position > 0 && notes[position - 1].path == path), !(position + 1 < notes.count && notes[position + 1].path == path)
            else {
                rest.append(item)
                continue
            }
            notes[position] = item.note
            hashes[position] = item.fingerprint.hash
            links[position] = item.links
            replaced.insert(position)
        }
        return (out.filter { !replaced.contains($0) }, rest)
    }

    /// Changes up to this many notes by shifting the arrays in place; more by one merge.
    static let shiftLimit = 64

    /// Takes the notes at the ascending positions `out` out and inserts `incoming` (sorted by
    /// path, one a path) where the merge would: after every note whose path is not after theirs.
    /// Each step moves the arrays' elements without retaining them, where a merge retains and
    /// releases every note of the vault.
    private mutating func shift(out: [Int], in incoming: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])]) {
        for position in out.reversed() {
            notes.remove(at: position)
            hashes.remove(at: position)
            links.remove(at: position)
        }
        var low = 0
        for item in incoming {
            var high = notes.count
            while low < high {
                let middle = (low + high) / 2
                if item.note.path < notes[middle].path { high = middle } else { low = middle + 1 }
            }
            notes.insert(item.note, at: low)
            hashes.insert(item.fingerprint.hash, at: low)
            links.insert(item.links, at: low)
            low += 1
        }
    }
}
