/// The orderings of section 2: names case-insensitively, notes pinned first then newest first.
public enum Ordering {
    /// Case-insensitive, locale-independent name order, ties broken by the exact text.
    public static func nameLess(_ lhs: String, _ rhs: String) -> Bool {
        let a = sortKey(lhs)
        let b = sortKey(rhs)
        return a != b ? a < b : lhs < rhs
    }

    /// The key of `nameLess`, for sorting many names with one lower-casing each.
    public static func sortKey(_ name: String) -> String { name.lowercased() }

    /// Pinned first, then most recently modified first, then by path.
    public static func noteLess(_ lhs: Note, _ rhs: Note) -> Bool {
        if lhs.pinned != rhs.pinned { return lhs.pinned }
        if lhs.modified != rhs.modified { return lhs.modified > rhs.modified }
        return lhs.path < rhs.path
    }
}
