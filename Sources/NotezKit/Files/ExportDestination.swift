#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an export is written: a new file or a new folder outside the vault.
///
/// An export is a read of the vault, so it never writes into it; and it never replaces anything:
/// the destination must not exist, and every file below it is created with `O_EXCL|O_NOFOLLOW`
/// relative to folders opened with `O_NOFOLLOW`, so a symlink planted meanwhile is not followed.
public final class ExportDestination {
    /// The destination path as given.
    public let path: String
    private var folderFD: Int32 = -1

    /// Checks that `path` does not exist and is not inside the vault at `root`.
    public init(path: String, vaultRoot root: String) throws(NotezError) {
        self.path = path
        if SystemIO.lstat(path) != nil { throw .refused("'\(path)' already exists; notez export never replaces anything") }
        guard let vault = Self.resolved(root) else { throw .io(path: root, errno: errno) }
        let parent = Self.parentFolder(of: path)
        guard let resolvedParent = Self.resolved(parent) else {
            throw .writeFailed(path: path, reason: "the folder '\(parent)' does not exist")
        }
        if resolvedParent == vault || resolvedParent.hasPrefix(vault.hasSuffix("/") ? vault : vault + "/") {
            throw .refused("'\(path)' is inside the vault; an export is written outside it (it would become part of the vault)")
        }
    }

    deinit { if folderFD >= 0 { close(folderFD) } }

    /// Writes `bytes` as the new file `path`.
    public func writeFile(_ bytes: [UInt8]) throws(NotezError) {
        try Self.create(at: AT_FDCWD, name: path, bytes: bytes, shown: path)
    }

    /// Creates `path` as a new folder; then `write(_:to:)` fills it.
    public func createFolder() throws(NotezError) {
        if mkdir(path, 0o777) != 0 { throw .io(path: path, errno: errno) }
        folderFD = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folderFD < 0 { throw .io(path: path, errno: errno) }
    }

    /// Writes a new file at `relative` (a checked vault-style path) inside the created folder,
    /// creating its folders as needed.
    public func write(_ bytes: [UInt8], to relative: String) throws(NotezError) {
        precondition(folderFD >= 0, "createFolder() first")
        let components = try VaultPath.checkedComponents(relative)
        var current = dup(folderFD)
        defer { close(current) }
        var walked = path
        for component in components.dropLast() {
            walked += "/" + component
            if mkdirat(current, component, 0o777) != 0, errno != EEXIST { throw .io(path: walked, errno: errno) }
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 { throw .io(path: walked, errno: errno) }
            close(current)
            current = next
        }
        try Self.create(at: current, name: components.last ?? "", bytes: bytes, shown: path + "/" + relative)
    }

    private static func create(at folder: Int32, name: String, bytes: [UInt8], shown: String) throws(NotezError) {
        let fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .io(path: shown, errno: errno) }
        var failure: NotezError?
        if let code = SystemIO.writeAll(fd, bytes) { failure = .io(path: shown, errno: code) }
        if failure == nil, fsync(fd) != 0 { failure = .io(path: shown, errno: errno) }
        if close(fd) != 0, failure == nil { failure = .io(path: shown, errno: errno) }
        if let failure { throw failure }
    }

    private static func parentFolder(of path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
