#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer at a time: an exclusive `flock` on `.notez/lock`, held by every command that changes
/// the vault (from before recovery and planning until it exits) and by every `OperationRunner`.
/// Taking it again in the same process is free (the lock is counted per vault), so a command and
/// the runner it calls share one lock.
public final class VaultLock: @unchecked Sendable {
    /// The vault-relative lock file.
    public static let path = ".notez/lock"

    private let root: String
    private let fd: Int32

    private init(root: String, fd: Int32) {
        self.root = root
        self.fd = fd
    }

    deinit {
        VaultLock.release(root)
        close(fd)
    }

    /// Takes the lock of the vault `writer` writes to, waiting up to `wait` seconds (default:
    /// `NOTEZ_LOCK_WAIT`, else 5) for another notez to finish; throws `busy` after that.
    public static func acquire(_ writer: AtomicWriter, wait: Double? = nil) throws(NotezError) -> VaultLock {
        if let held = held(writer.root) { return held }
        if let problem = writer.directory.stateFolderProblem(".notez") { throw .refused(problem) }
        if writer.directory.kind(".notez") == nil { try writer.createFolder(".notez") }
        let parent = try writer.directory.parent(of: path)
        let fd = openat(parent.fd, parent.name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .refused("'\(path)' is a symlink; notez will not lock through it") }
            throw .io(path: path, errno: errno)
        }
        guard let info = SystemIO.fstat(fd), (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .refused("'\(path)' is not a regular file; remove it so notez can lock the vault")
        }
        let limit = wait ?? getenv("NOTEZ_LOCK_WAIT").flatMap { Double(String(cString: $0)) } ?? 5
        let deadline = monotonicSeconds() + limit
        while SystemIO.retrying({ flock(fd, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            guard code == EWOULDBLOCK, monotonicSeconds() < deadline else {
                close(fd)
                if code == EWOULDBLOCK {
                    throw .busy("another notez process is changing this vault; try again when it has finished")
                }
                throw .io(path: path, errno: code)
            }
            usleep(20_000)
        }
        let lock = VaultLock(root: writer.root, fd: fd)
        register(lock)
        return lock
    }

    // Weak references: the lock is released when the last holder lets go of it.
    private struct Entry { weak var lock: VaultLock? }
    nonisolated(unsafe) private static var locks: [String: Entry] = [:]
    nonisolated(unsafe) private static var mutex = pthread_mutex_t()
    private static let mutexReady: Bool = {
        pthread_mutex_init(&mutex, nil)
        return true
    }()

    private static func held(_ root: String) -> VaultLock? {
        _ = mutexReady
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return locks[root]?.lock
    }

    private static func register(_ lock: VaultLock) {
        _ = mutexReady
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        locks[lock.root] = Entry(lock: lock)
    }

    private static func release(_ root: String) {
        _ = mutexReady
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if locks[root]?.lock == nil { locks[root] = nil }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
