import Foundation
import NotezKit

/// What every page derives from a snapshot (most used tags, folders, pinned and unsorted notes),
/// computed once per snapshot version instead of once per request. Nothing here sorts a whole
/// list: the most used tags are selected in one pass, pinned and unsorted notes found in one pass
/// and only they sorted, so a new snapshot after a change costs a few milliseconds at 100,000
/// notes and 47,000 tags.
final class DerivedLists: @unchecked Sendable {
    /// The lists of one snapshot.
    struct Lists: Sendable {
        var version: Int
        /// The 200 most used tags (auto-complete).
        var completionTags: [TagSummary]
        /// The 100 most used tags (main page).
        var mainTags: [TagSummary]
        /// Every folder, depth first.
        var folders: [FolderNode]
        /// The largest folders (the picker's suggestions in a large vault).
        var largestFolders: [FolderNode]
        var pinned: [Note]
        var unsorted: [Note]
    }

    private let lock = NSLock()
    private var current: Lists?

    /// The lists of `index`, whose snapshot version is `version`.
    func lists(_ index: VaultIndex, version: Int) -> Lists {
        if let current = lock.withLock({ current }), current.version == version { return current }
        let byCount = DerivedLists.mostUsed(index.tags, limit: 200)
        let folders = index.folderTree.descendants
        let lists = Lists(
            version: version,
            completionTags: byCount,
            mainTags: index.tags.count <= MainPage.tagLimit ? index.tags : Array(byCount.prefix(MainPage.tagLimit)),
            folders: folders,
            largestFolders: folders.count > Page.folderSelectLimit
                ? Array(folders.sorted { $0.count > $1.count }.prefix(Page.folderSelectLimit)) : folders,
            pinned: index.exposed(index.pinnedNotes), unsorted: index.exposed(index.unsortedNotes))
        lock.withLock {
            if (current?.version ?? -1) < version { current = lists }
        }
        return lists
    }

    /// The `limit` most used tags, most used first, ties by key: the first `limit` of that sort,
    /// selected in one pass over positions. Most tags are used less than the least used kept one
    /// and cost one comparison of counts, read in place (copying each summary would retain its
    /// strings, and inserting summaries would move 80 bytes each).
    static func mostUsed(_ tags: [TagSummary], limit: Int) -> [TagSummary] {
        tags.withUnsafeBufferPointer { buffer in
            func before(_ a: Int, _ b: Int) -> Bool {
                buffer[a].count > buffer[b].count || (buffer[a].count == buffer[b].count && buffer[a].key < buffer[b].key)
            }
            var kept: [Int] = []
            kept.reserveCapacity(limit + 1)
            var floor = Int.min
            for at in buffer.indices {
                if buffer[at].count < floor { continue }
                if kept.count == limit, let last = kept.last, !before(at, last) { continue }
                var low = 0
                var high = kept.count
                while low < high {
                    let middle = (low + high) / 2
                    if before(kept[middle], at) { low = middle + 1 } else { high = middle }
                }
                kept.insert(at, at: low)
                if kept.count > limit { kept.removeLast() }
                if kept.count == limit { floor = buffer[kept[limit - 1]].count }
            }
            return kept.map { buffer[$0] }
        }
    }
}
