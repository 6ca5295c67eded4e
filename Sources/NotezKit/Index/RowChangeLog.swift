import Foundation

/// What each of an index's last updates changed in its list rows: the positions of the notes
/// that left and arrived (every other note stayed the same note, unchanged, in the same order)
/// and the tags whose name in a row changed (a tag's most common spelling moved, or it gained or
/// lost a second spelling). Each update is named by a number no other update of any index in this
/// process has, so a daemon that laid out rows at one update can tell, at a later one, which rows
/// are still the same (`VaultIndex.rowSources(since:)`) without keeping the notes of then. An
/// index value copied and updated two ways gives two histories: neither has the other's numbers.
struct RowChangeLog: Sendable {
    private struct Entry {
        var update: UInt64
        /// Old positions of the changed notes, ascending; nil when too many changed to keep them.
        var leaving: [Int]?
        /// New positions of the changed notes, ascending.
        var arriving: [Int]
        var oldCount: Int
        var renamed: [TagKey]
        /// Tags whose summary changed in its place in `VaultIndex.tags` (counts only); nil when a
        /// summary came, went or was renamed (the others may have moved), or too many changed.
        var retold: [TagKey]?
    }

    /// Oldest first; the last is the index's current state.
    private var entries: [Entry]

    /// Updates remembered: a listing older than this is laid out again whole.
    static let limit = 64
    /// Positions an update's entry keeps at most (8 bytes each: the whole log stays under 0.6 MB);
    /// beyond, rows laid out before that update are laid out again.
    static let positionLimit = 1_024

    /// A history that starts now (a new index).
    init() { entries = [Entry(update: RowChangeLog.serials.next(), leaving: [], arriving: [], oldCount: 0, renamed: [], retold: [])] }

    /// The number of the index's current state.
    var current: UInt64 { entries[entries.count - 1].update }

    /// Records an update that took the notes at the old positions `leaving` out of `oldCount`
    /// notes and put notes in at the new positions `arriving` (both ascending), in which the
    /// tags `renamed` changed their row names, and the summaries of the tags `retold` changed in
    /// their places (nil: summaries came, went or moved).
    mutating func record(leaving: [Int], arriving: [Int], oldCount: Int, renamed: [TagKey], retold: [TagKey]?) {
        let kept = leaving.count + arriving.count <= RowChangeLog.positionLimit
        let told = retold.flatMap { $0.count <= RowChangeLog.positionLimit ? $0 : nil }
        entries.append(
            Entry(
                update: RowChangeLog.serials.next(), leaving: kept ? leaving : nil, arriving: kept ? arriving : [], oldCount: oldCount,
                renamed: renamed, retold: told))
        if entries.count > RowChangeLog.limit { entries.removeFirst(entries.count - RowChangeLog.limit) }
    }

    /// For each of the `count` positions now, the position at state `update` (which had
    /// `countThen` notes) of the same note when it did not change since, else -1; with the tags
    /// renamed since. Nil when `update` is not in this history or an update since changed too much.
    func sources(since update: UInt64, countThen: Int, count: Int) -> (sources: [Int], renamed: [TagKey])? {
        guard let at = entries.lastIndex(where: { $0.update == update }) else { return nil }
        var sources = Array(0..<countThen)
        var renamed: [TagKey] = []
        for entry in entries[(at + 1)...] {
            guard let leaving = entry.leaving, entry.oldCount == sources.count else { return nil }
            renamed += entry.renamed
            let newCount = entry.oldCount - leaving.count + entry.arriving.count
            var next = [Int](repeating: -1, count: newCount)
            // The notes that stayed go where `VaultIndex.update` moved them.
            let moves = VaultIndex.moves(count: entry.oldCount, leaving: leaving, arriving: entry.arriving)
            for (old, new) in moves.enumerated() where new >= 0 {
                guard new < newCount else { return nil }
                next[new] = sources[old]
            }
            sources = next
        }
        return sources.count == count ? (sources, renamed) : nil
    }

    /// The tags whose summaries changed since `update`, every other summary being the same one in
    /// the same place; nil when `update` is not in this history or summaries came, went or moved.
    func retoldTags(since update: UInt64) -> Set<TagKey>? {
        guard let at = entries.lastIndex(where: { $0.update == update }) else { return nil }
        var retold: Set<TagKey> = []
        for entry in entries[(at + 1)...] {
            guard let keys = entry.retold else { return nil }
            retold.formUnion(keys)
        }
        return retold
    }

    private static let serials = Serials()

    /// Numbers handed out once each in this process.
    private final class Serials: @unchecked Sendable {
        private let lock = NSLock()
        private var last: UInt64 = 0

        func next() -> UInt64 {
            lock.withLock {
                last += 1
                return last
            }
        }
    }
}
