#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reconciler's view of a real vault on disk, with POSIX calls.
struct PosixFileSystem: ReconcilerFileSystem {
    /// The absolute vault root.
    public let root: String

    /// Creates the adapter for the vault at `root`.
    public init(root: String) {
        self.root = root
    }

    private func absolute(_ path: String) -> String {
        path.isEmpty ? root : root + "/" + path
    }

    /// `lstat`, following a symlink only to stamp a linked regular file.
    public func lstat(_ path: String) -> FileStatus? {
        PosixFileSystem.status(absolute(path))
    }

    static func status(_ absolutePath: String) -> FileStatus? {
        guard let info = SystemIO.lstat(absolutePath) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return FileStatus(kind: .file, stamp: stamp(info))
        case S_IFDIR:
            return FileStatus(kind: .directory, stamp: stamp(info))
        case S_IFLNK:
            if let target = SystemIO.statFollowing(absolutePath), (target.st_mode & S_IFMT) == S_IFREG {
                return FileStatus(kind: .file, stamp: stamp(target), isSymlink: true)
            }
            return FileStatus(kind: .other, stamp: stamp(info), isSymlink: true)
        default:
            return FileStatus(kind: .other, stamp: stamp(info))
        }
    }

    static func stamp(_ info: stat) -> FileStamp {
        FileStamp(
            inode: UInt64(info.st_ino), size: Int64(info.st_size),
            mtimeNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Reads what the index needs, like `NoteReader.note`.
    public func readNote(_ path: String) -> NoteReadResult {
        let file = absolute(path)
        do {
            return .contents(try NoteReader.readForIndex(file))
        } catch {
            if case .io(_, let code) = error, code == ENOENT || code == ENOTDIR { return .missing }
            if case .unreadable(_, let reason) = error, reason == NoteReader.symlinkReason {
                return .failed(NoteProblem(kind: .symlink, message: error.description))
            }
            return .failed(NoteProblem(kind: .unreadable, message: error.description))
        }
    }

    /// `opendir`/`readdir`, with an `lstat` per entry for its stamp.
    func listDirectory(_ path: String) -> [DirectoryEntry]? {
        let folder = absolute(path)
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(dir) {
            let bytes = SystemIO.entryName(entry)
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            guard let name = String(validating: bytes, as: UTF8.self) else { continue }
            // Hidden entries are never part of the vault: skip their lstat.
            if name.hasPrefix(".") { continue }
            guard let status = PosixFileSystem.status(folder + "/" + name) else { continue }
            entries.append(DirectoryEntry(name: name, status: status))
        }
        return entries
    }
}
