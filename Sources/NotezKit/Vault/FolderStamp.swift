#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a version of a folder's list of names: adding, removing or renaming an entry
/// sets its mtime and ctime to the current time; ctime cannot be set back by a program (`touch`,
/// `rsync -t`), so a restored mtime is still noticed.
struct FolderStamp: Sendable, Hashable {
    /// The inode number.
    var inode: UInt64
    /// The modification time in nanoseconds since 1970.
    var mtimeNanos: Int64
    /// The status change time in nanoseconds since 1970.
    var ctimeNanos: Int64

    /// Creates a stamp.
    init(inode: UInt64, mtimeNanos: Int64, ctimeNanos: Int64) {
        self.inode = inode
        self.mtimeNanos = mtimeNanos
        self.ctimeNanos = ctimeNanos
    }

    /// The stamp `stat` gives.
    init(_ info: stat) {
        self.init(
            inode: UInt64(info.st_ino),
            mtimeNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            ctimeNanos: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
