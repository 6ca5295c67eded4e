import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a `LiveIndex` current: source → coalescer → reconciler → index, on a thread of its own.
///
/// New or moved-in directories get their watch as soon as their event arrives, before the batch
/// scans them, so files written in between are not missed. Writes by notez itself need no special
/// case: they are modifications like any other, and a second event for a version already read
/// finds an unchanged fingerprint and reports nothing.
public final class Watcher: @unchecked Sendable {
    /// Timing settings.
    public struct Settings: Sendable {
        /// Batching of events.
        var coalescer = Coalescer.Settings()
        /// Seconds between full rescans when not every folder could be watched.
        var degradedRescanInterval: Double = 30

        /// The defaults.
        public init() {}
    }

    /// The absolute vault root.
    public let root: String
    /// The settings in use.
    public let settings: Settings
    private let source: FileEventSource
    private let fileSystem: PosixFileSystem
    private let reconciler: Reconciler
    /// The names of the folders renames asked about, kept by the events (its own lock).
    private let folderNames: FolderNames
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var inbox: [RawFileEvent] = []
    private var running = false
    private var live: LiveIndex
    private var finished: DispatchSemaphore?
    private var workerThread: Thread?
    private var rescanRequested = false
    // Touched only by the worker thread (and by `start` before it exists).
    private var coalescer: Coalescer
    private var limitReached = false
    private var limitNoticeSent = false
    private var lastFullScan: Double = 0
    private var pendingNotices: [String] = []
    // Guarded by `condition`: cookies whose preceding events are all applied, the index version,
    // and whether every folder is watched (the warm path's freshness proof needs all three).
    private var seenCookies: Set<String> = []
    private var cookiesWatched = false
    private var version: UInt64 = 0
    private var complete = true

    /// Creates a watcher for the vault at `root`; `source` defaults to inotify.
    public init(root: String, config: VaultConfig, source: FileEventSource? = nil, settings: Settings = Settings()) {
        self.root = root
        self.settings = settings
        #if canImport(Glibc)
        self.source = source ?? InotifySource(root: root)
        #else
        self.source = source!
        #endif
        fileSystem = PosixFileSystem(root: root)
        folderNames = FolderNames(root: root)
        reconciler = Reconciler(ignore: config.ignore, titleFromHeading: config.titleFromHeading)
        live = LiveIndex(root: root, config: config)
        coalescer = Coalescer(settings: settings.coalescer)
    }

    /// A copy of the current index (cheap: copy on write).
    public var index: LiveIndex {
        condition.withLock { live }
    }

    /// The current index with a number that grows whenever it changes.
    var versionedIndex: (version: UInt64, index: LiveIndex) {
        condition.withLock { (version, live) }
    }

    /// True when no entry of the folder of the vault-relative `path` has its name in any case, as
    /// the events seen so far prove (`FolderNames`); false when that is not proven. Call after
    /// `synchronize`, which makes every event before the question seen.
    public func provesFree(_ path: String) -> Bool { folderNames.isFree(path) }

    /// Also watches `folder` for cookie files (call before `start`'s scan is needed: right after
    /// `start`); false when the source cannot, and then `synchronize` always fails.
    public func watchCookies(in folder: String) -> Bool {
        let watched = source.watchCookies(in: folder)
        condition.withLock { cookiesWatched = watched }
        return watched
    }

