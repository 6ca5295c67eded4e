/// The vault as the memory-mapped index cache records it, with the few notes changed since read
/// afresh: enough to plan a `rename` without building the whole index. The cache's link tables say
/// which notes link to the renamed note and which notes are called by each name their links use,
/// so the plan reads and resolves only those (`index(moving:)`), and the answer is the one the
/// full index gives.
///
/// Trusted only as far as proven: the folder stamps of the last walk and every note's stamp
/// (`WalkSnapshot`), else the snapshot's folders that kept their stamps and a listing of the
/// others (a walk when the folder tree changed): every note listed whose path and stamp the cache
/// records is taken from the cache, every other one is read again (a note changed or added since,
/// or too recent to be stored), and a cached note not listed is left out. With more
/// than `changedLimit` notes to read, or no cache, `open` gives nil: the caller then builds the
/// full index (which also writes the cache again).
public final class LinkFocus: LinkStore, @unchecked Sendable {
    /// The absolute vault root.
    public let root: String
    /// The vault's settings.
    public let config: VaultConfig
    /// notez's own files that were not used (the defaults were used instead), to warn about.
    public let stateProblems: [FileIssue]
    private let settings: IndexBuilder.Settings
    private let cached: CachedIndex
    /// The notes' paths in path order, when the walk's differ from the cache's.
    private let paths: [String]?
    /// Per note, its position in the cache, -1 for a note read afresh; nil: the same positions.
    private let cachePositions: [Int32]?
    /// Per cache position, the note's position here, -1 when it is not taken from the cache.
    private let positionsOfCached: [Int32]?
    /// The notes read afresh (changed, added or too recent for the cache), by position.
    private let fresh: [Int: (note: Note, links: [UInt8])]
    /// The names of each note read afresh and the keys its links are filed under, made once.
    private let freshKeys: [Int: (names: Set<String>, targets: Set<String>)]
    private let symlinkedNotes: Set<String>
    private let folders: [String]

    /// At most this many notes are read again (and at least this share of the vault's).
    static let changedLimit = 256

    private init(
        root: String, settings: IndexBuilder.Settings, cached: CachedIndex, paths: [String]?, cachePositions: [Int32]?,
        fresh: [Int: (note: Note, links: [UInt8])], symlinkedNotes: Set<String>, folders: [String]
    ) {
        self.root = root
        self.settings = settings
        config = settings.config
        stateProblems = settings.problems
        self.cached = cached
        self.paths = paths
        self.cachePositions = cachePositions
        if let cachePositions {
            var back = [Int32](repeating: -1, count: cached.noteCount)
            for (position, cachePosition) in cachePositions.enumerated() where cachePosition >= 0 { back[Int(cachePosition)] = Int32(position) }
            positionsOfCached = back
        } else {
            positionsOfCached = nil
        }
        self.fresh = fresh
        var keys: [Int: (names: Set<String>, targets: Set<String>)] = [:]
        for (position, changed) in fresh {
            var targets = Set<String>()
            for stored in StoredLink.decode(changed.links) ?? [] { targets.formUnion(StoredLink.targetKeys(stored.link, source: changed.note.path)) }
            keys[position] = (Set(StoredLink.nameKeys(path: changed.note.path, title: changed.note.title, aliases: changed.note.aliases)), targets)
        }
        freshKeys = keys
        self.symlinkedNotes = symlinkedNotes
        self.folders = folders
    }

