import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one live view of a vault that a long-running front end shares: a `Watcher`'s index, an
/// immutable `VaultIndex` snapshot rebuilt only when something changed, and listeners told of
/// every batch of changes (the web UI's live stream; the warm CLI path can read the same object).
public final class WatchedIndex: @unchecked Sendable {
    /// The absolute vault root.
    public let root: String
    /// The watcher behind it (the warm CLI path answers from the same one).
    public let watcher: Watcher
    private let lock = NSLock()
    /// Held while a snapshot is built or updated (one at a time).
    private let building = NSLock()
    // Guarded by `lock`. No copy of the watcher's index is kept between requests: the watcher
    // then updates its index in place, and only the note array a snapshot shares is copied.
    private var generation = 0
    private var cached: Snapshot?
    private var builds = 0
    private var listeners: [Int: @Sendable (WatchReport) -> Void] = [:]
    private var nextListener = 0
    private var refreshQueued = false

    /// A snapshot with what it was built from.
    private struct Snapshot {
        var key: SnapshotKey
        var index: VaultIndex
        var version: Int
        /// The watcher's change number the notes are at (to be brought up to date from).
        var sequence: Int
        /// False when `.notez/config.yaml` changed since the watcher started (its ignore rules chose
        /// the notes): the snapshot then serves the pages, never a warm CLI answer.
        var settingsCurrent: Bool
    }

    /// What a snapshot depends on besides the notes: notez's own state files, which the watcher ignores.
    private struct SnapshotKey: Equatable {
        var generation: Int
        var stamps: StateStamp
    }

    /// Creates the live view of the vault at `root`; nothing is read until `start`.
    public init(root: String, config: VaultConfig, source: FileEventSource? = nil, settings: Watcher.Settings = Watcher.Settings()) {
        self.root = root
        watcher = Watcher(root: root, config: config, source: source, settings: settings)
    }

    /// Scans the vault and starts following it; returns the index of the initial scan, which the
    /// first batch given to listeners follows.
    @discardableResult
    public func start() throws(NotezError) -> LiveIndex {
        let initial = try watcher.start { [weak self] report in self?.receive(report) }
        lock.withLock { generation += 1 }
        return initial
    }

    /// Stops following the vault.
    public func stop() { watcher.stop() }

    /// The number of batches seen so far (it changes whenever a note or folder changed).
    public var currentGeneration: Int { lock.withLock { generation } }

    /// The version of the snapshot built last, nil before the first is asked for; builds nothing.
    var builtVersion: Int? { lock.withLock { cached?.version } }

    /// The current notes as a `VaultIndex` with the tag registry, folder colors and trash count read
    /// from disk; cached until a note, a folder or one of those files changes.
    public func snapshot() -> VaultIndex { versionedSnapshot().index }

    /// The snapshot and its version, a number that changes whenever a new snapshot was built (so
    /// a front end can cache what it derives from one).
    public func versionedSnapshot() -> (index: VaultIndex, version: Int) {
        let snapshot = current()
        return (snapshot.index, snapshot.version)
    }

    /// The snapshot the warm CLI path answers from, with its version: the same one the pages use
    /// (one per process), built exactly as `IndexBuilder` builds an index from the same notes and
    /// state files; nil when the vault's settings changed since the watcher started. It includes
    /// every change the watcher had applied when this was called.
    public func versionedCommandSnapshot() -> (index: VaultIndex, version: Int)? {
        let snapshot = current()
        return snapshot.settingsCurrent ? (snapshot.index, snapshot.version) : nil
    }

    private func current() -> Snapshot {
        let stamps = StateStamp(root: root)
        // The cached snapshot is taken only when it is current: a copy held in a local until the
        // end of this function would keep its tables shared, and the update below would copy
        // them (47,000 postings) instead of changing them in place.
        let (key, found) = lock.withLock { () -> (SnapshotKey, Snapshot?) in
            let key = SnapshotKey(generation: generation, stamps: stamps)
            return (key, cached?.key == key ? cached : nil)
        }
        if let found { return found }
        // One build at a time, from the latest snapshot, taken out of the cache so that this is
        // its only reference unless a request still uses it: the update is then made in place
        // (else copy on write keeps that request's snapshot as it was).
        building.lock()
        defer { building.unlock() }
        var previous = lock.withLock { () -> Snapshot? in
            guard let snapshot = cached, snapshot.key != key else { return cached }
            cached = nil
            return snapshot
        }
        if let previous, previous.key == key { return previous }
        // The watcher's index now (at least as new as `key.generation`).
        let live = watcher.index
        // Same state files: the previous snapshot plus the changes since. Else (or when too much
        // changed) a build from scratch as `IndexBuilder` builds; when the settings changed, with
        // defaults for bad state files and without the settings' problems (for the pages only).
        var settingsCurrent = previous?.settingsCurrent ?? true
        var index: VaultIndex?
        var retired: VaultIndex?
        if var taken = previous {
            previous = nil
            if taken.key.stamps == stamps, live.update(&taken.index, from: taken.sequence) {
                index = taken.index
            } else {
                retired = taken.index
            }
        }
        if index == nil {
            index = IndexBuilder.build(root: root, live: live)
            settingsCurrent = index != nil
            SystemIO.releaseFreedMemory()
        }
        let built =
            index
            ?? live.snapshot(
                registry: (try? TagRegistry.load(root: root)) ?? TagRegistry(),
                folderColors: (try? FolderColors.load(root: root)) ?? FolderColors(),
                trashCount: TrashStore(root: root).items().count)
        let snapshot = lock.withLock { () -> Snapshot in
            builds += 1
            // Kept even when more changed meanwhile: the next request updates it from `sequence`.
            cached = Snapshot(key: key, index: built, version: builds, sequence: live.sequence, settingsCurrent: settingsCurrent)
            return cached!
        }
        WatchedIndex.retire(consume retired)
        return snapshot
    }

    /// Lets go of a replaced snapshot (or its note array) on a background queue: freeing 100,000
    /// notes (a million reference counts) would otherwise be part of the request that replaced it.
    static func retire<Value>(_ value: consuming Value?) {
        guard let value else { return }
        // Emptied by the block itself: had the block captured the value, the caller's release of
        // the block could be the last one (when the block has already run) and free it here.
        let box = Retired(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    /// A value on its way out.
    private final class Retired<Value>: @unchecked Sendable {
        var value: Value?
        init(_ value: Value) { self.value = value }
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
        let (targets, refresh) = lock.withLock { () -> ([@Sendable (WatchReport) -> Void], Bool) in
            generation += 1
            // Once a snapshot was asked for, it is brought up to date as soon as notes change,
            // not by the next request: a warm rename waited 8 ms for it.
            let refresh = cached != nil && !refreshQueued
            if refresh { refreshQueued = true }
            return (Array(listeners.values), refresh)
        }
        for listener in targets { listener(report) }
        if refresh {
            DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                guard let self else { return }
                self.lock.withLock { self.refreshQueued = false }
                _ = self.current()
            }
        }
    }
}
