/// The notes of a vault and the resolved links between them, for the graph questions: the
/// `links-to:NOTE~N`, `linked-by:NOTE~N`, `is:orphan` and `is:hub` terms, `notez graph` and
/// `notez related`.
///
/// An edge A → B means a link written in A resolves to the note B (wikilink, Markdown link or
/// embed; an ambiguous link counts for the note it opens). Links to attachments, to headings of the
/// same note and to nothing are not edges. Links come from the index's stored links when it keeps
/// them (`LinkStore`), else from every note's body; both resolve through `LinkResolver`.
/// Positions are the collection's (path order); each edge is kept once however many links make it.
public struct NoteGraph: Sendable {
    /// How many notes `is:hub` names: the notes with the most backlinks, ties with the last included.
    public static let hubCount = 10
    /// The deepest `~N` a link term or `--depth` accepts.
    public static let maxDepth = 99

    /// The number of notes.
    public let noteCount: Int
    /// The notes whose links are unknown (they could not be read): their edges are missing.
    public let unread: [String]
    /// `outgoing[outStart[p]..<outStart[p + 1]]`: the notes `p` links to, ascending.
    let outStart: [Int32]
    let outgoing: [Int32]
    /// The same for the notes linking to `p`.
    let inStart: [Int32]
    let incoming: [Int32]

    /// Which way a walk follows links.
    public enum Direction: String, Sendable, CaseIterable {
        /// From a note to the notes it links to.
        case forward
        /// From a note to the notes that link to it.
        case backward
        /// Either way.
        case both
    }

    /// The graph of `notes`: from its stored links when it keeps them, else by reading every note
    /// (`notes` must then be a `VaultIndex`; any other collection gives a graph without edges).
    public init(_ notes: any NoteCollection) {
        var edges: [UInt64] = []
        var unread: [String] = []
        var positions: [String: Int] = [:]
        func position(_ path: String) -> Int? {
            if let known = positions[path] { return known }
            let found = notes.position(ofPath: path)
            if let found { positions[path] = found }
            return found
        }
        func add(_ source: Int, _ target: Int) { edges.append(UInt64(source) << 32 | UInt64(target)) }
        if let cached = notes as? CachedIndex, let stored = cached.storedGraph() {
            // Laid out when the cache was written (`StoredGraph`): copied, nothing decoded or sorted.
            self = stored
            return
        }
        if let cached = notes as? CachedIndex, let stored = cached.storedEdges() {
            // Resolved when the cache was written (`StoredResolution`): nothing is resolved here.
            edges = stored
            unread = cached.unreadPositions.map { cached.path(at: $0) }
        } else if let index = notes as? VaultIndex, let table = index.linkTable,
            let lists = CachedCheckData(index: index, facts: false)?.resolutions, let stored = NoteGraph.edges(lists)
        {
            // The full index of a vault whose cache records exactly its notes: the same lists.
            edges = stored
            unread = index.notes.indices.filter { table.isUnread($0) }.map { index.notes[$0].path }
        } else if let store = LinkGraph.linkStore(of: notes) {
            // In chunks: every resolved link of a large vault is never held at once.
            let chunk = 8192
            for start in stride(from: 0, to: store.noteCount, by: chunk) {
                let found = store.resolvedLinks(of: Array(start..<min(store.noteCount, start + chunk))) { $0.path != nil }
                for item in found.links {
                    if let path = item.resolution.path, let target = position(path) { add(item.position, target) }
                }
                unread += found.unread.map { store.path(at: $0) }
            }
        } else if let index = notes as? VaultIndex {
            let scanned = LinkGraph.scan(index: index, resolver: LinkResolver(index: index)) { _, resolution in resolution.path != nil }
            for entry in scanned.entries {
                if let path = entry.resolution.path, let source = position(entry.source), let target = position(path) { add(source, target) }
            }
            unread = scanned.unread
        }
        self.init(noteCount: notes.noteCount, edges: edges, unread: unread)
    }

    /// The edges of stored resolution lists (`StoredResolution`, one per note); nil when one does not decode.
    static func edges(_ lists: [[UInt8]]) -> [UInt64]? {
        edges(noteCount: lists.count) { position in
            lists[position].withUnsafeBytes { StoredResolution.opened($0, noteCount: lists.count) }
        }
    }

    /// The edges `source << 32 | target` of each note's opened targets, on all cores; nil when
    /// `opened` gives nil for a note (a list that does not decode).
    static func edges(noteCount: Int, opened: @Sendable (Int) -> [Int]?) -> [UInt64]? {
        let chunk = 4096
        let parts = Parallel.map((noteCount + chunk - 1) / chunk, minimumChunk: 1) { part -> [UInt64]? in
            var edges: [UInt64] = []
            for position in part * chunk..<min(noteCount, (part + 1) * chunk) {
                guard let targets = opened(position) else { return nil }
                for target in targets { edges.append(UInt64(position) << 32 | UInt64(target)) }
            }
            return edges
        }
        var edges: [UInt64] = []
        for part in parts {
            guard let part else { return nil }
            edges += part
        }
        return edges
    }

    /// A graph of `noteCount` notes with the edges `source << 32 | target` (in any order, repeats allowed).
    init(noteCount: Int, edges: [UInt64], unread: [String] = []) {
        self.noteCount = noteCount
        self.unread = unread
        var forward = edges
        forward.sort()
        NoteGraph.dedupe(&forward)
        (outStart, outgoing) = NoteGraph.compress(forward, count: noteCount)
        var backward = forward.map { $0 << 32 | $0 >> 32 }
        backward.sort()
        (inStart, incoming) = NoteGraph.compress(backward, count: noteCount)
    }