    /// The focus of the vault at `root`, when it has an index cache and at most a few notes are
    /// not in it as they are now (those are read here); nil otherwise.
    public static func open(root: String) -> LinkFocus? {
        let settings = IndexBuilder.Settings(root: root)
        guard let cacheFolder = IndexCache.folderPath(root: root), (try? UserFolders.check(cacheFolder)) != nil else { return nil }
        let cachePath = cacheFolder + "/" + IndexCache.fileName
        // Mapped and checked once, whichever way it is then proven.
        guard let cached = CachedIndex.unproven(root: root, settings: settings, cachePath: cachePath) else { return nil }
        let known = WalkSnapshot.load(folder: cacheFolder)
        if let known, cached.isConfirmed(by: known) {
            return LinkFocus(
                root: root, settings: settings, cached: cached, paths: nil, cachePositions: nil, fresh: [:], symlinkedNotes: [],
                folders: Array(known.folders.dropFirst()))
        }
        // The folders that kept their stamps need no listing; a walk when the folder tree changed.
        let listing = known.flatMap { cached.listing(from: $0) } ?? VaultWalker(root: root, ignore: settings.config.ignore).walk()
        guard listing.stamps.count == listing.notes.count else { return nil }
        // The walk's paths and the cache's are both in path order: matched in one pass, by bytes
        // while they agree (nearly always), by the order where they differ. A note in only one of
        // them marks its folder as not the cache's (an order the two disagree on marks more).
        var cachePositions = [Int32](repeating: -1, count: listing.notes.count)
        var toRead: [Int] = []
        var unsettled = Set<String>()
        var next = 0
        for (position, path) in listing.notes.enumerated() {
            while next < cached.noteCount, !cached.records(path, at: next), cached.path(at: next) < path {
                unsettled.insert(cached.folder(at: next))
                next += 1
            }
            guard next < cached.noteCount, cached.records(path, at: next) else {
                unsettled.insert(VaultPath.folder(of: path))
                toRead.append(position)
                continue
            }
            if let stamp = listing.stamps[position], stamp == cached.recordedStamp(at: next) {
                cachePositions[position] = Int32(next)
            } else {
                toRead.append(position)
            }
            next += 1
        }
        for record in next..<cached.noteCount { unsettled.insert(cached.folder(at: record)) }
        // Kept for the next run: the folders whose notes this listing found to be the cache's need
        // no listing then either (the bench's cold rename walked the whole vault every time).
        if let snapshot = cached.snapshot(of: listing, unsettled: unsettled), snapshot != known { try? snapshot.save(root: root) }
        guard toRead.count <= max(changedLimit, listing.notes.count / 100) else { return nil }
        let titleFromHeading = settings.config.titleFromHeading
        let paths = listing.notes
        let reading = toRead
        let read = Parallel.map(reading.count, minimumChunk: 8) { slot -> (note: Note, links: [UInt8]) in
            let (note, contents) = NoteReader.noteAndContents(relativePath: paths[reading[slot]], root: root, titleFromHeading: titleFromHeading)
            return (note, LinkTable.storedForm(of: contents.flatMap { $0.isComplete ? $0.bytes : nil }))
        }
        var fresh: [Int: (note: Note, links: [UInt8])] = [:]
        for (slot, position) in toRead.enumerated() { fresh[position] = read[slot] }
        return LinkFocus(
            root: root, settings: settings, cached: cached, paths: paths, cachePositions: cachePositions, fresh: fresh,
            symlinkedNotes: listing.symlinkedNotes, folders: listing.folders)
    }

    /// The cache position of the note at `position`, nil when it was read afresh.
    private func cachePosition(_ position: Int) -> Int? {
        guard let cachePositions else { return position }
        let found = cachePositions[position]
        return found >= 0 ? Int(found) : nil
    }

    /// The positions here of the cache positions `found` (the ones taken from the cache).
    private func fromCache(_ found: [Int]) -> [Int] {
        guard let positionsOfCached else { return found }
        return found.compactMap { positionsOfCached[$0] >= 0 ? Int(positionsOfCached[$0]) : nil }
    }

    /// The position of the note at `path` (exact bytes).
    private func position(ofPath path: String) -> Int? {
        guard let paths else { return cached.position(ofPath: path) }
        return PathKey.position(of: path, count: paths.count) { paths[$0] }
    }

    /// The note at `position`.
    func note(at position: Int) -> Note { fresh[position]?.note ?? cached.note(atPosition: cachePosition(position)!) }

    /// The note a NOTE argument names, by the one rule (`NoteCollection.resolve`).
    public func resolve(_ argument: String) throws(NotezError) -> Note {
        try NoteArgument.resolve(
            argument, root: root, count: noteCount, position: { self.position(ofPath: $0) }, path: { self.path(at: $0) },
            title: { self.fresh[$0]?.note.title ?? self.cached.title(at: self.cachePosition($0)!) }, note: { self.note(at: $0) })
    }

