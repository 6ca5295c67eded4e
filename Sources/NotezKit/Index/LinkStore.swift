/// The links of a vault as an index keeps them: `VaultIndex` with its `LinkTable`, or the
/// memory-mapped `CachedIndex`. Links are stored raw and resolved when asked (resolution depends
/// on the whole vault and on the linking note's folder); the lookups make backlinks a lookup.
protocol LinkStore: Sendable {
    /// The number of notes.
    var noteCount: Int { get }
    /// The vault-relative path of the note at `position`.
    func path(at position: Int) -> String
    /// The links of the note at `position`; nil when unknown (the note could not be read).
    func storedLinks(at position: Int) -> [StoredLink]?
    /// The notes whose links are unknown.
    var unreadPositions: [Int] { get }
    /// The notes with a link filed under the folded name `key` (`StoredLink.targetKeys`).
    func positions(linkingUnder key: String) -> [Int]
    /// The notes called by the folded name `key` (`StoredLink.nameKeys`).
    func positions(namedBy key: String) -> [Int]
    /// The names the note at `position` can be linked by.
    func linkTarget(at position: Int) -> LinkResolver.Target
    /// The vault's link options (`link_aliases`, `dendron_links`).
    var linkOptions: LinkResolver.Options { get }
    /// What the note's stored links resolved to when the index was written, one per link; nil when
    /// not kept or not known to be current (the links are then resolved when asked).
    func storedResolutions(at position: Int) -> [StoredResolution]?
}

/// A `VaultIndex` and its link table.
struct IndexedLinks: LinkStore {
    let index: VaultIndex
    let table: LinkTable

    var noteCount: Int { index.notes.count }

    func path(at position: Int) -> String { index.notes[position].path }

    func storedLinks(at position: Int) -> [StoredLink]? { table.links(at: position) }

    var unreadPositions: [Int] { index.notes.indices.filter { table.isUnread($0) } }

    func positions(linkingUnder key: String) -> [Int] { table.positions(linkingUnder: key, notes: index.notes) }

    func positions(namedBy key: String) -> [Int] { table.positions(namedBy: key, notes: index.notes) }

    func linkTarget(at position: Int) -> LinkResolver.Target {
        let note = index.notes[position]
        return LinkResolver.Target(path: note.path, title: note.title, aliases: note.aliases)
    }

    var linkOptions: LinkResolver.Options { LinkResolver.Options(config: index.config) }

    /// The full index resolves when asked.
    func storedResolutions(at position: Int) -> [StoredResolution]? { nil }
}

extension LinkStore {
    /// None kept unless the store says otherwise.
    func storedResolutions(at position: Int) -> [StoredResolution]? { nil }

    /// The notes a move of `moves` (old path → new path and the title after it, nil when it
    /// stays) needs to plan its link rewrites, ascending (`LinkFocus.index(moving:)`): the
    /// candidates (the moved notes, the notes with a link filed under one of their names, the notes
    /// whose links are unknown) and every note called by a name that the candidates' links use or
    /// that the moved notes will have. `position` finds a note by its exact path.
    /// `resolvingEveryLink` false, for a plan that rewrites only the links that find a moved note
    /// and moves no attachment (a rename): a candidate's links that are not filed under a moved
    /// note's names cannot find it, are skipped whatever they resolve to, and bring in no note.
    func focusPositions(
        moving moves: [String: (path: String, title: String?)], resolvingEveryLink: Bool = true, position: (String) -> Int?
    ) -> (chosen: [Int], candidates: Set<Int>) {
        var chosen = Set(unreadPositions)
        var keys = Set<String>()
        var movedNames = Set<String>()
        for (old, move) in moves {
            guard let position = position(old) else { continue }
            chosen.insert(position)
            let note = linkTarget(at: position)
            let names = StoredLink.nameKeys(path: note.path, title: note.title, aliases: note.aliases)
            for key in names { chosen.formUnion(positions(linkingUnder: key)) }
            keys.formUnion(names)
            movedNames.formUnion(names)
            keys.formUnion(StoredLink.nameKeys(path: move.path, title: move.title ?? note.title, aliases: note.aliases))
            keys.formUnion(StoredLink.nameKeys(path: move.path, title: VaultPath.fileTitle(of: move.path), aliases: []))
        }
        let candidates = chosen
        // A link resolves as in the whole vault when every note called by one of its keys is there.
        let filter = resolvingEveryLink ? nil : LinkNameFilter(names: movedNames)
        for position in candidates {
            let source = path(at: position)
            let every = filter == nil || moves[source] != nil
            for stored in storedLinks(at: position) ?? [] {
                if every {
                    keys.formUnion(StoredLink.targetKeys(stored.link, source: source))
                } else if let linkKeys = filter?.keys(of: stored.link, source: source) {
                    keys.formUnion(linkKeys)
                }
            }
        }
        for key in keys { chosen.formUnion(positions(namedBy: key)) }
        return (chosen.sorted(), candidates)
    }

    /// A resolver that answers exactly as the whole vault's would for every link filed under
    /// `keys`: such a link can only resolve to a note called by one of its keys, so the notes
    /// called by them are all it needs (a few notes instead of the vault).
    func resolver(forKeys keys: Set<String>) -> LinkResolver {
        var positions = Set<Int>()
        for key in keys { positions.formUnion(self.positions(namedBy: key)) }
        return LinkResolver(targets: positions.sorted().map { linkTarget(at: $0) }, options: linkOptions)
    }

