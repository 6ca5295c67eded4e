import Foundation
import NotezKit
import Synchronization

/// Follows the vault on disk (NotezKit's `WatchedIndex`, the watcher behind `notez serve` and `notez
/// watch`) and calls back when the list of note resources may have changed: a note added, removed
/// or moved by anyone (this server, the CLI, an editor, a sync tool), or a full rescan.
///
/// It starts when the client first lists the resources: only a client that uses resources needs
/// to hear that their list changed, and the watcher's first scan reads every note (16,000 notes
/// took seconds of CPU, which slowed a tool-only client's first answers).
final class ResourceListWatch: Sendable {
    private let live: WatchedIndex
    private let started = Mutex(false)

    init(root: String) {
        live = WatchedIndex(root: root, config: (try? VaultConfig.load(root: root)) ?? VaultConfig())
    }

    /// Starts watching on a thread of its own (the first scan must not delay the answers), once;
    /// `changed` runs on the watcher's thread. Changes during the first scan are not reported.
    func startOnce(_ changed: @escaping @Sendable () -> Void) {
        guard started.withLock({ value in defer { value = true }; return !value }) else { return }
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

    /// Stops watching (when the client has gone).
    func stop() { live.stop() }
}