    /// A graph from its arrays as `init(noteCount:edges:unread:)` lays them out (`StoredGraph` checked them).
    init(noteCount: Int, outStart: [Int32], outgoing: [Int32], inStart: [Int32], incoming: [Int32], unread: [String]) {
        self.noteCount = noteCount
        self.unread = unread
        self.outStart = outStart
        self.outgoing = outgoing
        self.inStart = inStart
        self.incoming = incoming
    }

    /// The notes `position` links to, ascending (itself when it links to itself).
    public func targets(of position: Int) -> ArraySlice<Int32> { outgoing[Int(outStart[position])..<Int(outStart[position + 1])] }

    /// The notes that link to `position`, ascending.
    public func sources(of position: Int) -> ArraySlice<Int32> { incoming[Int(inStart[position])..<Int(inStart[position + 1])] }

    /// The neighbours of `position` one step away in `direction`, ascending, each once.
    public func neighbours(of position: Int, _ direction: Direction) -> [Int] {
        switch direction {
        case .forward: return targets(of: position).map(Int.init)
        case .backward: return sources(of: position).map(Int.init)
        case .both: return Array(Set(targets(of: position).map(Int.init) + sources(of: position).map(Int.init))).sorted()
        }
    }

    /// How many other notes link to `position` (a link to itself does not count).
    public func backlinkCount(_ position: Int) -> Int { sources(of: position).count { Int($0) != position } }

    /// True when no other note links to `position` and it links to no other note.
    public func isOrphan(_ position: Int) -> Bool {
        !targets(of: position).contains { Int($0) != position } && !sources(of: position).contains { Int($0) != position }
    }

    /// The notes with no link to or from another note, ascending.
    public var orphans: [Int] { (0..<noteCount).filter(isOrphan) }

    /// The `hubCount` notes with the most backlinks (from other notes), and every note tied with the
    /// last of them; none without backlinks. Most backlinks first, then by position.
    public var hubs: [Int] {
        var counted: [(position: Int, count: Int)] = []
        for position in 0..<noteCount {
            let count = backlinkCount(position)
            if count > 0 { counted.append((position, count)) }
        }
        counted.sort { (a: (position: Int, count: Int), b: (position: Int, count: Int)) -> Bool in
            a.count != b.count ? a.count > b.count : a.position < b.position
        }
        guard counted.count > NoteGraph.hubCount else { return counted.map(\.position) }
        let least = counted[NoteGraph.hubCount - 1].count
        return counted.prefix { $0.count >= least }.map(\.position)
    }

    /// The notes `depth` or fewer steps from `start` in `direction` (a path of 1 to `depth` links),
    /// with their distance, nearest first then by position. `start` itself is included only when a
    /// path leads back to it (a link to itself, a cycle), at the length of the shortest such path.
    public func reach(from start: Int, _ direction: Direction, depth: Int) -> [(position: Int, distance: Int)] {
        var distance = [Int32](repeating: -1, count: noteCount)
        var frontier = [start]
        var found: [(position: Int, distance: Int)] = []
        var step = 0
        var startSeen = false
        while !frontier.isEmpty, step < depth {
            step += 1
            var next: [Int] = []
            for node in frontier {
                for neighbour in neighbours(of: node, direction) {
                    if neighbour == start {
                        if !startSeen {
                            startSeen = true
                            found.append((start, step))
                        }
                        continue
                    }
                    if distance[neighbour] >= 0 { continue }
                    distance[neighbour] = Int32(step)
                    next.append(neighbour)
                }
            }
            next.sort()
            found += next.map { ($0, step) }
            frontier = next
        }
        return found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.position < $1.position }
    }

    /// A shortest path of links from `start` to `end` (both included; `[start]` when they are the
    /// same note), or nil when none leads there. `forward` follows links as written; `both` ignores
    /// their direction. Among paths of equal length, the one through the lowest positions at each step.
    public func shortestPath(from start: Int, to end: Int, _ direction: Direction) -> [Int]? {
        if start == end { return [start] }
        var parent = [Int32](repeating: -1, count: noteCount)
        parent[start] = Int32(start)
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for neighbour in neighbours(of: node, direction) where parent[neighbour] < 0 {
                    parent[neighbour] = Int32(node)
                    if neighbour == end {
                        var path = [end]
                        var at = end
                        while at != start {
                            at = Int(parent[at])
                            path.append(at)
                        }
                        return path.reversed()
                    }
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        return nil
    }

    /// Sorted edges as offsets and targets.
    static func compress(_ edges: [UInt64], count: Int) -> (start: [Int32], targets: [Int32]) {
        var start = [Int32](repeating: 0, count: count + 1)
        for edge in edges { start[Int(edge >> 32) + 1] += 1 }
        for position in 0..<count { start[position + 1] += start[position] }
        return (start, edges.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) })
    }

    /// Removes repeats from sorted `values`, in place.
    static func dedupe(_ values: inout [UInt64]) {
        var write = 0
        for read in values.indices where read == 0 || values[read] != values[write - 1] {
            values[write] = values[read]
            write += 1
        }
        values.removeLast(values.count - write)
    }
}