    /// The links of the notes at `positions` whose resolution `keep` accepts, each resolved, in
    /// the order given; and the notes among them whose links are unknown. With `resolver` nil, one
    /// is made for their keys.
    /// Decoded and resolved on all cores; within a chunk, links that read the same (kind, target,
    /// fragment, label) from the same folder are resolved once: the resolver reads nothing else
    /// of a link, and of the linking note only its folder (a vault's links repeat their targets).
    func resolvedLinks(
        of positions: [Int], resolver given: LinkResolver? = nil, keep: (LinkResolver.Resolution) -> Bool = { _ in true }
    ) -> (links: [(position: Int, stored: StoredLink, resolution: LinkResolver.Resolution)], unread: [Int]) {
        let decoded = Parallel.map(positions.count, minimumChunk: 512) { storedLinks(at: positions[$0]) }
        var unread: [Int] = []
        for (slot, links) in decoded.enumerated() where links == nil { unread.append(positions[slot]) }
        if given == nil, let stored = storedResolutions(of: positions, decoded: decoded) {
            var links: [(position: Int, stored: StoredLink, resolution: LinkResolver.Resolution)] = []
            for (slot, items) in decoded.enumerated() {
                for (item, resolution) in zip(items ?? [], stored[slot]) {
                    let resolved = resolution.resolution { path(at: $0) }
                    if keep(resolved) { links.append((positions[slot], item, resolved)) }
                }
            }
            return (links, unread)
        }
        let resolver: LinkResolver
        if let given {
            resolver = given
        } else {
            var keys = Set<String>()
            for (slot, links) in decoded.enumerated() {
                let source = path(at: positions[slot])
                for stored in links ?? [] { keys.formUnion(StoredLink.targetKeys(stored.link, source: source)) }
            }
            resolver = self.resolver(forKeys: keys)
        }
        let chunk = 256
        let chunks = (positions.count + chunk - 1) / chunk
        let resolved = Parallel.map(chunks, minimumChunk: 1) { number -> [LinkResolver.Resolution] in
            var memo: [ResolutionMemoKey: LinkResolver.Resolution] = [:]
            var out: [LinkResolver.Resolution] = []
            for slot in number * chunk..<min(positions.count, (number + 1) * chunk) {
                guard let links = decoded[slot], !links.isEmpty else { continue }
                let source = path(at: positions[slot])
                let folder = PathKey(VaultPath.folder(of: source))
                for stored in links {
                    let link = stored.link
                    let key = ResolutionMemoKey(
                        kind: link.kind, target: PathKey(link.target), fragment: link.fragment.map(PathKey.init),
                        label: link.label.map(PathKey.init), folder: folder)
                    if let known = memo[key] {
                        out.append(known)
                    } else {
                        let resolution = resolver.resolve(link, from: source)
                        memo[key] = resolution
                        out.append(resolution)
                    }
                }
            }
            return out
        }
        var links: [(position: Int, stored: StoredLink, resolution: LinkResolver.Resolution)] = []
        var next = resolved.lazy.flatMap { $0 }.makeIterator()
        for (slot, stored) in decoded.enumerated() {
            for item in stored ?? [] {
                let resolution = next.next()!
                if keep(resolution) { links.append((positions[slot], item, resolution)) }
            }
        }
        return (links, unread)
    }

    /// The stored resolutions of the notes at `positions`, one list per note with as many entries
    /// as `decoded` (their stored links) has; nil when any is missing or disagrees.
    func storedResolutions(of positions: [Int], decoded: [[StoredLink]?]) -> [[StoredResolution]]? {
        var result: [[StoredResolution]] = []
        result.reserveCapacity(positions.count)
        for (slot, position) in positions.enumerated() {
            guard let links = decoded[slot] else {
                result.append([])
                continue
            }
            guard let stored = storedResolutions(at: position), stored.count == links.count else { return nil }
            result.append(stored)
        }
        return result
    }

    /// The notes with a link that resolves to the note at `position` (in ascending order), and the
    /// notes whose links are unknown: a lookup of the note's names, then only the links filed
    /// under them are resolved (or read from the stored resolutions, when current).
    func backlinkSources(of position: Int) -> (positions: [Int], unread: [Int]) {
        let target = linkTarget(at: position)
        let names = Set(StoredLink.nameKeys(path: target.path, title: target.title, aliases: target.aliases))
        var candidates = Set<Int>()
        for key in names { candidates.formUnion(positions(linkingUnder: key)) }
        let ordered = candidates.sorted()
        if let stored = storedResolutions(of: ordered, decoded: ordered.map { storedLinks(at: $0) }) {
            let sources = zip(ordered, stored).filter { $0.1.contains { $0.opened == position } }.map(\.0)
            return (sources, unreadPositions)
        }
        var found: [(position: Int, link: NoteLink, keys: [String])] = []
        var keys = Set<String>()
        let filter = LinkNameFilter(names: names)
        for candidate in candidates.sorted() {
            let source = path(at: candidate)
            for stored in storedLinks(at: candidate) ?? [] {
                guard let linkKeys = filter.keys(of: stored.link, source: source) else { continue }
                found.append((candidate, stored.link, linkKeys))
                keys.formUnion(linkKeys)
            }
        }
        let resolver = self.resolver(forKeys: keys)
        var sources: [Int] = []
        for item in found where sources.last != item.position {
            if let resolved = resolver.resolve(item.link, from: path(at: item.position)).path, PathKey.sameBytes(resolved, target.path) {
                sources.append(item.position)
            }
        }
        return (sources, unreadPositions)
    }
}

/// What resolving a link reads: the link without its place in the file, and the linking note's
/// folder; compared by bytes (two spellings of a name are two keys).
struct ResolutionMemoKey: Hashable {
    var kind: NoteLink.Kind
    var target: PathKey
    var fragment: PathKey?
    var label: PathKey?
    var folder: PathKey
}
