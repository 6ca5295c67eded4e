/// The full index answers a query straight from its notes.
extension VaultIndex: NoteCollection {
    /// The number of notes.
    public var noteCount: Int { notes.count }
    /// The vault-relative path of the note at `position`.
    public func path(at position: Int) -> String { notes[position].path }
    /// The folder of the note at `position`.
    public func folder(at position: Int) -> String { notes[position].folder }
    /// The title of the note at `position`.
    public func title(at position: Int) -> String { notes[position].title }
    /// Whether the note at `position` is pinned.
    public func isPinned(at position: Int) -> Bool { notes[position].pinned }
    /// The creation time of the note at `position`.
    public func created(at position: Int) -> Double { notes[position].created }
    /// The modification time of the note at `position`.
    public func modified(at position: Int) -> Double { notes[position].modified }
    /// The file size of the note at `position`.
    public func fileSize(at position: Int) -> Int64 { notes[position].stamp.size }
    /// The note at `position`.
    public func note(atPosition position: Int) -> Note { notes[position] }
    /// From the pinned list (a pass over 100,000 notes was a twentieth of an `overview --json`).
    public var pinnedCount: Int { pinnedOrder.count }

    /// From the link table's lookup of names when it was built already (a daemon's, after its
    /// first link question); building it for one NOTE would cost more than the pass it saves.
    public func positions(calledBy key: String) -> [Int]? { linkTable?.positionsIfBuilt(namedBy: key) }

    /// From the note's strings, each tag named by `rowTagName`.
    public func withRowFields<R>(at position: Int, _ body: (NoteRowFields) -> R) -> R {
        NoteRowFields.with(notes[position], name: rowTagName(), body)
    }

    /// As `withRowFields(at:)`, for a run of rows: the tables every row consults are taken once
    /// for the run, not retained by both cores for each row (a fifth of a warm `ls -r` in `perf`
    /// was `swift_retain`), and the rows share one scratch.
    public func forEachRowFields(at positions: ArraySlice<Int>, _ body: (NoteRowFields) -> Void) {
        let name = rowTagName()
        var lender = NoteRowFields.Lender()
        notes.withUnsafeBufferPointer { notes in
            for position in positions { lender.lend(notes[position], name: name, body) }
        }
    }

    /// How a row names a tag: its display name; without a registry, a tag that has only one
    /// spelling (`spellingUses` keeps those with more) by that spelling when it is ASCII, which is
    /// then the display name's bytes, so rows do not each look up, and retain on every core, the
    /// shared summaries (a third of a warm `ls -r` in `perf`). Made from the tables, not `self`: a
    /// closure that named `displayName(of:)` copied the whole index for every row.
    private func rowTagName() -> (String, TagKey) -> String {
        let (plain, uses, byKey) = (registry.entries.isEmpty, spellingUses, tagByKey)
        return { tag, key in
            if plain, uses.isEmpty || uses.index(forKey: key) == nil, ASCIIBytes.only(tag) { return tag }
            return byKey[key]?.name ?? tag
        }
    }

    /// Each path read in place, the note array borrowed for the run. Many paths are first copied
    /// out in position order, a window at a time, then handed over in the order asked: each read
    /// retains its note and path, and a retain waits for its cache line before the next read can
    /// start, so 33,000 notes read in list order (scattered in memory) took 15 ms, most of a warm
    /// `--paths`, and notes read in position order lie mostly one after the other.
    public func forEachPath(at positions: ArraySlice<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
        notes.withUnsafeBufferPointer { notes in
            guard positions.count >= VaultIndex.pathWindow / 4 else {
                for position in positions { notes[position].withPathUTF8(body) }
                return
            }
            var rowAt = [Int32](repeating: -1, count: notes.count)
            var (bytes, starts, ends): ([UInt8], [Int], [Int]) = ([], [], [])
            var windowStart = positions.startIndex
            while windowStart < positions.endIndex {
                let window = positions[windowStart..<min(windowStart + VaultIndex.pathWindow, positions.endIndex)]
                windowStart = window.endIndex
                var (lowest, highest, repeated) = (Int.max, -1, false)
                for (row, position) in window.enumerated() {
                    repeated = repeated || rowAt[position] >= 0
                    rowAt[position] = Int32(row)
                    (lowest, highest) = (min(lowest, position), max(highest, position))
                }
                if repeated {
                    // A position asked twice has one row mark: read this window in place.
                    for position in window { rowAt[position] = -1 }
                    for position in window { notes[position].withPathUTF8(body) }
                    continue
                }
                bytes.removeAll(keepingCapacity: true)
                starts = [Int](repeating: 0, count: window.count)
                ends = starts
                for position in lowest...highest where rowAt[position] >= 0 {
                    let row = Int(rowAt[position])
                    rowAt[position] = -1
                    starts[row] = bytes.count
                    notes[position].withPathUTF8 { bytes.append(contentsOf: $0) }
                    ends[row] = bytes.count
                }
                bytes.withUnsafeBytes { all in
                    for row in 0..<window.count { body(UnsafeRawBufferPointer(rebasing: all[starts[row]..<ends[row]])) }
                }
            }
        }
    }

