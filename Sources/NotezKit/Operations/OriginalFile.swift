#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a guarded write replaces, held open from the first check until after the commit, so
/// that a save by someone else is seen whichever way it is made: by rename (a new inode at the
/// name), in place (new size, mtime or content in this inode), or through a handle opened earlier.
final class OriginalFile {
    let fd: Int32
    let inode: ino_t
    let device: dev_t
    let mode: mode_t
    private let stamp: FileStamp
    private let hash: UInt64
    private let relative: String
    private let parent: VaultDirectory.Parent

    /// The largest file a guarded write re-reads to compare content.
    static let maxSize = 1 << 30

    /// Opens the file at `parent` and checks it is the version `expected` (and `expectedHash`, the
    /// FNV-1a value of the bytes the caller planned from, when given).
    init(_ parent: VaultDirectory.Parent, expected: FileStamp, expectedHash: UInt64?) throws(NotezError) {
        self.parent = parent
        relative = parent.relative
        let opened = openat(parent.fd, parent.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard opened >= 0 else {
            switch errno {
            case ENOENT: throw .changedWhileWriting(path: parent.relative)
            case ELOOP: throw .refused("'\(parent.relative)' is a symlink; notez never writes through symlinks")
            default: throw .io(path: parent.relative, errno: errno)
            }
        }
        fd = opened
        guard let info = SystemIO.fstat(fd) else {
            close(fd)
            throw .io(path: parent.relative, errno: errno)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .refused("'\(parent.relative)' is not a regular file; not replaced")
        }
        inode = info.st_ino
        device = info.st_dev
        mode = info.st_mode
        let openedStamp = FileStamp(status: info)
        stamp = openedStamp
        guard let bytes = try? VaultDirectory.Parent.readAll(fd, limit: OriginalFile.maxSize, path: parent.relative) else {
            close(fd)
            throw .unreadable(path: parent.relative, reason: "could not be read again before writing")
        }
        let content = ContentHash.value(bytes)
        // Checked before the last property is set: a throw from a whole object runs `deinit`,
        // which closes `fd` too, and a second `close` could take a descriptor another thread
        // has just opened under the same number.
        if openedStamp != expected || (expectedHash.map { $0 != content } ?? false) {
            close(fd)
            throw .changedWhileWriting(path: parent.relative)
        }
        hash = content
    }

    deinit { close(fd) }

    /// True when this inode still has the size, mtime and content it had when opened.
    func isUnchanged() -> Bool {
        guard let info = SystemIO.fstat(fd), FileStamp(status: info) == stamp else { return false }
        guard let bytes = try? VaultDirectory.Parent.readAll(fd, limit: OriginalFile.maxSize, path: relative) else { return false }
        return ContentHash.value(bytes) == hash
    }

    /// The last check before the commit: the name still leads to this inode, and it is unchanged.
    func checkUnchanged() throws(NotezError) {
        guard let info = parent.status(), info.st_ino == inode, info.st_dev == device, isUnchanged() else {
            throw .changedWhileWriting(path: relative)
        }
    }

    /// After the commit: a write that landed in the replaced inode (an editor writing in place
    /// through a handle it already had) is put back at the name, and the caller re-plans.
    func checkNotWrittenAfterCommit(restoringInto writer: AtomicWriter, relative: String, parent: VaultDirectory.Parent)
        throws(NotezError)
    {
        if isUnchanged() { return }
        let theirs = try VaultDirectory.Parent.readAll(fd, limit: OriginalFile.maxSize, path: relative)
        guard let ours = parent.status() else { throw .changedWhileWriting(path: relative) }
        try writer.write(theirs, to: relative, expected: FileStamp(status: ours))
        throw .changedWhileWriting(path: relative)
    }
}

extension FileStamp {
    /// The stamp of a `stat` result.
    init(status info: stat) {
        self.init(
            inode: UInt64(info.st_ino), size: Int64(info.st_size),
            mtimeNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
