#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Read access to the vault's files for planners, so plans stay pure functions of what they read.
public protocol VaultFiles: Sendable {
    /// The whole file at a vault-relative path, or nil when it does not exist.
    func read(_ relative: String) throws(NotezError) -> NoteReader.Contents?
    /// What is at a vault-relative path (`""` is the root), without following a final symlink.
    func kind(_ relative: String) -> VaultEntryKind?
    /// The names in a folder (hidden names included), unsorted.
    func names(in folder: String) -> [String]
}

/// `VaultFiles` over the real file system.
public struct DiskVaultFiles: VaultFiles {
    /// The vault root.
    public let root: String

    /// Files under `root`.
    public init(root: String) { self.root = root }

    private func absolute(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Reads the whole file, nil when missing. Notes over `NoteReader.maxNoteSize` are refused;
    /// files inside `.notez/` (a trashed note that must still be purged) are not.
    public func read(_ relative: String) throws(NotezError) -> NoteReader.Contents? {
        guard kind(relative) != nil else { return nil }
        if relative.hasPrefix(".notez/") { return try NoteReader.read(absolute(relative), limit: Int.max) }
        return try NoteReader.readAll(absolute(relative))
    }

    /// `lstat` of the path.
    public func kind(_ relative: String) -> VaultEntryKind? {
        guard let info = SystemIO.lstat(absolute(relative)) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// `readdir` of the folder.
    public func names(in folder: String) -> [String] {
        guard let dir = opendir(absolute(folder)) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = String(decoding: SystemIO.entryName(entry), as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
