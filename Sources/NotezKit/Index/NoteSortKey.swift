/// The orders a note list can be asked for (`--sort`), besides the default `Ordering.noteLess`.
public enum NoteSortKey: String, Sendable, CaseIterable {
    /// Most recently modified first, then by path.
    case modified
    /// Most recently created first, then by path.
    case created
    /// Titles A to Z (case-insensitive), then by path.
    case title

    /// The notes in this order.
    public func sorted(_ notes: [Note]) -> [Note] {
        switch self {
        case .modified: return notes.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path < $1.path }
        case .created: return notes.sorted { $0.created != $1.created ? $0.created > $1.created : $0.path < $1.path }
        case .title:
            return notes.sorted {
                let (a, b) = (Ordering.sortKey($0.title), Ordering.sortKey($1.title))
                return a != b ? a < b : $0.path < $1.path
            }
        }
    }
}
