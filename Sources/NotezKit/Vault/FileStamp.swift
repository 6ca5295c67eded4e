#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a version of a file on disk without reading it: inode, size and mtime.
public struct FileStamp: Sendable, Hashable, Codable {
    /// The inode number.
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int64
    /// The modification time in nanoseconds since 1970.
    public var mtimeNanos: Int64

    /// Creates a stamp.
    public init(inode: UInt64, size: Int64, mtimeNanos: Int64) {
        self.inode = inode
        self.size = size
        self.mtimeNanos = mtimeNanos
    }

    /// The stamp `stat` gives.
    init(_ info: stat) {
        self.init(
            inode: UInt64(info.st_ino), size: Int64(info.st_size),
            mtimeNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// The modification time in seconds since 1970.
    var mtimeSeconds: Double { Double(mtimeNanos) / 1_000_000_000 }
}
