import Foundation

/// A file the user names to attach: read only, from anywhere, but only when the named path is a
/// regular file itself. A symlink is refused (even to a file: the user names the file it points
/// to), so a hostile vault cannot make `attach` copy `/etc/passwd` through a link it planted; a
/// FIFO or device is never opened for reading (O_NONBLOCK, then a check of what was opened).
public enum AttachmentSource {
    /// The size of the file at `path` (as given: relative to the working folder or absolute).
    public static func size(_ path: String) throws(NotezError) -> Int64 {
        let file = try open(path)
        defer { close(file.fd) }
        return file.size
    }

    /// The whole file; larger than `limit` is refused.
    public static func read(_ path: String, limit: Int64) throws(NotezError) -> [UInt8] {
        let file = try open(path)
        defer { close(file.fd) }
        guard file.size <= limit else {
            throw .refused("'\(path)' is \(file.size) bytes, over the attachment limit of \(limit) bytes (attachment_max_mb in .notez/config.yaml)")
        }
        // Shrunk while reading: what was read is all there is.
        switch SystemIO.read(file.fd, limit: Int(file.size), at: 0, expected: Int(file.size), retryWhenNotReady: true) {
        case .bytes(let bytes): return bytes
        case .failed(let code): throw .io(path: path, errno: code)
        }
    }

    /// The real path of `path` (absolute) when a caller that is not the user at a shell (the MCP
    /// server) may attach it: inside one of `roots` (the vault, folders the user allowed) after
    /// resolving symlinked folders, in no hidden folder below that root (`.git/`, `.notez/`,
    /// `~/.ssh/`), not in notez's own state or cache folders (its signing key), and not less
    /// readable than its copy in the vault would be (`/etc/shadow` 0640 never becomes a 0644
    /// copy). The file itself is checked as for the CLI when it is read.
    public static func allowed(_ path: String, roots: [String]) throws(NotezError) -> String {
        guard path.hasPrefix("/") else { throw .usage("'\(path)' is not an absolute path; give each file's absolute path") }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = VaultPath.name(of: trimmed)
        let folder = String(trimmed.dropLast(name.utf8.count))
        guard let realFolder = realPath(folder.isEmpty ? "/" : folder) else {
            throw .usage("'\(path)' does not exist")
        }
        let resolved = (realFolder == "/" ? "" : realFolder) + "/" + name
        for own in [UserFolders.statePath(), UserFolders.cachePath()].compactMap({ $0 }) {
            if let real = realPath(own), resolved == real || resolved.hasPrefix(real + "/") {
                throw .refused("'\(path)' is in notez's own state folder (\(own)); it is never attached")
            }
        }
        let inside = roots.compactMap(realPath).compactMap { root -> String? in
            let prefix = root == "/" ? "/" : root + "/"
            return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.utf8.count)) : nil
        }
        guard let first = inside.first else {
            throw .refused(
                "'\(path)' is outside the vault and the folders allowed at start; restart the server with --attach-from FOLDER to allow a folder")
        }
        func hiddenFolder(_ relative: String) -> Substring? { relative.split(separator: "/").dropLast().first { $0.hasPrefix(".") } }
        if inside.allSatisfy({ hiddenFolder($0) != nil }), let hidden = hiddenFolder(first) {
            throw .refused("'\(path)' is in a hidden folder ('\(hidden)'); files are never attached from hidden folders")
        }
        if let info = SystemIO.lstat(resolved), (info.st_mode & S_IFMT) == S_IFREG {
            let copy = 0o666 & ~currentUmask()
            let source = info.st_mode & 0o777
            if copy & ~source & 0o777 != 0 {
                throw .refused(
                    "'\(path)' is readable by fewer users (mode \(String(source, radix: 8))) than its copy in the vault would be "
                        + "(\(String(copy, radix: 8))); it is not attached (attach it from the command line after checking it may be shared)")
            }
        }
        return resolved
    }

    /// The canonical path of an existing file or folder (symlinks resolved), nil when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The process's umask, read without changing it (from /proc; 022 where that is missing).
    static func currentUmask() -> mode_t {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        else { return 0o022 }
        return value
    }

    private static func open(_ path: String) throws(NotezError) -> (fd: Int32, size: Int64) {
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ELOOP { throw .refused("'\(path)' is a symlink; name the file it points to") }
            if errno == ENOENT { throw .usage("'\(path)' does not exist") }
            throw .io(path: path, errno: errno)
        }
        guard let info = SystemIO.fstat(fd) else {
            let code = errno
            close(fd)
            throw .io(path: path, errno: code)
        }
        guard SystemIO.isRegular(info) else {
            close(fd)
            throw .refused("'\(path)' is not a regular file; only files can be attached")
        }
        return (fd, Int64(info.st_size))
    }
}
