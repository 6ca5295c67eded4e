/// The orderings of section 2: names case-insensitively, notes pinned first then newest first.
public enum Ordering {
    /// Case-insensitive, locale-independent name order, ties broken by the exact text.
    public static func nameLess(_ lhs: String, _ rhs: String) -> Bool {
        let a = sortKey(lhs)
        let b = sortKey(rhs)
        return a != b ? a < b : lhs < rhs
    }

    /// The key of `nameLess`, for sorting many names with one lower-casing each.
    static func sortKey(_ name: String) -> String { name.lowercased() }

    /// Pinned first, then most recently modified first, then by path.
    public static func noteLess(_ lhs: Note, _ rhs: Note) -> Bool {
        listLess((lhs.pinned, lhs.modified), (rhs.pinned, rhs.modified)) { lhs.path < rhs.path }
    }

    /// The rule of `noteLess` on its keys; `pathLess` breaks ties, read only when needed.
    static func listLess(_ lhs: (pinned: Bool, modified: Double), _ rhs: (pinned: Bool, modified: Double), pathLess: () -> Bool) -> Bool {
        if lhs.pinned != rhs.pinned { return lhs.pinned }
        if lhs.modified != rhs.modified { return lhs.modified > rhs.modified }
        return pathLess()
    }

    /// The notes at `positions` of `notes`, in `noteLess` order. Positions are sorted, not notes:
    /// moving a note retains and releases each of its strings, which dominated large searches.
    public static func listOrder(_ positions: [Int], in notes: [Note], limit: Int? = nil) -> [Note] {
        notes.withUnsafeBufferPointer { buffer in
            positions.sorted { noteLess(buffer[$0], buffer[$1]) }.prefix(limit ?? positions.count).map { buffer[$0] }
        }
    }

    /// `notes` sorted by path bytes' String order, moving each note once.
    static func pathOrder(_ notes: [Note]) -> [Note] {
        notes.withUnsafeBufferPointer { buffer in
            Array(buffer.indices).sorted { buffer[$0].path < buffer[$1].path }.map { buffer[$0] }
        }
    }
}
