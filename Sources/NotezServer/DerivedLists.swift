import Foundation
import NotezKit

/// What every page derives from a snapshot (sorted tags, folders, pinned and unsorted notes),
/// computed once per snapshot version instead of once per request: at 100,000 notes and 47,000
/// tags the sorting alone is a good part of a page's time.
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
        let byCount = index.tags.sorted { $0.count > $1.count || ($0.count == $1.count && $0.key < $1.key) }
        let folders = index.folderTree.descendants
        let lists = Lists(
            version: version,
            completionTags: Array(byCount.prefix(200)),
            mainTags: index.tags.count <= MainPage.tagLimit ? index.tags : Array(byCount.prefix(MainPage.tagLimit)),
            folders: folders,
            largestFolders: folders.count > Page.folderSelectLimit
                ? Array(folders.sorted { $0.count > $1.count }.prefix(Page.folderSelectLimit)) : folders,
            pinned: index.pinnedNotes, unsorted: index.unsortedNotes)
        lock.withLock {
            if (current?.version ?? -1) < version { current = lists }
        }
        return lists
    }
}
