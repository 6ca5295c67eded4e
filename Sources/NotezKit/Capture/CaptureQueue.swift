import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The capture queue: captures that could not reach their vault (locked by another notez, git
/// holding `.git/index.lock`, the vault's folder unreachable) wait in `$XDG_STATE_HOME/notez/queue/`,
/// one JSON file each, until a later notez command on that vault or `notez queue retry` delivers them.
///
/// Nothing is lost: an entry is written to a temporary file, fsynced and linked to a name that does
/// not exist yet (a clash picks another name, never overwrites), before `new` says it was queued;
/// it is only ever replaced by a complete newer version (rename), never deleted. Nothing is doubled:
/// before a note is written the entry records the path and content hash it is about to create
/// (`claim`); a later attempt that finds that file there marks the entry done instead of writing again.
///
/// Retry rule (seed 004): at most 3 attempts; after the first failure the next attempt waits 2 s,
/// after the second 4 s; a third failure makes the entry `failed` (kept, shown by `queue list`,
/// retried only by `queue retry --failed`).
public enum CaptureQueue {
    /// One queued capture.
    public struct Entry: Sendable, Equatable, Codable {
        /// Its state.
        public enum State: String, Sendable, Equatable, Codable {
            case pending, failed, done
        }

        /// The note a delivery is about to create.
        public struct Claim: Sendable, Equatable, Codable {
            /// Vault-relative path.
            public var path: String
            /// `ContentHash.of` the note's bytes.
            public var hash: String
        }

        /// The file name without `.json`.
        public var id: String
        /// The vault's absolute path.
        public var vault: String
        /// What `notez new` was asked.
        public var request: CaptureRequest
        /// The state.
        public var state: State = .pending
        /// Delivery attempts made.
        public var attempts = 0
        /// Not to be attempted before (seconds since 1970).
        var notBefore: Double = 0
        /// Why it was queued.
        public var reason: String
        /// The last attempt's error.
        public var lastError: String?
        /// The note being created, once an attempt got that far.
        var claim: Claim?
        /// The delivered note's path.
        public var path: String?
    }

    /// The most attempts.
    static let maxAttempts = 3

    /// How long a delivered (`done`) entry stays in the queue folder, for `queue list`: 7 days.
    static let keepDoneSeconds: Double = 7 * 86_400

    /// The wait after the `attempts`-th failure: 2 s, then 4 s.
    public static func backoff(afterAttempt attempts: Int) -> Double { attempts <= 1 ? 2 : 4 }

    /// `$XDG_STATE_HOME/notez/queue`, nil without a state folder.
    public static func folder() -> String? { UserFolders.statePath().map { $0 + "/queue" } }

    /// Why a capture into the vault at `path` cannot be made now, nil when it can. Does not wait for the lock.
    public static func unavailability(vault path: String) -> String? {
        guard let info = SystemIO.statFollowing(path), (info.st_mode & S_IFMT) == S_IFDIR else {
            return "the vault \(path) is unreachable"
        }
        if SystemIO.lstat(path + "/.git/index.lock") != nil { return "git holds .git/index.lock in the vault" }
        return nil
    }

    /// Whether a capture into the vault at `path` must be queued: the reason when it must (the vault
    /// is unavailable, or another notez holds its lock for `wait` seconds: `NOTEZ_LOCK_WAIT`, else 1 s,
    /// so a capture does not wait long behind another notez), else the vault lock, taken
    /// for the capture (the lock is shared within a process: the writer's own acquire reuses it).
    /// The one rule of `notez new`, MCP `create_note` and the web UI's quick capture.
    public static func admission(vault path: String, wait: Double? = nil) throws(NotezError) -> (reason: String?, lock: VaultLock?) {
        if let reason = unavailability(vault: path) { return (reason, nil) }
        let writer = try AtomicWriter(root: path)
        guard writer.directory.kind(".notez") != nil else { return (nil, nil) }
        do {
            let seconds = wait ?? getenv("NOTEZ_LOCK_WAIT").flatMap { Double(String(cString: $0)) } ?? 1
            return (nil, try VaultLock.acquire(writer, wait: seconds))
        } catch .busy {
            return ("another notez is changing the vault", nil)
        }
    }

    // MARK: - Storage

    /// Saves a new entry under a fresh name and returns it.
    public static func add(_ request: CaptureRequest, vault: String, reason: String, now: Double, queue: String? = folder()) throws(NotezError)
        -> Entry
    {
        guard let folder = queue else { throw .usage("neither XDG_STATE_HOME nor HOME is set; the capture cannot be queued") }
        try UserFolders.ensure(folder)
        for _ in 0..<100 {
            let id = NoteDate.compactStamp(now) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let entry = Entry(id: id, vault: vault, request: request, reason: reason)
            if try store(entry, folder: folder, replace: false) { return entry }
        }
        throw .io(path: folder, errno: EEXIST)
    }

    /// Replaces an entry's file (in the queue folder `queue`) with its new version.
    public static func save(_ entry: Entry, queue: String? = folder()) throws(NotezError) {
        guard let folder = queue else { return }
        _ = try store(entry, folder: folder, replace: true)
    }

    /// Writes `entry` through a temporary file; without `replace`, false when the name is taken.
    static func store(_ entry: Entry, folder: String, replace: Bool) throws(NotezError) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(entry) else { throw .io(path: entry.id, errno: EINVAL) }
        let temporary = folder + "/." + entry.id + "." + String(UInt32.random(in: 0...UInt32.max), radix: 16) + ".tmp"
        let target = folder + "/" + entry.id + ".json"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path: temporary, errno: errno) }
        let bytes = [UInt8](data) + [0x0A]
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary) }
        guard written == bytes.count, synced else { throw .io(path: temporary, errno: errno) }
        if replace {
            guard rename(temporary, target) == 0 else { throw .io(path: target, errno: errno) }
        } else if link(temporary, target) != 0 {
            if errno == EEXIST { return false }
            throw .io(path: target, errno: errno)
        }
        syncFolder(folder)
        return true
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Every entry, oldest first, and the files that could not be read (kept, never deleted).
    public static func load(queue: String? = folder()) -> (entries: [Entry], problems: [FileIssue]) {
        guard let folder = queue, (try? UserFolders.check(folder)) != nil,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return ([], []) }
        var entries: [Entry] = []
        var problems: [FileIssue] = []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let entry = try? JSONDecoder().decode(Entry.self, from: data),
                entry.id + ".json" == name
            else {
                problems.append(FileIssue(path: path, reason: "not a queued capture notez can read; left as it is"))
                continue
            }
            entries.append(entry)
        }
        return (entries, problems)
    }

    /// True when the queue has a pending entry for the vault at `root` that is due at `now` (cheap when the queue is empty).
    public static func hasDue(root: String, now: Double, queue: String? = folder()) -> Bool {
        guard let folder = queue, let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            names.contains(where: { $0.hasSuffix(".json") })
        else { return false }
        let real = canonical(root)
        return load(queue: folder).entries.contains { $0.state == .pending && canonical($0.vault) == real && $0.notBefore <= now }
    }

    /// True when two paths name the same folder (symlinks resolved when they exist).
    public static func samePath(_ a: String, _ b: String) -> Bool { canonical(a) == canonical(b) }

    static func canonical(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    // MARK: - Delivery

    /// One delivery attempt of a pending entry at `now`; returns the entry as saved afterwards.
    /// The caller may hold the vault lock already (the lock is shared within a process).
    /// `recordHistory` adds the delivered capture to the routing history.
    public static func attempt(_ original: Entry, now: Double, counter: WriteCounter, queue: String? = folder(), recordHistory: Bool = true)
        -> Entry
    {
        var entry = original
        guard entry.state == .pending else { return entry }
        var lock: VaultLock?
        do {
            if let reason = unavailability(vault: entry.vault) { throw NotezError.busy(reason) }
            let writer = try AtomicWriter(root: entry.vault)
            lock = try VaultLock.acquire(writer, wait: 0.5)
            // Under the vault lock, the entry as it is now: another notez may have delivered it meanwhile.
            if let current = reload(entry, queue: queue) { entry = current }
            guard entry.state == .pending else { return entry }
            if let claim = entry.claim, landed(claim, body: entry.request.body, root: entry.vault) {
                entry.state = .done
                entry.path = claim.path
                entry.lastError = nil
                try? save(entry, queue: queue)
                return entry
            }
            entry.attempts += 1
            try save(entry, queue: queue)
            let index = IndexBuilder.settingsIndex(root: entry.vault)
            let settings = CaptureSettings.load(root: entry.vault)
            let capture = try CapturePlanner.capture(entry.request, settings: settings, index: index, files: DiskVaultFiles(root: entry.vault))
            guard let path = capture.plan.details["created"]?.first,
                let contents = capture.plan.steps.last(where: { $0.path == path })?.contents
            else { throw NotezError.usage("the capture made no note") }
            entry.claim = Entry.Claim(path: path, hash: ContentHash.of(contents))
            try save(entry, queue: queue)
            let result = try OperationRunner(writer: writer, counter: counter).run(capture.plan, now: now)
            if let issue = result.issues.first { throw NotezError.writeFailed(path: issue.path, reason: issue.reason) }
            entry.state = .done
            entry.path = path
            entry.lastError = nil
            if recordHistory {
                try? CaptureRouter.record(
                    folder: capture.folder, time: entry.request.time, root: entry.vault, title: entry.request.title, tags: entry.request.tags)
            }
        } catch {
            // An attempt that could not even start (vault unavailable, locked) counts too.
            if lock == nil { entry.attempts += 1 }
            entry.lastError = (error as? NotezError)?.description ?? "\(error)"
            if entry.attempts >= maxAttempts {
                entry.state = .failed
            } else {
                entry.notBefore = now + backoff(afterAttempt: entry.attempts)
            }
        }
        try? save(entry, queue: queue)
        withExtendedLifetime(lock) {}
        return entry
    }

    /// The stored version of an entry, nil when it cannot be read.
    static func reload(_ entry: Entry, queue: String?) -> Entry? {
        guard let folder = queue, let data = FileManager.default.contents(atPath: folder + "/" + entry.id + ".json") else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: data)
    }

    /// True when the claimed note is in the vault: the same bytes, or (edited since) still holding the capture's body.
    static func landed(_ claim: Entry.Claim, body: String, root: String) -> Bool {
        guard let contents = try? DiskVaultFiles(root: root).read(claim.path) else { return false }
        if ContentHash.of(contents.bytes) == claim.hash { return true }
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        return !trimmed.isEmpty && String(decoding: contents.bytes, as: UTF8.self).contains(trimmed)
    }

    /// Removes `done` entries whose file was last written (delivered) more than `keepDoneSeconds`
    /// before `now`; returns their ids. Pending and failed entries and unreadable files are never removed.
    @discardableResult
    static func prune(now: Double, queue: String? = folder()) -> [String] {
        guard let folder = queue else { return [] }
        var removed: [String] = []
        for entry in load(queue: folder).entries where entry.state == .done {
            let path = folder + "/" + entry.id + ".json"
            guard let info = SystemIO.lstat(path), (info.st_mode & S_IFMT) == S_IFREG, Double(info.st_mtim.tv_sec) < now - keepDoneSeconds
            else { continue }
            if unlink(path) == 0 { removed.append(entry.id) }
        }
        if !removed.isEmpty { syncFolder(folder) }
        return removed
    }

    /// Delivers the due pending entries of the vault at `root` (one attempt each), oldest first,
    /// after pruning old delivered entries (so the queue folder stays small).
    public static func flush(root: String, now: Double, counter: WriteCounter, queue: String? = folder()) -> [Entry] {
        prune(now: now, queue: queue)
        let real = canonical(root)
        return load(queue: queue).entries
            .filter { $0.state == .pending && canonical($0.vault) == real && $0.notBefore <= now }
            .map { attempt($0, now: now, counter: counter, queue: queue) }
    }

    /// `queue retry`: attempts every pending entry (of `vault`, or all) now, then waits out the
    /// backoff and tries again until each is done or failed. `includeFailed` first makes failed
    /// entries pending with a fresh count. `clock` and `sleep` are injected for tests.
    public static func retry(
        vault: String?, includeFailed: Bool, clock: () -> Double, sleep: (Double) -> Void, counter: WriteCounter,
        queue: String? = folder(), recordHistory: Bool = true
    ) -> [Entry] {
        prune(now: clock(), queue: queue)
        let real = vault.map(canonical)
        var entries = load(queue: queue).entries.filter { real == nil || canonical($0.vault) == real }
        if includeFailed {
            for position in entries.indices where entries[position].state == .failed {
                entries[position].state = .pending
                entries[position].attempts = 0
                entries[position].notBefore = 0
                try? save(entries[position], queue: queue)
            }
        }
        var ready = entries.indices.filter { entries[$0].state == .pending }
        // The first round ignores the backoff: asking to retry means now.
        for position in ready { entries[position].notBefore = 0 }
        while !ready.isEmpty {
            let now = clock()
            let due = ready.filter { entries[$0].notBefore <= now }
            if due.isEmpty {
                let next = ready.map { entries[$0].notBefore }.min() ?? now
                sleep(max(0, next - now))
                continue
            }
            for position in due {
                entries[position] = attempt(entries[position], now: now, counter: counter, queue: queue, recordHistory: recordHistory)
            }
            ready = ready.filter { entries[$0].state == .pending }
        }
        return entries
    }
}
