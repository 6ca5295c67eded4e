#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one path resolver of notez: every vault-relative path that is written, moved or deleted (from
/// an argument, a journal record, a trash entry, the configuration or a note) is turned into an
/// open parent folder and a name here, and nowhere else.
///
/// The vault root is opened once; each folder below it is opened with `openat(O_NOFOLLOW)` relative
/// to its parent, so a symlinked component (or one swapped for a symlink while notez runs) fails
/// instead of leading outside the vault. `VaultPath.checkedComponents` rejects everything else that
/// could escape or reach where notez must not write (`..`, absolute paths, `.git/` and every
/// dot-folder but `.notez/`).
public final class VaultDirectory: Sendable {
    /// The vault root, with symlinks resolved.
    public let root: String
    /// The open root folder.
    let fd: Int32

    /// Opens the vault root (which must be a folder).
    public init(root: String) throws(NotezError) {
        guard let resolved = realpath(root, nil) else { throw .io(path: root, errno: errno) }
        self.root = String(cString: resolved)
        free(resolved)
        let opened = open(self.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { throw .io(path: self.root, errno: errno) }
        fd = opened
    }

    deinit { close(fd) }

    /// The open parent folder of `relative` and its last component, after checking the path.
    public func parent(of relative: String) throws(NotezError) -> Parent {
        let components = try VaultPath.checkedComponents(relative)
        var current = dup(fd)
        guard current >= 0 else { throw .io(path: root, errno: errno) }
        var walked = ""
        for component in components.dropLast() {
            walked = VaultPath.join(walked, component)
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(current)
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR {
                    if let info = SystemIO.lstat(root + "/" + walked), (info.st_mode & S_IFMT) == S_IFLNK {
                        throw .refused("'\(walked)' is a symlink; notez never writes through symlinks ('\(relative)' not changed)")
                    }
                }
                throw .io(path: walked, errno: code)
            }
            current = next
        }
        return Parent(fd: current, name: components.last!, relative: relative)
    }

    /// Checks, before a plan is journaled, that notez could write `relative`: the path passes
    /// `VaultPath.checkedComponents` and no folder on the way that exists is a symlink or not a
    /// folder (missing folders are fine: an earlier step may create them).
    func checkReachable(_ relative: String) throws(NotezError) {
        let components = try VaultPath.checkedComponents(relative)
        // One walk down the path (a walk from the root for each folder on the way cost a rename of
        // 50 notes 1,300 system calls).
        var current = dup(fd)
        guard current >= 0 else { throw .io(path: root, errno: errno) }
        defer { close(current) }
        var walked = ""
        for component in components.dropLast() {
            walked = VaultPath.join(walked, component)
            var info = stat()
            guard fstatat(current, component, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                // Gone or replaced since the stat: as a missing folder, which the write itself refuses.
                guard next >= 0 else { return }
                close(current)
                current = next
            case S_IFLNK: throw .refused("'\(walked)' is a symlink; notez never writes through symlinks ('\(relative)' not changed)")
            default: throw .refused("'\(walked)' is not a folder; '\(relative)' cannot be written")
            }
        }
    }

    /// What is at `relative` without following a final symlink; nil when nothing is there or a folder
    /// on the way is missing, not a folder, or a symlink.
    public func kind(_ relative: String) -> VaultEntryKind? {
        if relative.isEmpty { return .folder }
        guard let parent = try? parent(of: relative) else { return nil }
        return parent.kind()
    }

    /// Reads a whole regular file (notez's own state) without following symlinks and without
    /// blocking on a FIFO; nil when missing. Larger than `limit` is an error.
    public func readFile(_ relative: String, limit: Int = 1 << 20) throws(NotezError) -> [UInt8]? {
        let parent: Parent
        do {
            parent = try self.parent(of: relative)
        } catch .io(_, let code) where code == ENOENT {
            return nil
        }
        let file = openat(parent.fd, parent.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .refused("'\(relative)' is a symlink; notez does not read its state through symlinks") }
            throw .io(path: relative, errno: errno)
        }
        defer { close(file) }
        guard let info = SystemIO.fstat(file) else { throw .io(path: relative, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .refused("'\(relative)' is not a regular file; ignored") }
        guard Int(info.st_size) <= limit else {
            throw .unreadable(path: relative, reason: "larger than \(limit) bytes; ignored")
        }
        return try Parent.readAll(file, limit: limit, path: relative)
    }

    /// An open folder and a name in it; the folder is closed when this is released.
    public final class Parent {
        /// The open folder.
        public let fd: Int32
        /// The last component of the path.
        public let name: String
        /// The whole vault-relative path (for messages).
        public let relative: String

        init(fd: Int32, name: String, relative: String) {
            self.fd = fd
            self.name = name
            self.relative = relative
        }

        deinit { close(fd) }

        /// `fstatat` of the name without following a symlink.
        public func status() -> stat? {
            SystemIO.fstatat(fd, name)
        }

        /// What the name is, nil when it does not exist.
        public func kind() -> VaultEntryKind? {
            guard let info = status() else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .symlink
            default: return .other
            }
        }

        /// Reads all of an open file (at most `limit` bytes) from its start.
        static func readAll(_ file: Int32, limit: Int, path: String) throws(NotezError) -> [UInt8] {
            // One byte past the limit tells a file of exactly `limit` bytes from a larger one.
            switch SystemIO.read(file, limit: limit < Int.max ? limit + 1 : limit, at: 0, retryWhenNotReady: true) {
            case .failed(let code): throw .io(path: path, errno: code)
            case .bytes(let bytes) where bytes.count > limit: throw .unreadable(path: path, reason: "larger than \(limit) bytes")
            case .bytes(let bytes): return bytes
            }
        }
    }
}

extension VaultDirectory {
    /// The names in a folder (hidden names included), reached without following symlinks; empty when
    /// the folder is missing or cannot be reached safely.
    public func names(in relative: String) -> [String] {
        guard let stream = openFolder(relative) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = String(decoding: SystemIO.entryName(entry), as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The folder at `relative` opened for listing, reached without following symlinks; nil when it
    /// is missing or cannot be reached safely. The caller closes it (`closedir`).
    func openFolder(_ relative: String) -> OpaquePointer? {
        let folder: Int32
        if relative.isEmpty {
            folder = dup(fd)
        } else {
            guard let parent = try? parent(of: relative) else { return nil }
            folder = openat(parent.fd, parent.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard folder >= 0 else { return nil }
        guard let stream = fdopendir(folder) else {
            close(folder)
            return nil
        }
        return stream
    }

    /// Why a folder of notez's state (`.notez`, `.notez/journal`, `.notez/trash`) cannot be used, or
    /// nil when it is a real folder or absent. A symlink, FIFO or device there is refused.
    func stateFolderProblem(_ relative: String) -> String? {
        var walked = ""
        for component in relative.split(separator: "/") {
            walked = VaultPath.join(walked, String(component))
            switch kind(walked) {
            case nil, .folder: continue
            case .symlink: return "'\(walked)' is a symlink; notez does not keep or read its state through symlinks"
            default: return "'\(walked)' is not a folder; notez cannot keep its state there"
            }
        }
        return nil
    }
}