    /// An index of only the notes a move of `moves` (old path → new path and the title after it,
    /// nil when it stays) needs to plan its link rewrites (`PlanBuilder.keepLinks`): the moved
    /// notes, the notes with a link filed under one of their names, the notes whose links are
    /// unknown (these three are the candidates, with their links), and every note called by a name
    /// that the candidates' links use or that the moved notes will have (without links: for their
    /// names). For planning only: the index is not the vault. Every link of these notes resolves in
    /// it as in the whole vault (a link can only resolve to a note called by one of its names:
    /// `LinkStore.resolver(forKeys:)`), before and after the move, and so do the rewritten links,
    /// which use the new names. With `resolvingEveryLink` false (a rename), only the links that
    /// can find a moved note and the moved notes' own links are sure to.
    func index(moving moves: [String: (path: String, title: String?)], resolvingEveryLink: Bool = true) -> VaultIndex {
        let (ordered, candidates) = focusPositions(moving: moves, resolvingEveryLink: resolvingEveryLink) { self.position(ofPath: $0) }
        let chosen = Set(ordered)
        var index = settings.index(
            notes: ordered.map { note(at: $0) }, folders: folders,
            symlinkedNotes: symlinkedNotes.filter { path in self.position(ofPath: path).map(chosen.contains) ?? false }, walkProblems: [])
        // Only the candidates' links are kept: the plan reads the others' names, never their links
        // (`LinkGraph.rewriteCandidates` then finds the candidates among them without filing every link).
        index.linkTable = LinkTable(
            stored: ordered.map { candidates.contains($0) ? fresh[$0]?.links ?? cached.storedLinkBytes(at: cachePosition($0)!) : [] })
        return index
    }

    /// An index of only the notes the NOTE `arguments` name, each resolved by the one rule over the
    /// whole vault (`resolve`), for a plan that edits those notes and reads nothing else of the
    /// vault (`pin`, `set`): nil when an argument names no single note (the whole index then gives
    /// the error). Without links: such a plan reads none.
    public func index(ofNotes arguments: [String]) -> VaultIndex? {
        var chosen = Set<Int>()
        for argument in arguments {
            guard let note = try? resolve(argument), let position = position(ofPath: note.path) else { return nil }
            chosen.insert(position)
        }
        let ordered = chosen.sorted()
        return settings.index(
            notes: ordered.map { note(at: $0) }, folders: folders,
            symlinkedNotes: symlinkedNotes.filter { path in self.position(ofPath: path).map(chosen.contains) ?? false }, walkProblems: [])
    }

    // MARK: - LinkStore

    /// The number of notes.
    var noteCount: Int { paths?.count ?? cached.noteCount }

    func path(at position: Int) -> String { paths?[position] ?? cached.path(at: position) }

    func storedLinks(at position: Int) -> [StoredLink]? {
        if let changed = fresh[position] { return StoredLink.decode(changed.links) }
        return cached.storedLinks(at: cachePosition(position)!)
    }

    var unreadPositions: [Int] {
        var positions = Set(fromCache(cached.unreadPositions))
        for (position, changed) in fresh where changed.links == StoredLink.unreadMarker { positions.insert(position) }
        return positions.sorted()
    }

    /// The cache's postings of the notes taken from it, and the notes read afresh by what they hold now.
    func positions(linkingUnder key: String) -> [Int] {
        merged(fromCache(cached.positions(linkingUnder: key))) { position in freshKeys[position]?.targets.contains(key) == true }
    }

    /// The cache's postings of the notes taken from it, and the notes read afresh by their names now.
    func positions(namedBy key: String) -> [Int] {
        merged(fromCache(cached.positions(namedBy: key))) { position in freshKeys[position]?.names.contains(key) == true }
    }

    func linkTarget(at position: Int) -> LinkResolver.Target {
        guard let changed = fresh[position] else { return cached.linkTarget(at: cachePosition(position)!) }
        return LinkResolver.Target(path: changed.note.path, title: changed.note.title, aliases: changed.note.aliases)
    }

    var linkOptions: LinkResolver.Options { LinkResolver.Options(config: config) }

    /// `positions` (from the cache) with the notes read afresh that `has` accepts, ascending.
    private func merged(_ positions: [Int], _ has: (Int) -> Bool) -> [Int] {
        guard !fresh.isEmpty else { return positions }
        var result = positions
        for position in fresh.keys where has(position) { result.append(position) }
        return result.sorted()
    }
}
