import Foundation

/// The tags whose name in list rows changed at each of an index's last updates (a tag's most common
/// spelling changed, or it gained or lost a second spelling), each update named by a number no
/// other update of any index in this process has: a daemon that laid out rows at one update can
/// tell, at a later one, which tags' rows are no longer the same (`VaultIndex.rowSources(since:)`).
/// An index value copied and updated two ways gives two histories: neither has the other's numbers.
struct RowNameLog: Sendable {
    /// Oldest first; the last is the index's current state.
    private var entries: [(update: UInt64, renamed: [TagKey])]

    /// Updates remembered: a listing older than this is laid out again whole.
    static let limit = 64

    /// A history that starts now (a new index).
    init() { entries = [(RowNameLog.serials.next(), [])] }

    /// The number of the index's current state.
    var current: UInt64 { entries[entries.count - 1].update }

    /// Records an update in which the tags `renamed` changed their row names.
    mutating func record(_ renamed: [TagKey]) {
        entries.append((RowNameLog.serials.next(), renamed))
        if entries.count > RowNameLog.limit { entries.removeFirst(entries.count - RowNameLog.limit) }
    }

    /// The tags renamed by the updates after `update`; nil when `update` is not in this history.
    func renamed(since update: UInt64) -> [TagKey]? {
        guard let at = entries.lastIndex(where: { $0.update == update }) else { return nil }
        return entries[(at + 1)...].flatMap(\.renamed)
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
