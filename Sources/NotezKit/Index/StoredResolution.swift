/// What one stored link resolved to when the index cache was written, by the cache's note numbers
/// (`LinkResolver.Resolution` without its paths). The cache keeps one list per note, in the order
/// of the note's stored links, so graph terms, `links` and `backlinks` need no resolution pass
/// while the cache is current (docs/performance.md, "Resolved links in the cache").
///
/// Why they stay valid: a link's resolution reads only the link, the linking note's path, the
/// vault's link options and the notes called by one of the link's keys (`StoredLink.targetKeys`;
/// the argument `LinkStore.resolver(forKeys:)` rests on). A `CachedIndex` is used only when every
/// note's path and stamp are the ones recorded, and the options are recorded beside the lists
/// (`word`), so there every stored resolution is the one a resolution pass would give. When the
/// cache is written again, a note keeps its lists only when it was not read again and none of its
/// links is filed under a name of a note added, removed or read again (`carried`): every other
/// note's links are resolved afresh.
enum StoredResolution: Sendable, Equatable {
    /// One note (cache note number).
    case note(Int)
    /// Several notes; the first is the one the link opens.
    case ambiguous([Int])
    /// A heading or block of the linking note.
    case sameNote
    /// A file that is not a note.
    case attachment
    /// Nothing matches.
    case broken

    /// A list that does not decode: the note's links were not resolved when the cache was written.
    static let unresolvedMarker: [UInt8] = [0xFF]

    /// Bumped whenever `LinkResolver` would resolve the same links among the same notes differently.
    static let resolverRevision: UInt64 = 1

    /// The header word of a cache whose lists were resolved with `options` by this resolver (never zero;
    /// zero means no lists are stored).
    static func word(_ options: LinkResolver.Options) -> UInt64 {
        resolverRevision << 8 | 0x80 | (options.aliases ? 1 : 0) | (options.dendronLabels ? 2 : 0)
    }

    /// The note the link opens, if any.
    var opened: Int? {
        switch self {
        case .note(let number): return number
        case .ambiguous(let numbers): return numbers.first
        default: return nil
        }
    }

    /// The resolution with paths, `path(number)` naming the notes.
    func resolution(_ path: (Int) -> String) -> LinkResolver.Resolution {
        switch self {
        case .note(let number): return .note(path(number))
        case .ambiguous(let numbers): return .ambiguous(numbers.map(path))
        case .sameNote: return .sameNote
        case .attachment: return .attachment
        case .broken: return .broken
        }
    }

    // MARK: - Encoding

    /// Per link a LEB128 number: 0 broken, 1 self, 2 attachment, 3 ambiguous (then the count and
    /// the note numbers), 4 + n the note n. Nil when a resolved path is not among the notes.
    static func encode(_ resolutions: [LinkResolver.Resolution], number: (String) -> Int?) -> [UInt8]? {
        var stored: [StoredResolution] = []
        stored.reserveCapacity(resolutions.count)
        for resolution in resolutions {
            switch resolution {
            case .broken: stored.append(.broken)
            case .sameNote: stored.append(.sameNote)
            case .attachment: stored.append(.attachment)
            case .ambiguous(let paths):
                var numbers: [Int] = []
                for path in paths {
                    guard let found = number(path) else { return nil }
                    numbers.append(found)
                }
                stored.append(.ambiguous(numbers))
            case .note(let path):
                guard let found = number(path) else { return nil }
                stored.append(.note(found))
            }
        }
        return encode(stored) { $0 }
    }

    /// `encode` of resolutions already in note numbers, with `renumber` applied (nil: a note is gone).
    static func encode(_ stored: [StoredResolution], renumber: (Int) -> Int?) -> [UInt8]? {
        var out: [UInt8] = []
        for item in stored {
            switch item {
            case .broken: out.append(0)
            case .sameNote: out.append(1)
            case .attachment: out.append(2)
            case .ambiguous(let numbers):
                out.append(3)
                varint(UInt64(numbers.count), into: &out)
                for old in numbers {
                    guard let new = renumber(old) else { return nil }
                    varint(UInt64(new), into: &out)
                }
            case .note(let old):
                guard let new = renumber(old) else { return nil }
                varint(UInt64(new) + 4, into: &out)
            }
        }
        return out
    }

    /// Reads what `encode` wrote; nil when corrupt or a note number is not below `noteCount`.
    static func decode(_ bytes: UnsafeRawBufferPointer, noteCount: Int) -> [StoredResolution]? {
        var result: [StoredResolution] = []
        var at = 0
        func number() -> Int? { Varint.read(bytes, at: &at) }
        while at < bytes.count {
            guard let code = number() else { return nil }
            switch code {
            case 0: result.append(.broken)
            case 1: result.append(.sameNote)
            case 2: result.append(.attachment)
            case 3:
                guard let count = number(), count <= bytes.count - at else { return nil }
                var numbers: [Int] = []
                numbers.reserveCapacity(count)
                for _ in 0..<count {
                    guard let value = number(), value < noteCount else { return nil }
                    numbers.append(value)
                }
                result.append(.ambiguous(numbers))
            default:
                guard code - 4 < noteCount else { return nil }
                result.append(.note(code - 4))
            }
        }
        return result
    }

    /// `decode` of an array.
    static func decode(_ bytes: [UInt8], noteCount: Int) -> [StoredResolution]? {
        bytes.withUnsafeBytes { decode($0, noteCount: noteCount) }
    }

    /// Only the notes the links open, in order (what the graph needs); nil when corrupt.
    static func opened(_ bytes: UnsafeRawBufferPointer, noteCount: Int) -> [Int]? {
        decode(bytes, noteCount: noteCount)?.compactMap(\.opened)
    }

