/// The live result set of a query: which notes match, and how a batch of changes moves notes in and out.
///
/// A query whose terms read only the note itself is matched one changed note at a time. A query
/// with link terms (`links:`, `linkedfrom:`) depends on other notes (a note matches `links:B`
/// until B is renamed away): it is evaluated again over the whole live index, kept as a
/// `VaultIndex` with its links and brought up to date per batch, and notes that entered or left
/// the set without changing themselves are reported too.
public struct LiveQuery: Sendable {
    /// The compiled query, one note at a time (for a link query: whether the note is in the current set).
    public let matcher: @Sendable (Note) -> Bool
    /// Paths of the notes that currently match.
    public private(set) var matching: Set<String> = []
    /// For a link query: the query, and the index it was last evaluated over with the live
    /// index's change number then.
    private let linkQuery: QueryNode?
    private var snapshot: (index: VaultIndex, sequence: Int)?

    /// Creates a live query from a matcher.
    public init(matcher: @escaping @Sendable (Note) -> Bool) {
        self.init(matcher: matcher, linkQuery: nil)
    }

    /// Creates a live query of `node`: matched one note at a time, or over the whole index when it
    /// has link terms.
    public init(query node: QueryNode, root: String) {
        // Graph terms (`~N`, `is:orphan`, `is:hub`) read the whole graph, as link terms do.
        if node.linkNoteNames.isEmpty && !node.needsGraph {
            self.init(matcher: { note in QueryEvaluator.matches(note, node, root: root) }, linkQuery: nil)
        } else {
            self.init(matcher: { _ in false }, linkQuery: node)
        }
    }

    private init(matcher: @escaping @Sendable (Note) -> Bool, linkQuery: QueryNode?) {
        self.matcher = matcher
        self.linkQuery = linkQuery
    }

    /// Starts from an index; returns the initial results in list order.
    public mutating func start(with index: LiveIndex) -> [Note] {
        if let linkQuery {
            let whole = index.snapshot()
            snapshot = (whole, index.sequence)
            let results = QueryEvaluator(index: whole).notes(matching: linkQuery)
            matching = Set(results.map(\.path))
            return results
        }
        let results = index.notes(matching: matcher)
        matching = Set(results.map(\.path))
        return results
    }

    /// Translates a batch into result-set changes (see `update(_:)`); a link query is evaluated
    /// again over `report.index`.
    public mutating func update(_ report: WatchReport) -> [WatchChange] {
        guard let linkQuery else { return update(report.changes) }
        let live = report.index
        // Taken out first, so that the update changes the only copy in place (its tag postings
        // and link lookups are not copied at every batch).
        let previous = snapshot
        snapshot = nil
        var whole: VaultIndex
        if var taken = previous?.index, let sequence = previous?.sequence, live.update(&taken, from: sequence) {
            whole = taken
        } else {
            whole = live.snapshot()
        }
        let now = Set(QueryEvaluator(index: whole).positions(matching: linkQuery).map { whole.notes[$0].path })
        snapshot = (whole, live.sequence)
        let before = matching
        matching = now
        var out = LiveQuery.translate(report.changes, before: before, isMatch: { now.contains($0.path) })
        // Notes that entered or left the set through another note's change.
        var reported = Set(out.map(\.path))
        for change in report.changes {
            if case .moved(let from, _) = change { reported.insert(from) }
        }
        for path in before.subtracting(now).subtracting(reported).sorted() { out.append(.removed(path)) }
        for path in now.subtracting(before).subtracting(reported).sorted() {
            if let position = whole.position(of: path) { out.append(.added(whole.notes[position])) }
        }
        return out
    }

    /// Translates note changes into result-set changes: `added` when a note enters the set,
    /// `removed` when it leaves, `modified` when it stays and changed, `moved` when it stays and moved.
    public mutating func update(_ changes: [WatchChange]) -> [WatchChange] {
        let before = matching
        for change in changes {
            switch change {
            case .removed(let path), .moved(let path, _):
                matching.remove(path)
            default:
                break
            }
        }
        var after = matching
        let out = LiveQuery.translate(changes, before: before) { note in
            let now = matcher(note)
            if now { after.insert(note.path) } else { after.remove(note.path) }
            return now
        }
        matching = after
        return out
    }

    /// The result-set changes of `changes`, given the set `before` and whether a changed note matches now.
    private static func translate(_ changes: [WatchChange], before: Set<String>, isMatch: (Note) -> Bool) -> [WatchChange] {
        var out: [WatchChange] = []
        for change in changes {
            switch change {
            case .removed(let path):
                if before.contains(path) { out.append(.removed(path)) }
            case .added(let note):
                if isMatch(note) { out.append(.added(note)) }
            case .modified(let note):
                let now = isMatch(note)
                switch (before.contains(note.path), now) {
                case (true, true): out.append(.modified(note))
                case (false, true): out.append(.added(note))
                case (true, false): out.append(.removed(note.path))
                case (false, false): break
                }
            case .moved(let from, let note):
                let now = isMatch(note)
                switch (before.contains(from), now) {
                case (true, true): out.append(.moved(from: from, note))
                case (false, true): out.append(.added(note))
                case (true, false): out.append(.removed(from))
                case (false, false): break
                }
            case .folderAdded, .folderRemoved:
                break
            }
        }
        return out
    }
}
