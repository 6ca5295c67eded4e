#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every change notez makes to the vault goes through here: atomic writes, moves that never
/// replace, folder creation and removal, all confined to the vault and never through a symlink.
///
/// A write puts the bytes in `.notez-tmp-*` beside the target, fsyncs it, renames it over the
/// target (keeping the target's mode) and fsyncs the folder, so a crash leaves either the old or
/// the new file, never a mix.
public struct AtomicWriter: Sendable {
    /// The vault root, with symlinks resolved.
    public let root: String

    /// The prefix of temporary files; the walker skips them as hidden files.
    public static let temporaryPrefix = ".notez-tmp-"

    /// A writer for the vault at `root` (which must exist).
    public init(root: String) throws(NotezError) {
        guard let resolved = AtomicWriter.realPath(root) else { throw .io(path: root, errno: errno) }
        self.root = resolved
    }

    /// The absolute path of a vault-relative path after checking that it stays in the vault.
    ///
    /// Refuses `..`, `.`, empty components, absolute paths, control characters, a parent folder
    /// that resolves (through symlinks) outside the root, and a target that is a symlink.
    public func checkedPath(_ relative: String, mustExistParent: Bool = true) throws(NotezError) -> String {
        if relative.isEmpty || relative.hasPrefix("/") {
            throw .invalidName(relative, reason: "not a path inside the vault")
        }
        for component in relative.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." {
                throw .invalidName(relative, reason: "'..', '.' and empty components are not allowed in vault paths")
            }
        }
        if relative.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidName(relative, reason: "control characters are not allowed in names")
        }
        let parent = VaultPath.folder(of: relative)
        let parentAbsolute = parent.isEmpty ? root : root + "/" + parent
        if let resolved = AtomicWriter.realPath(parentAbsolute) {
            guard resolved == root || resolved.hasPrefix(root + "/") else {
                throw .refused("'\(relative)' is outside the vault (its folder resolves to \(resolved)); not written")
            }
        } else if mustExistParent {
            throw .io(path: parentAbsolute, errno: errno)
        }
        let absolute = root + "/" + relative
        var info = stat()
        if lstat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            throw .refused("'\(relative)' is a symlink; notez never writes through symlinks")
        }
        return absolute
    }

    /// Atomically replaces (or creates) a file with `bytes`, keeping the old file's mode.
    ///
    /// With `expected`, refuses when the file on disk is no longer that version (checked before and
    /// right before the rename), so a concurrent save is never clobbered; with `mustNotExist`,
    /// refuses when the file exists.
    public func write(_ bytes: [UInt8], to relative: String, expected: FileStamp? = nil, mustNotExist: Bool = false) throws(NotezError) {
        let absolute = try checkedPath(relative)
        var mode: mode_t?
        try check(absolute, relative: relative, expected: expected, mustNotExist: mustNotExist, mode: &mode)
        let folder = VaultPath.folder(of: absolute)
        let temporary = folder + "/" + AtomicWriter.temporaryPrefix + String(getpid()) + "-" + AtomicWriter.uniqueSuffix()
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw .io(path: temporary, errno: errno) }
        var failure: NotezError?
        if let mode, fchmod(fd, mode & 0o7777) != 0 { failure = .io(path: temporary, errno: errno) }
        var written = 0
        while failure == nil, written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = .io(path: temporary, errno: errno)
            } else {
                written += count
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = .io(path: temporary, errno: errno) }
        if close(fd) != 0, failure == nil { failure = .io(path: temporary, errno: errno) }
        if failure == nil {
            do {
                try check(absolute, relative: relative, expected: expected, mustNotExist: mustNotExist, mode: &mode)
            } catch {
                failure = error
            }
        }
        if failure == nil, rename(temporary, absolute) != 0 { failure = .io(path: absolute, errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        try syncFolder(folder)
    }

    /// Writes a whole UTF-8 text file (notez's own state files).
    public func write(text: String, to relative: String) throws(NotezError) {
        try write(Array(text.utf8), to: relative)
    }

    /// Renames a file or folder; never replaces an existing target.
    public func move(from source: String, to target: String) throws(NotezError) {
        let from = try checkedPath(source)
        var info = stat()
        guard lstat(from, &info) == 0 else { throw .io(path: source, errno: errno) }
        let to = try checkedPath(target)
        if lstat(to, &info) == 0 { throw .refused("'\(target)' already exists; not replaced") }
        if renameNoReplace(from, to) != 0 { throw .io(path: target, errno: errno) }
        try syncFolder(VaultPath.folder(of: from))
        if VaultPath.folder(of: from) != VaultPath.folder(of: to) { try syncFolder(VaultPath.folder(of: to)) }
    }

    /// Creates one folder (its parent must exist).
    public func createFolder(_ relative: String) throws(NotezError) {
        let absolute = try checkedPath(relative)
        if mkdir(absolute, 0o777) != 0 { throw .io(path: relative, errno: errno) }
        try syncFolder(VaultPath.folder(of: absolute))
    }

    /// Removes an empty folder.
    public func removeEmptyFolder(_ relative: String) throws(NotezError) {
        let absolute = try checkedPath(relative)
        if rmdir(absolute) != 0 { throw .io(path: relative, errno: errno) }
        try syncFolder(VaultPath.folder(of: absolute))
    }

    /// Deletes one file (never a folder; a symlink is refused by `checkedPath`).
    public func deleteFile(_ relative: String) throws(NotezError) {
        let absolute = try checkedPath(relative)
        if unlink(absolute) != 0 { throw .io(path: relative, errno: errno) }
        try syncFolder(VaultPath.folder(of: absolute))
    }

    private func check(_ absolute: String, relative: String, expected: FileStamp?, mustNotExist: Bool, mode: inout mode_t?)
        throws(NotezError)
    {
        var info = stat()
        if lstat(absolute, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw .refused("'\(relative)' is a symlink; notez never writes through symlinks")
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw .refused("'\(relative)' is not a regular file") }
            if mustNotExist { throw .refused("'\(relative)' already exists; not replaced") }
            mode = info.st_mode
            if let expected {
                let now = FileStamp(
                    inode: UInt64(info.st_ino), size: Int64(info.st_size),
                    mtimeNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
                if now != expected { throw .refused("'\(relative)' changed while notez was writing it; not replaced") }
            }
        } else if expected != nil {
            throw .refused("'\(relative)' disappeared while notez was writing it")
        }
    }

    private func syncFolder(_ absolute: String) throws(NotezError) {
        let fd = open(absolute.isEmpty ? "/" : absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: absolute, errno: errno) }
        defer { close(fd) }
        // Some file systems do not support fsync on folders; that is not a failure of the write.
        if fsync(fd) != 0, errno != EINVAL, errno != ENOTSUP { throw .io(path: absolute, errno: errno) }
    }

    private func renameNoReplace(_ from: String, _ to: String) -> Int32 {
        #if os(Linux)
        // Glibc's module map hides renameat2 (it needs _GNU_SOURCE); look it up at run time.
        if let renameat2 = AtomicWriter.renameat2 {
            let result = renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */)
            if result == 0 || (errno != EINVAL && errno != ENOSYS) { return result }
        }
        #endif
        // File systems without RENAME_NOREPLACE: the existence check in `move` has to do.
        return rename(from, to)
    }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// `realpath(3)` as a String, nil when the path does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static let counter = Counter()

    static func uniqueSuffix() -> String {
        String(counter.next()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }
}

/// A process-wide counter for unique temporary names.
final class Counter: @unchecked Sendable {
    private var value = 0
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    func next() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        value += 1
        return value
    }
}