    private static func varint(_ value: UInt64, into out: inout [UInt8]) {
        Varint.append(value, to: &out)
    }

    // MARK: - Writing

    /// The lists of the cache written before, for `resolveAll` to keep what is still valid.
    struct Prior: Sendable {
        /// Its notes, sorted by path.
        let notes: [Note]
        /// Its lists, one per note (empty when not stored).
        let lists: [[UInt8]]
        /// Its header word (0: none stored).
        let word: UInt64
    }

    /// Each note's list for a cache of `notes` (sorted by path, the cache's numbers) with their
    /// stored `links`; `keyed` are each note's link keys and names (`IndexCache.linkKeys`),
    /// `named` the notes called by each key. Lists of `prior` are kept (renumbered) for notes it
    /// recorded with the same path and stamp when none of their links is filed under a name of a
    /// note added, removed or changed since; every other note's links are resolved, on all cores.
    static func resolveAll(
        notes: [Note], links: [[UInt8]], keyed: [(linking: [String], named: [String])], named: [String: [UInt32]],
        options: LinkResolver.Options, prior: Prior?
    ) -> [[UInt8]] {
        let count = notes.count
        var lists = [[UInt8]?](repeating: nil, count: count)
        if let prior, prior.word == word(options), prior.lists.count == prior.notes.count {
            // Old and new notes matched by path bytes and stamp (both sorted by path: one merge).
            var newOf = [Int](repeating: -1, count: prior.notes.count)
            var oldOf = [Int](repeating: -1, count: count)
            var cursor = 0
            for (number, note) in notes.enumerated() {
                while cursor < prior.notes.count, prior.notes[cursor].path < note.path { cursor += 1 }
                var probe = cursor
                while probe < prior.notes.count, !(note.path < prior.notes[probe].path) {
                    if PathKey.sameBytes(prior.notes[probe].path, note.path), prior.notes[probe].stamp == note.stamp {
                        newOf[probe] = number
                        oldOf[number] = probe
                        break
                    }
                    probe += 1
                }
            }
            // The names that may capture or release a link: of every note not matched, either side.
            var changed = Set<String>()
            for (old, new) in newOf.enumerated() where new < 0 {
                let note = prior.notes[old]
                changed.formUnion(StoredLink.nameKeys(path: note.path, title: note.title, aliases: note.aliases))
            }
            for (number, old) in oldOf.enumerated() where old < 0 { changed.formUnion(keyed[number].named) }
            let (changedKeys, oldNumbers, newNumbers) = (changed, oldOf, newOf)
            let kept = Parallel.map(count, minimumChunk: 1024) { number -> [UInt8]? in
                let old = oldNumbers[number]
                guard old >= 0, !keyed[number].linking.contains(where: changedKeys.contains),
                    let stored = decode(prior.lists[old], noteCount: prior.notes.count)
                else { return nil }
                return encode(stored) { newNumbers[$0] >= 0 ? newNumbers[$0] : nil }
            }
            lists = kept
        }
        let needing = (0..<count).filter { lists[$0] == nil }
        guard !needing.isEmpty else { return lists.map { $0 ?? [] } }
        // Few notes: a resolver of the notes their links can name; many: the whole vault's.
        let resolver: LinkResolver
        if needing.count * 4 >= count {
            resolver = LinkResolver(
                targets: notes.map { LinkResolver.Target(path: $0.path, title: $0.title, aliases: $0.aliases) }, options: options)
        } else {
            var positions = Set<UInt32>()
            for number in needing {
                for key in keyed[number].linking { positions.formUnion(named[key] ?? []) }
            }
            resolver = LinkResolver(
                targets: positions.sorted().map { let note = notes[Int($0)]; return LinkResolver.Target(path: note.path, title: note.title, aliases: note.aliases) },
                options: options)
        }
        @Sendable func number(_ path: String) -> Int? {
            var (low, high) = (0, count)
            while low < high {
                let middle = (low + high) / 2
                if notes[middle].path < path { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < count, !(path < notes[index].path) {
                if PathKey.sameBytes(notes[index].path, path) { return index }
                index += 1
            }
            return nil
        }
        let chunk = 256
        let chunks = (needing.count + chunk - 1) / chunk
        let resolved = Parallel.map(chunks, minimumChunk: 1) { part -> [[UInt8]] in
            // Links that read the same from the same folder resolve the same (see `LinkStore.resolvedLinks`).
            var memo: [ResolutionMemoKey: LinkResolver.Resolution] = [:]
            var out: [[UInt8]] = []
            for slot in part * chunk..<min(needing.count, (part + 1) * chunk) {
                let note = needing[slot]
                guard let stored = StoredLink.decode(links[note]), !stored.isEmpty else {
                    out.append([])
                    continue
                }
                let source = notes[note].path
                let folder = PathKey(VaultPath.folder(of: source))
                let resolutions = stored.map { item -> LinkResolver.Resolution in
                    let link = item.link
                    let key = ResolutionMemoKey(
                        kind: link.kind, target: PathKey(link.target), fragment: link.fragment.map(PathKey.init),
                        label: link.label.map(PathKey.init), folder: folder)
                    if let known = memo[key] { return known }
                    let resolution = resolver.resolve(link, from: source)
                    memo[key] = resolution
                    return resolution
                }
                // A path not among the notes cannot happen (the resolver knows only them); stored as
                // a list that does not decode, which readers take as "resolve again".
                out.append(encode(resolutions, number: number) ?? unresolvedMarker)
            }
            return out
        }
        for (slot, list) in resolved.joined().enumerated() { lists[needing[slot]] = list }
        return lists.map { $0 ?? [] }
    }
}
