import Foundation

/// One open vault: the session every front end (the CLI, `watch`, `serve`, `mcp`, `lsp`) reads and
/// changes a vault through. It owns locating, the clock and fault switches of its environment, the
/// vault lock, the startup duties (recovery, trash purge, queued captures), searching and running
/// plans through the journal; front ends parse requests and format answers only.
public final class Vault: @unchecked Sendable {
    /// The absolute vault root.
    public let root: String
    /// The variables it was opened with: `NOTEZ_NOW`, the fault switches, `NOTEZ_LOCK_WAIT`.
    public let environment: [String: String]
    private let source: Source
    /// The watcher behind a snapshot, when it proves names free (`provesFree`).
    private let watcher: Watcher?
    /// Guards `held` (a web or MCP session serves several requests).
    private let guardLock = NSLock()
    /// The vault lock of a change in progress (see `beginChange`).
    private var held: VaultLock?
    /// Set by `noted(_:)` when a read left the index cache unwritten; guarded by `guardLock`.
    private var cacheLeftStale = false
    /// Whether a read of many changed notes may answer before the index cache is written (the
    /// front end then starts a refresh when `needsCacheRefresh`); otherwise every read writes the
    /// cache first. Set before the first read.
    public var defersCacheWrites = false
    /// Whether every index this session builds from the notes is kept as long as the session, for
    /// a process that exits after its answer: the kernel then frees it at once, where releasing
    /// 100,000 notes one object at a time took 85 ms after the answer was out. Set before the first read.
    public var keepsBuiltIndexes = false
    /// The indexes kept (see `keepsBuiltIndexes`); guarded by `guardLock`.
    private var builtIndexes: [VaultIndex] = []

    /// Where reads come from.
    private enum Source {
        /// The disk: the memory-mapped cache when it is current, else every note.
        case disk
        /// One fixed index: a snapshot of a watched index (a daemon's request, a web page).
        case snapshot(VaultIndex)
    }

    /// A session on the vault at `root` that reads from disk.
    public init(root: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.root = root
        self.environment = environment
        source = .disk
        watcher = nil
    }

    /// A session that answers reads from `snapshot` (a daemon's view at one moment); `watcher`, the
    /// watcher it was taken from after `synchronize`, proves names free.
    public init(snapshot: VaultIndex, environment: [String: String] = ProcessInfo.processInfo.environment, watcher: Watcher? = nil) {
        root = snapshot.root
        self.environment = environment
        source = .snapshot(snapshot)
        self.watcher = watcher
    }

    /// True when a watcher proves that no entry of the folder of the vault-relative `path` has its
    /// name in any case; false when nothing proves it (the caller lists the folder).
    public func provesFree(_ path: String) -> Bool { watcher?.provesFree(path) ?? false }

