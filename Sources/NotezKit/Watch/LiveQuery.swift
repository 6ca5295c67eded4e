/// The live result set of a query: which notes match, and how a batch of changes moves notes in and out.
public struct LiveQuery: Sendable {
    /// The compiled query.
    public let matcher: @Sendable (Note) -> Bool
    /// Paths of the notes that currently match.
    public private(set) var matching: Set<String> = []

    /// Creates a live query from a matcher.
    public init(matcher: @escaping @Sendable (Note) -> Bool) {
        self.matcher = matcher
    }

    /// Starts from an index; returns the initial results in list order.
    public mutating func start(with index: LiveIndex) -> [Note] {
        let results = index.notes(matching: matcher)
        matching = Set(results.map(\.path))
        return results
    }

    /// Translates note changes into result-set changes: `added` when a note enters the set,
    /// `removed` when it leaves, `modified` when it stays and changed, `moved` when it stays and moved.
    public mutating func update(_ changes: [WatchChange]) -> [WatchChange] {
        let before = matching
        var out: [WatchChange] = []
        for change in changes {
            switch change {
            case .removed(let path), .moved(let path, _):
                matching.remove(path)
            default:
                break
            }
        }
        for change in changes {
            switch change {
            case .removed(let path):
                if before.contains(path) { out.append(.removed(path)) }
            case .added(let note):
                if matcher(note) {
                    matching.insert(note.path)
                    out.append(.added(note))
                }
            case .modified(let note):
                let now = matcher(note)
                if now { matching.insert(note.path) } else { matching.remove(note.path) }
                switch (before.contains(note.path), now) {
                case (true, true): out.append(.modified(note))
                case (false, true): out.append(.added(note))
                case (true, false): out.append(.removed(note.path))
                case (false, false): break
                }
            case .moved(let from, let note):
                let now = matcher(note)
                if now { matching.insert(note.path) }
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
