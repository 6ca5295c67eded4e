import Foundation
import NotezKit

/// Follows the vault on disk (NotezKit's `LiveVault`, the watcher behind `notez serve` and `notez
/// watch`) and calls back when the list of note resources may have changed: a note added, removed
/// or moved by anyone (this server, the CLI, an editor, a sync tool), or a full rescan.
final class ResourceListWatch: Sendable {
    private let live: LiveVault

    init(root: String) {
        live = LiveVault(root: root, config: (try? VaultConfig.load(root: root)) ?? VaultConfig())
    }

    /// Starts watching on a thread of its own (the first scan reads every note, which must not
    /// delay the answers); `changed` runs on the watcher's thread.
    func start(_ changed: @escaping @Sendable () -> Void) {
        live.addListener { report in
            let structural = report.changes.contains { change in
                switch change {
                case .added, .moved, .removed: return true
                case .modified, .folderAdded, .folderRemoved: return false
                }
            }
            if structural || report.wasFullRescan { changed() }
        }
        let live = self.live
        Thread.detachNewThread {
            do {
                try live.start()
            } catch {
                MCPLog.notice("the vault is not watched, so no resources/list_changed notifications are sent: \(error)")
            }
        }
    }
}
