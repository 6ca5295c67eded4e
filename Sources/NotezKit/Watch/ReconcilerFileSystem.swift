/// The file system as the reconciler sees it; vault-relative paths. Real disk or a test double.
public protocol ReconcilerFileSystem: Sendable {
    /// The status of a path without following a final symlink (except to stamp a linked note file); nil when absent.
    func lstat(_ path: String) -> FileStatus?
    /// Reads a note file's bytes (the prefix the index needs, or all of them).
    func readNote(_ path: String) -> NoteReadResult
    /// The entries of a directory; nil when it cannot be read.
    func listDirectory(_ path: String) -> [DirectoryEntry]?
}

/// What `lstat` tells the reconciler about a path.
public struct FileStatus: Sendable, Equatable {
    /// The kinds of path the vault cares about.
    public enum Kind: Sendable, Equatable {
        /// A regular file, or a symlink to one (then `isSymlink` is set and the stamp is the target's).
        case file
        /// A real directory (never a symlink to one: those are not followed).
        case directory
        /// Anything else: sockets, dangling links, links to directories.
        case other
    }

    /// The kind.
    public var kind: Kind
    /// Inode, size and mtime.
    public var stamp: FileStamp
    /// True when the path itself is a symlink.
    var isSymlink: Bool

    /// Creates a status.
    public init(kind: Kind, stamp: FileStamp, isSymlink: Bool = false) {
        self.kind = kind
        self.stamp = stamp
        self.isSymlink = isSymlink
    }
}

/// One entry of a directory listing.
public struct DirectoryEntry: Sendable, Equatable {
    /// The entry's name (entries whose names are not UTF-8 are left out).
    public var name: String
    /// Its status.
    public var status: FileStatus

    /// Creates an entry.
    public init(name: String, status: FileStatus) {
        self.name = name
        self.status = status
    }
}

/// The outcome of reading a note file.
public enum NoteReadResult: Sendable {
    /// The bytes read and the file's stamp.
    case contents(NoteReader.Contents)
    /// The file is gone (it will be reported by a later event or scan).
    case missing
    /// The file exists but could not be read.
    case failed(NoteProblem)
}
