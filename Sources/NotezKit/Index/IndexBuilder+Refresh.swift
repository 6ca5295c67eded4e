#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension IndexBuilder {
    /// What a refresh of the index cache did.
    public struct Refresh: Sendable, Equatable {
        /// The notes of the vault.
        public let notes: Int
        /// The notes read afresh (the others were unchanged since the cache was written).
        public let read: Int
    }

    /// The lock a refresh holds in the vault's cache folder, so one refresh runs at a time.
    static let refreshLockName = "refresh.lock"

    /// Brings the index cache of the vault at `root` up to date: reads the notes that changed since
    /// it was written and writes it, with the title table. With `skipIfBusy`, returns nil at once
    /// when another process is refreshing it (a refresh started after an answer); otherwise waits
    /// for that one to finish first. Nil also when there is no usable cache folder.
    public static func refreshCache(root: String, skipIfBusy: Bool) throws(NotezError) -> Refresh? {
        guard let folder = IndexCache.folderPath(root: root) else { return nil }
        try UserFolders.ensure(folder)
        guard let lock = try refreshLock(folder: folder, wait: !skipIfBusy) else { return nil }
        defer { close(lock) }
        let index = try build(root: root, useCache: true, deferringLargeWrites: false)
        return Refresh(notes: index.notes.count, read: index.notesRead)
    }

    /// Waits until no refresh of the index cache of the vault at `root` is running (a benchmark
    /// that removes the cache waits, or the refresh would write it back).
    public static func waitForRefresh(root: String) {
        guard let folder = IndexCache.folderPath(root: root), (try? UserFolders.check(folder)) != nil,
            let lock = try? refreshLock(folder: folder, wait: true)
        else { return }
        close(lock)
    }

    /// Whether a refresh of the vault at `root` is running now.
    static func isRefreshing(root: String) -> Bool {
        guard let folder = IndexCache.folderPath(root: root), (try? UserFolders.check(folder)) != nil else { return false }
        guard let lock = try? refreshLock(folder: folder, wait: false) else { return true }
        close(lock)
        return false
    }

    /// The refresh lock of `folder`, taken (its descriptor; closing it releases the lock); nil when
    /// `wait` is false and another process holds it.
    private static func refreshLock(folder: String, wait: Bool) throws(NotezError) -> Int32? {
        let path = folder + "/" + refreshLockName
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw NotezError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw NotezError.writeFailed(path: path, reason: String(cString: strerror(code)))
        }
        return fd
    }
}