    /// Waits until the cookie named `cookie` has been seen and every event queued before it is
    /// applied, then returns the index and its version; nil after `timeout` seconds, when cookies
    /// are not watched, or when some folders are not watched (the index may then be stale).
    public func synchronize(cookie: String, timeout: Double) -> (version: UInt64, index: LiveIndex)? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock { () -> (UInt64, LiveIndex)? in
            while running, cookiesWatched, complete, !seenCookies.contains(cookie) {
                if !condition.wait(until: deadline) { break }
            }
            guard seenCookies.remove(cookie) != nil, running, complete else { return nil }
            return (version, live)
        }
    }

    /// Watches every folder, scans the vault, then reports each batch of changes to `onReport`
    /// (called on the watcher's thread, one batch at a time). Returns the index of the initial scan,
    /// which the first report's changes follow.
    @discardableResult
    public func start(onReport: @escaping @Sendable (WatchReport) -> Void) throws(NotezError) -> LiveIndex {
        SystemIO.returnFreedPagesSoon()
        try source.start { [weak self] events in self?.enqueue(events) }
        watchTree("")
        lastFullScan = Watcher.now()
        let initial = reconciler.scanAll(fileSystem)
        SystemIO.releaseFreedMemory()
        let done = DispatchSemaphore(value: 0)
        let startIndex = condition.withLock { () -> LiveIndex in
            live.load(initial)
            running = true
            finished = done
            return live
        }
        let thread = Thread { [self] in
            run(onReport)
            done.signal()
        }
        thread.name = "notez-watcher"
        condition.withLock { workerThread = thread }
        thread.start()
        return startIndex
    }

    /// Stops the source and the worker thread; pending events are dropped. Safe to call twice.
    public func stop() {
        source.stop()
        let (done, worker) = condition.withLock { () -> (DispatchSemaphore?, Thread?) in
            running = false
            let state = (finished, workerThread)
            finished = nil
            condition.broadcast()
            return state
        }
        // Called from a report callback, the worker ends on its own after returning.
        if let done, worker != Thread.current { done.wait() }
    }

    /// Asks for a full rescan at the next opportunity.
    func requestFullRescan() {
        condition.withLock {
            rescanRequested = true
            condition.broadcast()
        }
    }

    private func enqueue(_ events: [RawFileEvent]) {
        condition.withLock {
            inbox += events
            condition.broadcast()
        }
    }

    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }

    private func run(_ onReport: @Sendable (WatchReport) -> Void) {
        var deadline: Double? = limitReached ? lastFullScan + settings.degradedRescanInterval : nil
        while true {
            condition.lock()
            while running, inbox.isEmpty, !rescanRequested {
                guard let deadline else {
                    condition.wait()
                    continue
                }
                let remaining = deadline - Watcher.now()
                if remaining <= 0 { break }
                _ = condition.wait(until: Date(timeIntervalSinceNow: remaining))
            }
            if !running {
                condition.unlock()
                return
            }
            let events = inbox
            inbox = []
            let rescan = rescanRequested
            rescanRequested = false
            condition.unlock()

            let now = Watcher.now()
            let cookies = events.filter { $0.kind == .cookie }.map(\.path)
            if !events.isEmpty {
                // Before any cookie of these events is marked seen: a synchronized question sees them.
                folderNames.apply(events)
                followDirectories(events)
                coalescer.add(events, at: now)
            }
            if !cookies.isEmpty {
                // A client waits: everything queued before its cookie is applied now, not after the quiet period.
                if rescan { coalescer.markFullRescan(at: now) }
                if let batch = coalescer.flush(), let report = process(batch) { onReport(report) }
                condition.withLock {
                    // Cookies of clients that gave up are never removed by them; keep the set small.
                    if seenCookies.count > 1024 { seenCookies.removeAll() }
                    seenCookies.formUnion(cookies)
                    complete = !limitReached
                    condition.broadcast()
                }
                continue
            }
            if rescan || (limitReached && now - lastFullScan >= settings.degradedRescanInterval && !coalescer.isPending) {
                coalescer.markFullRescan(at: now)
            }
            switch coalescer.poll(at: now, gitLocked: access(root + "/" + Coalescer.gitLockPath, F_OK) == 0) {
            case .idle:
                deadline = limitReached ? lastFullScan + settings.degradedRescanInterval : nil
            case .wait(let until):
                deadline = until
            case .ready(let batch):
                deadline = nil
                if let report = process(batch) { onReport(report) }
            }
        }
    }

    private func process(_ batch: Coalescer.Batch) -> WatchReport? {
        if batch.fullRescan {
            lastFullScan = Watcher.now()
            // Events were lost: folders created meanwhile may lack their watch.
            watchTree("")
        }
        let result = reconcile(batch)
        for change in result.changes {
            // Cheap when already watched; covers folders only found by the scan.
            if case .folderAdded(let path) = change, source.addWatch(directory: path) == .limitReached {
                noteLimitReached()
            }
        }
        let index = condition.withLock { () -> LiveIndex in
            live.apply(result)
            if !result.changes.isEmpty { version &+= 1 }
            complete = !limitReached
            return live
        }
        let notices = pendingNotices
        pendingNotices = []
        guard !result.changes.isEmpty || !notices.isEmpty else { return nil }
        return WatchReport(changes: result.changes, wasFullRescan: batch.fullRescan, notices: notices, index: index)
    }

    private func reconcile(_ batch: Coalescer.Batch) -> Reconciler.Result {
        let previous = condition.withLock { live.state }
        return reconciler.reconcile(batch, previous: previous, fileSystem: fileSystem)
    }

    /// Adds watches for directories that appeared and drops those of directories that left.
    private func followDirectories(_ events: [RawFileEvent]) {
        for event in events where event.isDirectory && !event.path.isEmpty {
            switch event.kind {
            case .created, .movedTo:
                if event.path == ".git" {
                    _ = source.addWatch(directory: ".git")
                } else if !reconciler.isExcluded(event.path) {
                    watchTree(event.path)
                }
            case .deleted, .movedFrom:
                source.removeWatch(directory: event.path)
            default:
                break
            }
        }
        if events.contains(where: \.isOverflow) {
            pendingNotices.append("events were lost (inotify queue overflow); the vault was rescanned")
        }
        if events.contains(where: { $0.path.isEmpty && ($0.kind == .selfDeleted || $0.kind == .selfMoved) }) {
            pendingNotices.append("the vault folder itself was moved or deleted")
        }
    }

    /// Watches a directory, then lists it and watches its subdirectories (watch first, then look).
    private func watchTree(_ folder: String) {
        switch source.addWatch(directory: folder) {
        case .added:
            break
        case .limitReached:
            noteLimitReached()
            return
        case .failed:
            return
        }
        if folder.isEmpty, fileSystem.lstat(".git")?.kind == .directory {
            _ = source.addWatch(directory: ".git")
        }
        for entry in fileSystem.listDirectory(folder) ?? [] where entry.status.kind == .directory && !entry.status.isSymlink {
            let path = VaultPath.join(folder, entry.name)
            if !reconciler.isExcluded(path) { watchTree(path) }
        }
    }

    private func noteLimitReached() {
        limitReached = true
        guard !limitNoticeSent else { return }
        limitNoticeSent = true
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        pendingNotices.append(
            "the inotify watch limit is reached (fs.inotify.max_user_watches = \(limit)); "
                + "some folders are not watched, falling back to a full rescan every \(Int(settings.degradedRescanInterval)) s")
    }
}
