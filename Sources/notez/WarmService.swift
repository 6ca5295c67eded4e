import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The daemon side of the warm path: answers a client's read command from the watcher's live
/// index, byte for byte as the client would have answered it cold, or sends it to the cold path.
final class WarmService: @unchecked Sendable {
    private let watcher: Watcher
    private let root: String
    private let environment: [String: String]
    // Touched only by the server thread (requests are answered one at a time).
    private var cached: (version: UInt64, stamps: [Stamp], index: VaultIndex, sequence: Int)?

    /// Seconds to wait for a client's cookie.
    static let cookieTimeout = 2.0

    init(watcher: Watcher, root: String) {
        self.watcher = watcher
        self.root = root
        environment = WarmPath.environment()
    }

    /// Starts serving the vault's socket; nil (with the reason) when it cannot.
    static func start(watcher: Watcher, root: String) -> (WarmServer?, String?) {
        guard let socketPath = WarmSocket.socketPath(root: root), let cookies = WarmSocket.cookieFolder(root: root) else {
            return (nil, "no cache folder ($XDG_CACHE_HOME or $HOME): searches are not served by this watch")
        }
        let service = WarmService(watcher: watcher, root: root)
        let server = WarmServer(socketPath: socketPath) { service.handle($0) }
        do {
            try server.start()
        } catch {
            return (nil, "searches are not served by this watch: \(error.description)")
        }
        guard watcher.watchCookies(in: cookies) else {
            server.stop()
            return (nil, "searches are not served by this watch: the cookie folder cannot be watched")
        }
        return (server, nil)
    }

    func handle(_ request: WarmRequest) -> WarmResponse {
        guard request.root == root else { return .fallback(reason: "the daemon serves another vault") }
        if request.environment != environment {
            let names = Set(request.environment.keys).union(environment.keys).sorted()
            let differing = names.filter { request.environment[$0] != environment[$0] }
            return .fallback(reason: "variables differ from the daemon's: \(differing.joined(separator: ", "))")
        }
        guard let (version, live) = watcher.synchronize(cookie: request.cookie, timeout: WarmService.cookieTimeout) else {
            return .fallback(reason: "the live index could not be proven fresh")
        }
        guard let index = index(version: version, live: live) else {
            return .fallback(reason: "the vault's settings changed since the daemon started")
        }
        let facts = TerminalFacts(
            stdinIsTerminal: request.terminals.contains(.stdin), stdoutIsTerminal: request.terminals.contains(.stdout),
            stderrIsTerminal: request.terminals.contains(.stderr), color: request.terminals.contains(.color),
            width: request.width, relativeTimes: request.terminals.contains(.relativeTimes), pager: nil)
        let context = TerminalContext(facts: facts, capturing: true)
        var refusal = "the arguments do not parse"
        let status = context.use { () -> Int32? in
            VaultOptions.warm = (root, index)
            defer { VaultOptions.warm = nil }
            let status = Notez.execute(request.arguments, answering: true) { command in
                guard let servable = command as? any WarmServable else {
                    refusal = "not a command the daemon answers"
                    return false
                }
                // The vault the command names, from the client's folder, must be this one.
                let named = try? VaultLocator.root(
                    explicit: servable.vault.explicitVault, environment: request.environment,
                    currentDirectory: request.currentDirectory)
                guard named == self.root else {
                    refusal = "the command names another vault"
                    return false
                }
                return true
            }
            Terminal.flush()
            return status
        }
        guard let status else { return .fallback(reason: refusal) }
        return .answer(status: status, stdout: context.stdout, stderr: context.stderr)
    }

    /// The index of the live notes and the current settings, rebuilt only when either changed.
    private func index(version: UInt64, live: LiveIndex) -> VaultIndex? {
        let stamps = [".notez/config.yaml", ".notez/tags.yaml", ".notez/folders.yaml", ".notez/trash"].map { Stamp(root + "/" + $0) }
        if let cached, cached.version == version, cached.stamps == stamps { return cached.index }
        // Settings and trash unchanged: the cached index plus the notes changed since.
        let updated = cached.flatMap { $0.stamps == stamps ? live.updating($0.index, from: $0.sequence) : nil }
        guard let index = updated ?? IndexBuilder.build(root: root, live: live) else { return nil }
        LiveVault.retire(cached?.index)
        cached = (version, stamps, index, live.sequence)
        return index
    }

    /// What `lstat` says of a settings file or the trash folder: any change to it changes this.
    private struct Stamp: Equatable {
        var inode: UInt64 = 0
        var size: Int64 = -1
        var modified: Int64 = 0
        var changed: Int64 = 0

        init(_ path: String) {
            guard let info = SystemIO.lstat(path) else { return }
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        }
    }
}
