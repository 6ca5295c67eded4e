/// Turns a stream of raw events into batches of dirty paths; pure: times are passed in, no clock.
///
/// A batch is ready after `quietPeriod` without events, at most `maxDelay` after its first event;
/// while `.git/index.lock` exists it waits (up to `maxLockWait` after its first event) so that a
/// checkout arrives as one batch. Too many dirty paths or lost events make it a full rescan.
public struct Coalescer: Sendable {
    /// Timing and size limits.
    public struct Settings: Sendable, Equatable {
        /// Seconds without events after which a batch is ready.
        var quietPeriod: Double = 0.1
        /// Seconds after the first event after which a batch is ready even if events continue.
        var maxDelay: Double = 1.0
        /// Seconds after the first event that a batch may wait for a git lock.
        var maxLockWait: Double = 10.0
        /// How often a batch that waits for the git lock checks it again.
        var lockRecheck: Double = 0.05
        /// More dirty paths than this make a full rescan.
        var maxDirtyPaths: Int = 2000

        /// The defaults of section 7.
        public init() {}
    }

    /// What is ready to reconcile.
    public struct Batch: Sendable, Equatable {
        /// Vault-relative paths that may have changed (files or directories), by bytes: NFC and
        /// NFD spellings of a name are two files.
        public var paths: Set<PathKey>
        /// True when everything must be rescanned (overflow, watch failure, too many paths).
        var fullRescan: Bool

        /// Creates a batch.
        public init(paths: [String] = [], fullRescan: Bool = false) {
            self.paths = Set(paths.map(PathKey.init))
            self.fullRescan = fullRescan
        }

        /// Creates a batch from path keys.
        public init(keys: Set<PathKey>, fullRescan: Bool = false) {
            self.paths = keys
            self.fullRescan = fullRescan
        }
    }

    /// What the caller should do now.
    public enum Decision: Sendable, Equatable {
        /// Nothing pending: wait for events.
        case idle
        /// Call `poll` again at this time (or earlier if events arrive).
        case wait(until: Double)
        /// Reconcile this batch.
        case ready(Batch)
    }

    /// The limits in use.
    public let settings: Settings
    private var dirty: Set<PathKey> = []
    private var fullRescan = false
    private var firstEvent: Double?
    private var lastEvent: Double = 0

    /// The path of git's lock file, relative to the vault root.
    static let gitLockPath = ".git/index.lock"

    /// Creates an empty coalescer.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// True while a batch is being collected.
    var isPending: Bool { firstEvent != nil }

    /// The number of dirty paths collected so far.
    var dirtyCount: Int { dirty.count }

    /// Adds events that arrived at `time` (seconds on a monotonic clock).
    public mutating func add(_ events: [RawFileEvent], at time: Double) {
        for event in events {
            if event.kind == .cookie { continue }
            if event.kind == .overflow || event.kind == .watchFailed {
                markFullRescan(at: time)
                continue
            }
            if event.path.isEmpty, [.selfDeleted, .selfMoved, .watchRemoved].contains(event.kind) {
                // The root itself went away or moved: only a full rescan can tell what is left.
                markFullRescan(at: time)
                continue
            }
            if event.path == Coalescer.gitLockPath {
                // The lock only delays a batch in progress; alone it is not a change.
                if firstEvent != nil { lastEvent = max(lastEvent, time) }
                continue
            }
            guard Coalescer.isRelevant(event) else { continue }
            touch(at: time)
            guard !fullRescan else { continue }
            dirty.insert(PathKey(event.path))
            if dirty.count > settings.maxDirtyPaths {
                fullRescan = true
                dirty.removeAll()
            }
        }
    }

    /// Asks for a full rescan (lost root, watch limit, or the caller's own decision).
    mutating func markFullRescan(at time: Double) {
        touch(at: time)
        fullRescan = true
        dirty.removeAll()
    }

    /// Decides at `now` whether a batch is ready; `gitLocked` says whether `.git/index.lock` exists.
    mutating func poll(at now: Double, gitLocked: Bool) -> Decision {
        guard let first = firstEvent else { return .idle }
        let readyAt = min(lastEvent + settings.quietPeriod, first + settings.maxDelay)
        if now < readyAt { return .wait(until: readyAt) }
        let lockDeadline = first + settings.maxLockWait
        if gitLocked, now < lockDeadline {
            return .wait(until: min(now + settings.lockRecheck, lockDeadline))
        }
        let batch = Batch(keys: dirty, fullRescan: fullRescan)
        dirty = []
        fullRescan = false
        firstEvent = nil
        return .ready(batch)
    }

    /// Hands out whatever is pending now, ignoring quiet period and git lock: a client waits for it.
    public mutating func flush() -> Batch? {
        guard firstEvent != nil else { return nil }
        let batch = Batch(keys: dirty, fullRescan: fullRescan)
        dirty = []
        fullRescan = false
        firstEvent = nil
        return batch
    }

    /// True for events that can concern a note or a folder: editors' temporary and hidden files are not.
    static func isRelevant(_ event: RawFileEvent) -> Bool {
        let path = event.path
        guard !path.isEmpty else { return false }
        for component in path.split(separator: "/") where component.hasPrefix(".") { return false }
        if event.isDirectory { return true }
        switch event.kind {
        case .selfDeleted, .selfMoved, .watchRemoved: return true
        default: return VaultPath.isNoteFile(VaultPath.name(of: path))
        }
    }

    private mutating func touch(at time: Double) {
        if firstEvent == nil { firstEvent = time }
        lastEvent = max(lastEvent, time)
    }
}
