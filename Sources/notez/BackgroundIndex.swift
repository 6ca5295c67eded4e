import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// After a read that answered before writing the index cache (a first run on a large vault), starts
/// `notez index --background` on the vault as a process of its own: the answer does not wait for
/// the cache, and the next run finds it. The child has its own session (a terminal's Ctrl-C or
/// hang-up is not for it), `/dev/null` for its standard streams and no other descriptor of ours,
/// so a pipe reading our output ends with our output.
enum BackgroundIndex {
    /// Starts the refresh when the run's session left the cache stale and none is running.
    static func startIfNeeded() {
        guard let session = CommandRun.current?.opened, session.needsCacheRefresh else { return }
        start(root: session.root)
    }

    /// Starts `notez index --background` on the vault at `root` (one runs at a time per vault:
    /// a second waits for nothing and ends, `refresh.lock`).
    static func start(root: String) {
        guard let executable = ChildProcess.ownExecutable() else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        // Descriptors without close-on-exec (a pipe we were handed) would keep a reader waiting.
        for fd in inheritedDescriptors() { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(setsidFlag | POSIX_SPAWN_SETSIGMASK))
        var environment = ProcessInfo.processInfo.environment
        environment["NOTEZ_WARM"] = "off"
        // Not waited for: when this process exits, the child is adopted and reaped by init.
        _ = ChildProcess.spawn(
            executable, [executable, "index", "--background", "--vault", root], environment: environment, actions: &actions,
            attributes: &attributes)
    }

    /// glibc's `POSIX_SPAWN_SETSID`, which its header declares only for `_GNU_SOURCE`.
    private static let setsidFlag: Int32 = 0x80

    /// Our open descriptors above standard error that a child would inherit.
    private static func inheritedDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { fd in
            let flags = fcntl(fd, F_GETFD)
            return fd > 2 && flags >= 0 && flags & FD_CLOEXEC == 0
        }
    }
}
