import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The daemon side of the warm path: answers a client's read command from the watcher's live
/// index, byte for byte as the client would have answered it cold, or sends it to the cold path.
final class WarmService: @unchecked Sendable {
    private let vault: WatchedIndex
    private let root: String
    private let environment: [String: String]
    /// The index cache's text signatures, joined to each new snapshot by its first full-text search.
    private let signatures: CachedSignatures

    /// Seconds to wait for a client's cookie.
    static let cookieTimeout = 2.0
    /// The largest answer kept for `memo`: `overview --json` at 100,000 notes and 47,000 tags is 6.8 MB.
    static let memoLimit = 8 << 20

    /// When this daemon last started a refresh of the index cache (`refreshCacheIfStale`).
    private var lastRefresh = -Double.infinity
    /// Seconds between two refreshes of the index cache a daemon starts.
    static let refreshInterval = 300.0

    /// The last answer of `overview`, whose output depends on nothing but the snapshot and the
    /// request (it reads no journal, file or clock): sent again for the same request while the
    /// snapshot is the same. One answer at most, dropped at the first request on a newer snapshot.
    private var memo: (key: MemoKey, response: WarmResponse)?
    /// The rows of the last `ls -r`, kept in a file (`RowMemo`); nil without a cache folder.
    private let rows: RowMemo?
    /// The text of each tag of the last `overview --json` (`TagJSONMemo`); nil without a cache folder.
    private let tagJSON: TagJSONMemo?

    /// What a memoized answer was computed from.
    private struct MemoKey: Equatable {
        var version: Int
        var request: WarmRequest
    }

    init(vault: WatchedIndex) {
        self.vault = vault
        root = vault.root
        environment = WarmPath.environment()
        signatures = CachedSignatures(root: vault.root)
        rows = IndexCache.folderPath(root: vault.root).map(RowMemo.init(folder:))
        tagJSON = IndexCache.folderPath(root: vault.root).map(TagJSONMemo.init(folder:))
    }

    /// Starts serving the vault's socket; nil (with the reason) when it cannot.
    /// The answers come from `vault`'s snapshot, the one its other users (the web pages) share.
    static func start(vault: WatchedIndex) -> (WarmServer?, String?) {
        let root = vault.root
        guard let socketPath = WarmSocket.socketPath(root: root), let cookies = WarmSocket.cookieFolder(root: root) else {
            return (nil, "no cache folder ($XDG_CACHE_HOME or $HOME): searches are not served by this watch")
        }
        let service = WarmService(vault: vault)
        let server = WarmServer(socketPath: socketPath) { service.handle($0, send: $1) }
        do {
            try server.start()
        } catch {
            return (nil, "searches are not served by this watch: \(error.description)")
        }
        guard vault.watcher.watchCookies(in: cookies) else {
            server.stop()
            return (nil, "searches are not served by this watch: the cookie folder cannot be watched")
        }
        return (server, nil)
    }

    /// Answers `request`; stdout may go ahead through `send` as it is printed (not for an answer
    /// that is remembered, which is kept whole).
    func handle(_ request: WarmRequest, send: @escaping ([[UInt8]]) -> Void) -> WarmResponse {
        signatures.answering { answer(request, send: send) }
    }

    private func answer(_ request: WarmRequest, send: @escaping ([[UInt8]]) -> Void) -> WarmResponse {
        guard request.root == root else { return .fallback(reason: "the daemon serves another vault") }
        if request.environment != environment {
            let names = Set(request.environment.keys).union(environment.keys).sorted()
            let differing = names.filter { request.environment[$0] != environment[$0] }
            return .fallback(reason: "variables differ from the daemon's: \(differing.joined(separator: ", "))")
        }
        guard vault.watcher.synchronize(cookie: request.cookie, timeout: WarmService.cookieTimeout) != nil else {
            return .fallback(reason: "the live index could not be proven fresh")
        }
        // At least as new as the synchronized index: every change applied before the cookie is in it.
        guard let (index, version) = vault.versionedCommandSnapshot() else {
            return .fallback(reason: "the vault's settings changed since the daemon started")
        }
        // The cookie differs at each request; the answer does not depend on it.
        var plain = request
        plain.cookie = ""
        let key = MemoKey(version: version, request: plain)
        if let memo, memo.key == key { return memo.response }
        if let memo, memo.key.version != version { self.memo = nil }
        var memoizable = false
        let facts = TerminalFacts(
            stdinIsTerminal: request.terminals.contains(.stdin), stdoutIsTerminal: request.terminals.contains(.stdout),
            stderrIsTerminal: request.terminals.contains(.stderr), color: request.terminals.contains(.color),
            width: request.width, relativeTimes: request.terminals.contains(.relativeTimes), pager: nil)
        let context = TerminalContext(facts: facts, capturing: true)
        context.rowMemo = rows.map { (memo: $0, version: version) }
        context.tagJSONMemo = tagJSON
        var refusal = "the arguments do not parse"
        let status = context.use { () -> Int32? in
            let session = Vault(
                snapshot: index.withTextSignatures(signatures, version: version), environment: request.environment, watcher: vault.watcher)
            let status = Notez.execute(request.arguments, answering: true, warm: session) { command in
                guard let servable = command as? any WarmServable else {
                    refusal = "not a command the daemon answers"
                    return false
                }
                guard servable.answersWarm else {
                    refusal = servable.warmRefusal
                    return false
                }
                // The vault the command names, from the client's folder, must be this one.
                let named = try? Vault.locate(
                    explicit: servable.vault.explicitVault, environment: request.environment,
                    currentDirectory: request.currentDirectory).root
                guard named == self.root else {
                    refusal = "the command names another vault"
                    return false
                }
                memoizable = command is OverviewCommand
                if !memoizable { context.spill = send }
                return true
            }
            Terminal.flush()
            return status
        }
        guard let status else { return .fallback(reason: refusal) }
        let response = WarmResponse.captured(status: status, stdout: context.stdout, stderr: context.stderr)
        if memoizable && context.stdout.reduce(context.stderr.count, { $0 + $1.count }) <= WarmService.memoLimit {
            memo = (key, response)
        }
        refreshCacheIfStale()
        // The slices of the cache's signatures are made after the first answer, not by the first
        // full-text search, which would then share the cores with making them.
        signatures.prepare(titleFromHeading: index.config.titleFromHeading)
        return response
    }

    /// Starts `notez index --background` when the last full-text search found the index cache
    /// missing or far behind the vault (`CachedSignatures.needsRefresh`: after an upgrade, or a
    /// watch started on a vault never indexed): a daemon never writes the cache, and while it
    /// answers every read no cold run would, so its searches would read every note for good.
    private func refreshCacheIfStale() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let now = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        guard signatures.needsRefresh, now - lastRefresh >= WarmService.refreshInterval else { return }
        lastRefresh = now
        BackgroundIndex.start(root: root)
    }
}