    /// The vault `explicit` names, else `$NOTEZ_VAULT`, else the nearest folder with `.notez/` around
    /// `currentDirectory`, else that folder (`VaultLocator`).
    public static func locate(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(NotezError) -> Vault {
        Vault(root: try VaultLocator.root(explicit: explicit, environment: environment, currentDirectory: currentDirectory), environment: environment)
    }

    // MARK: Clock and fault switches

    /// The current time in seconds since 1970; `NOTEZ_NOW` fixes it (`FixedNow`).
    public var now: Double { Vault.now(environment: environment) }

    /// The current time for `environment`, for a front end before it has a session (a clock's
    /// reading when `NOTEZ_NOW` is unset; an unreadable `NOTEZ_NOW` is refused at start).
    public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double {
        FixedNow.now(environment: environment) { Date().timeIntervalSince1970 }
    }

    /// A write counter with the fault switches of the environment (none in normal use).
    public func writeCounter() -> WriteCounter { Vault.writeCounter(environment: environment) }

    /// A write counter with the fault switches of `environment`, for work across vaults (the capture queue).
    public static func writeCounter(environment: [String: String] = ProcessInfo.processInfo.environment) -> WriteCounter {
        WriteCounter.fromEnvironment(environment)
    }

    // MARK: Reads

    /// Whether reads come from a snapshot of a watched index (not from disk).
    public var isWarm: Bool {
        if case .disk = source { return false }
        return true
    }

    /// What a read says instead of writing: interrupted operations left pending for the next change,
    /// and journal files this machine did not write. Nothing is written.
    public func readNotices() -> [String] { Startup.readOnlyNotices(root: root) }

    /// The whole index: the snapshot when warm, else built from the cache and the notes that changed.
    public func index() throws(NotezError) -> VaultIndex {
        switch source {
        case .disk: return noted(try IndexBuilder.build(root: root, useCache: true, deferringLargeWrites: defersCacheWrites))
        case .snapshot(let index): return index
        }
    }

    /// Whether a read of this session left the index cache unwritten (see `defersCacheWrites`) and
    /// no refresh of it is running: the front end should start one (`notez index` in the background).
    public var needsCacheRefresh: Bool {
        guardLock.lock()
        let stale = cacheLeftStale
        guardLock.unlock()
        return stale && !IndexBuilder.isRefreshing(root: root)
    }

    /// Brings the index cache up to date now (`IndexBuilder.refreshCache`).
    public func refreshCache(skipIfBusy: Bool = false) throws(NotezError) -> IndexBuilder.Refresh? {
        try IndexBuilder.refreshCache(root: root, skipIfBusy: skipIfBusy)
    }

    /// `index`, after noting whether its read deferred the cache write, and kept when the session keeps its indexes.
    private func noted(_ index: VaultIndex) -> VaultIndex {
        guardLock.lock()
        if index.cacheWriteDeferred { cacheLeftStale = true }
        if keepsBuiltIndexes { builtIndexes.append(index) }
        guardLock.unlock()
        return index
    }

    /// The notes for a query that follows no link: the warm index, else the memory-mapped cache when
    /// no note changed, else the whole index.
    /// Without `snippets` (an answer that prints none: paths, a count), a read of many notes makes none.
    public func collection(snippets: Bool = true) -> any NoteCollection { collection(snippets: snippets, screen: nil) }

    /// `collection(snippets:)`; a first run leaves out the notes `screen` rules out (`NoteScreen`).
    private func collection(snippets: Bool, screen: NoteScreen?) -> any NoteCollection {
        switch source {
        case .disk:
            let collection = IndexBuilder.collection(root: root, deferringLargeWrites: defersCacheWrites, snippets: snippets, screen: screen)
            if let index = collection as? VaultIndex { _ = noted(index) }
            return collection
        case .snapshot(let index): return index
        }
    }

    /// The memory-mapped cache's view when it proves itself current, else nil (nothing is built);
    /// nil when warm. For `check`, which answers from it or else from `index()`.
    public func cachedView() -> CachedIndex? {
        guard case .disk = source else { return nil }
        return IndexBuilder.cachedView(root: root)
    }

    /// The vault's settings, registry and trash without its notes (nothing is walked or read).
    public func settingsIndex() -> VaultIndex {
        switch source {
        case .disk: return IndexBuilder.settingsIndex(root: root)
        case .snapshot(let index): return index
        }
    }

    /// Warnings about notez's own files that were not used (the defaults were used instead), from
    /// a collection's `stateProblems`; trash items are reported by the trash commands.
    public func stateWarnings(_ problems: [FileIssue]) -> [String] {
        problems.filter { !$0.path.hasPrefix(TrashPlanner.folder) }.map { "\($0.path): \($0.reason)" }
    }

    /// For a rename: the index cache with the few notes changed since it was written read afresh,
    /// when it proves itself current (`LinkFocus`); nil when warm or when the whole index is needed.
    public func linkFocus() -> LinkFocus? {
        guard case .disk = source else { return nil }
        return LinkFocus.open(root: root)
    }

    /// The notes matching `query`, with what the answer could not include said as values.
    /// A link term needs the whole index, and names one note: an unknown or ambiguous NOTE throws.
    /// `index` is the whole index when the caller has read it already.
    /// `ranked`: also rank the answer by relevance (`SearchResult.ranking`, BM25F, docs/query.md).
    /// `snippets`: false when the answer prints none (`collection(snippets:)`).
    /// `onlyMatches`: the answer prints only the matches' paths or their count, in list order; a
    /// first run may then leave out of `SearchResult.collection` the notes the query cannot match
    /// (`NoteScreen`: their bytes are read, not parsed).
    public func search(
        _ query: QueryNode, ignoringAccents: Bool = false, over index: VaultIndex? = nil, ranked: Bool = false, snippets: Bool = true,
        onlyMatches: Bool = false
    ) throws(NotezError) -> SearchResult {
        let collection: any NoteCollection
        // Each NOTE resolved once, here; the evaluator's graph terms take these (`resolvedNotes`).
        var resolved: [String: Note] = [:]
        if let index {
            for name in query.linkNoteNames { resolved[name] = try index.resolve(name) }
            collection = index
        } else if query.linkNoteNames.isEmpty {
            // Ranks count every note; graph terms follow every note's links.
            let screen = onlyMatches && !ranked && !query.needsGraph ? NoteScreen(query) : nil
            collection = self.collection(snippets: snippets, screen: screen)
        } else if !query.hasOneStepLinkTerm {
            // Graph terms (`~N`) walk the graph of whichever collection: a current cache's stored
            // resolutions need no full index; NOTE is resolved by the one rule of both.
            let notes = self.collection(snippets: snippets)
            for name in query.linkNoteNames { resolved[name] = try notes.resolve(name) }
            collection = notes
        } else {
            let full = try self.index()
            for name in query.linkNoteNames { resolved[name] = try full.resolve(name) }
            collection = full
        }
        var evaluator = QueryEvaluator(collection: collection, now: now)
        evaluator.ignoresAccents = ignoringAccents
        evaluator.resolvedNotes = resolved
        var ranking: [RankedResult]?
        var positions: [Int]
        if ranked {
            let all = evaluator.ranked(matching: query)
            ranking = all
            positions = all.map(\.position).sorted()
        } else {
            positions = evaluator.positions(matching: query)
        }
        var diagnostics: [SearchResult.Diagnostic] = []
        if !query.textValues.isEmpty {
            // Full text skipped these bodies: a missing hit must not look like no match.
            let limit = Int64(NoteReader.maxNoteSize)
            if let full = collection as? VaultIndex {
                // Kept per snapshot by a daemon (`VaultIndex.oversizedPositions`).
                for position in full.oversizedPositions() {
                    diagnostics.append(.oversized(path: full.path(at: position)))
                }
            } else {
                for position in 0..<collection.noteCount where collection.fileSize(at: position) > limit {
                    diagnostics.append(.oversized(path: collection.path(at: position)))
                }
            }
        }
        // A symlinked note's text may live outside the vault: never a result, not even by title,
        // in the full index or the cached view alike (`is:orphan` listed them from the cache).
        positions = positions.filter { position in
            if collection.isExposed(at: position) { return true }
            diagnostics.append(.symlinked(path: collection.path(at: position)))
            return false
        }
        if let kept = ranking, kept.count != positions.count {
            let exposed = Set(positions)
            ranking = kept.filter { exposed.contains($0.position) }
        }
        return SearchResult(
            collection: collection, positions: positions, diagnostics: diagnostics, ranking: ranking,
            terms: MatchSnippets.terms(of: query), ignoringAccents: ignoringAccents)
    }

    // MARK: Changes

    /// Takes the vault lock (waiting up to `lockWait` seconds, default `NOTEZ_LOCK_WAIT` or 5) and
    /// does what every change does first: finish interrupted operations, purge old trash, deliver
    /// queued captures. Returns notices; a duty that fails is a notice too (the change still runs).
    /// The lock is held until `endChange` or the session's end. A vault without `.notez/` is not
    /// locked here: the first operation that writes creates `.notez/` and takes the lock itself.
    public func beginChange(lockWait: Double? = nil) throws(NotezError) -> [String] {
        let writer = try AtomicWriter(root: root)
        if writer.directory.kind(".notez") != nil {
            let lock = try VaultLock.acquire(writer, wait: lockWait)
            guardLock.withLock { held = lock }
        }
        return startupDuties()
    }

    /// Lets go of the lock `beginChange` took (others may change the vault meanwhile).
    public func endChange() {
        let lock = guardLock.withLock { () -> VaultLock? in
            defer { held = nil }
            return held
        }
        withExtendedLifetime(lock) {}
    }

    /// Runs `body` between `beginChange` and `endChange`; returns its value and the startup notices.
    public func changing<T>(lockWait: Double? = nil, _ body: () throws -> T) throws -> (value: T, notices: [String]) {
        let notices = try beginChange(lockWait: lockWait)
        defer { endChange() }
        return (try body(), notices)
    }

    /// Runs `plan` through the journal (so `notez undo` reverses it) under the vault lock.
    /// `progress` is told of each step as (done, total).
    public func run(_ plan: Plan, undoes: String? = nil, progress: OperationRunner.Progress? = nil) throws(NotezError)
        -> OperationRunner.Result
    {
        try OperationRunner(writer: try AtomicWriter(root: root), counter: writeCounter())
            .run(plan, now: now, undoes: undoes, progress: progress)
    }

    /// Recovery and purge, then the queued captures that are due.
    private func startupDuties() -> [String] {
        var notices: [String]
        do {
            // A bad config is reported by the index; the duties run with the defaults.
            let config = (try? VaultConfig.load(root: root)) ?? VaultConfig()
            notices = try Startup.run(root: root, config: config, now: now, counter: writeCounter())
        } catch {
            notices = ["could not finish interrupted operations: \(error)"]
        }
        let now = self.now
        guard CaptureQueue.hasDue(root: root, now: now) else { return notices }
        for entry in CaptureQueue.flush(root: root, now: now, counter: writeCounter()) {
            switch entry.state {
            case .done: notices.append("queued capture '\(entry.request.title)' delivered: \(entry.path ?? "")")
            case .pending: notices.append("queued capture '\(entry.request.title)' not delivered yet: \(entry.lastError ?? "")")
            case .failed:
                notices.append(
                    "queued capture '\(entry.request.title)' failed 3 times and stays in the queue (notez queue retry --failed): \(entry.lastError ?? "")"
                )
            }
        }
        return notices
    }
}
