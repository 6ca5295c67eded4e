import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one live view of a vault that a long-running front end shares: a `Watcher`'s index, an
/// immutable `VaultIndex` snapshot rebuilt only when something changed, and listeners told of
/// every batch of changes (the web UI's live stream; the warm CLI path can read the same object).
public final class LiveVault: @unchecked Sendable {
    /// The absolute vault root.
    public let root: String
    /// The watcher behind it (the warm CLI path answers from the same one).
    public let watcher: Watcher
    private let lock = NSLock()
    // Guarded by `lock`. No copy of the watcher's index is kept between requests: the watcher
    // then updates its index in place, and only the note array a snapshot shares is copied.
    private var generation = 0
    private var cached: (key: SnapshotKey, index: VaultIndex, version: Int, sequence: Int)?
    private var builds = 0
    private var listeners: [Int: @Sendable (WatchReport) -> Void] = [:]
    private var nextListener = 0

    /// What a snapshot depends on besides the notes: notez's own state files, which the watcher ignores.
    private struct SnapshotKey: Equatable {
        var generation: Int
        var stamps: [Int64]
    }

    /// Creates the live view of the vault at `root`; nothing is read until `start`.
    public init(root: String, config: VaultConfig, source: FileEventSource? = nil, settings: Watcher.Settings = Watcher.Settings()) {
        self.root = root
        watcher = Watcher(root: root, config: config, source: source, settings: settings)
    }

    /// Scans the vault and starts following it.
    public func start() throws(NotezError) {
        try watcher.start { [weak self] report in self?.receive(report) }
        lock.withLock { generation += 1 }
    }

    /// Stops following the vault.
    public func stop() { watcher.stop() }

    /// The number of batches seen so far (it changes whenever a note or folder changed).
    public var currentGeneration: Int { lock.withLock { generation } }

    /// The current notes as a `VaultIndex` with the tag registry, folder colors and trash count read
    /// from disk; cached until a note, a folder or one of those files changes.
    public func snapshot() -> VaultIndex { versionedSnapshot().index }

    /// The snapshot and its version, a number that changes whenever a new snapshot was built (so
    /// a front end can cache what it derives from one).
    public func versionedSnapshot() -> (index: VaultIndex, version: Int) {
        let stamps = stateStamps()
        let (key, previous) = lock.withLock { () -> (SnapshotKey, (key: SnapshotKey, index: VaultIndex, version: Int, sequence: Int)?) in
            (SnapshotKey(generation: generation, stamps: stamps), cached)
        }
        if let previous, previous.key == key { return (previous.index, previous.version) }
        // The watcher's index now (at least as new as `key.generation`).
        let current = watcher.index
        // Same state files: the previous snapshot plus the changes since. Else (or when too much
        // changed) a build from scratch; bad state files degrade to defaults, as in IndexBuilder.
        let index =
            previous.flatMap { $0.key.stamps == stamps ? current.updating($0.index, from: $0.sequence) : nil }
            ?? current.snapshot(
                registry: (try? TagRegistry.load(root: root)) ?? TagRegistry(),
                folderColors: (try? FolderColors.load(root: root)) ?? FolderColors(),
                trashCount: TrashStore(root: root).items().count)
        let (version, retired) = lock.withLock { () -> (Int, VaultIndex?) in
            builds += 1
            guard key.generation == generation else { return (builds, nil) }
            defer { cached = (key, index, builds, current.sequence) }
            return (builds, cached?.index)
        }
        LiveVault.retire(retired)
        return (index, version)
    }

    /// Lets go of a replaced snapshot on a background queue: freeing its 100,000 notes (a million
    /// reference counts) would otherwise be part of the request that replaced it.
    public static func retire(_ index: consuming VaultIndex?) {
        guard let index else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(index) {} }
    }

    /// Calls `listener` (on the watcher's thread) after every batch of changes; returns its id.
    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (WatchReport) -> Void) -> Int {
        lock.withLock {
            nextListener += 1
            listeners[nextListener] = listener
            return nextListener
        }
    }

    /// Stops calling the listener with this id.
    public func removeListener(_ id: Int) {
        _ = lock.withLock { listeners.removeValue(forKey: id) }
    }

    private func receive(_ report: WatchReport) {
        let targets = lock.withLock { () -> [@Sendable (WatchReport) -> Void] in
            generation += 1
            return Array(listeners.values)
        }
        for listener in targets { listener(report) }
    }

    /// Modification times and sizes of the registry, the folder colors and the trash folder (0 when missing).
    private func stateStamps() -> [Int64] {
        [".notez/tags.yaml", ".notez/folders.yaml", TrashPlanner.folder].flatMap { relative -> [Int64] in
            guard let info = SystemIO.lstat(root + "/" + relative) else { return [0, 0] }
            return [Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), Int64(info.st_size)]
        }
    }
}