    /// How many paths `forEachPath` copies out at a time (about 1 MB of paths).
    static let pathWindow = 16384

    /// The keys read from the borrowed note array (see `forEachPath`).
    public func listOrder(_ positions: [Int], limit: Int? = nil) -> [Int] {
        notes.withUnsafeBufferPointer { notes in
            Ordering.listPositions(positions, limit: limit, pinned: { notes[$0].pinned }, modified: { notes[$0].modified })
        }
    }

    /// The full index keeps no text signatures: every note may contain any text.
    public func mayContainText(_ trigrams: [UInt32], at position: Int) -> Bool { true }

    /// From the cache's signatures joined to these notes when a daemon attached them
    /// (`withTextSignatures`), else every position.
    public func positions(mayContainText trigrams: [UInt32], among positions: [Int]) -> [Int] {
        guard textSignatures != nil else { return positions }
        let set = PositionSet(capacity: notes.count, positions: positions)
        return members(mayContainText: trigrams, among: set).positions
    }

    /// `positions(mayContainText:among:)` for a set, as a full-text search asks: no list of the
    /// positions is made (100,000 of them, 800 KB of fresh pages, for a search of the vault).
    func members(mayContainText trigrams: [UInt32], among set: PositionSet) -> PositionSet {
        guard let textSignatures else { return set }
        return textSignatures.source.candidates(set, trigrams: trigrams, in: self, version: textSignatures.version)
    }

    /// The positions of the notes over `NoteReader.maxNoteSize`, whose bodies full text skips:
    /// kept with the text signatures' join when a daemon attached them, else found now.
    func oversizedPositions() -> [Int] {
        if let textSignatures, let kept = textSignatures.source.oversized(noteCount: notes.count, version: textSignatures.version) {
            return kept
        }
        return VaultIndex.oversizedPositions(notes)
    }

    /// The positions of `notes` over `NoteReader.maxNoteSize`, straight from the note array
    /// (through the collection's accessor, this pass was a tenth of a warm full-text search).
    static func oversizedPositions(_ notes: [Note]) -> [Int] {
        let limit = Int64(NoteReader.maxNoteSize)
        return notes.indices.filter { notes[$0].stamp.size > limit }
    }

    /// This index with the cache's text signatures consulted by its full-text searches;
    /// `version` must change whenever the notes do (a snapshot's version): the join is remade then.
    public func withTextSignatures(_ signatures: CachedSignatures, version: Int) -> VaultIndex {
        var copy = self
        copy.textSignatures = (signatures, version)
        return copy
    }

    /// From the posting lists.
    public func positions(taggedWith key: TagKey) -> [Int] {
        // The children by binary search in the keys' byte order: a pass over 47,000 keys was half
        // of a warm `tag:` search.
        let keys = tagKeys(selfOrDescendantsOf: key)
        if keys.count == 1 { return notesByTag[keys[0]] ?? [] }
        var result: [Int] = []
        for other in keys { result += notesByTag[other] ?? [] }
        return result
    }

    /// `positions` in list order, sorting positions rather than notes (see `Ordering.listOrder`).
    public func notesInListOrder(_ positions: [Int], limit: Int?) -> [Note] {
        Ordering.listOrder(positions, in: notes, limit: limit)
    }
}
