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
    /// Each name's bytes in a folder (hidden names included), unsorted, without making a `String`.
    func forEachName(in folder: String, _ body: (UnsafeRawBufferPointer) -> Void)
}

extension VaultFiles {
    /// Over `names(in:)`, for files that are not on disk.
    public func forEachName(in folder: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        for name in names(in: folder) {
            var copy = name
            copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }
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
        var names: [String] = []
        forEachName(in: folder) { names.append(String(decoding: $0, as: UTF8.self)) }
        return names
    }

    /// `readdir` of the folder, each name lent from its entry.
    public func forEachName(in folder: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard let dir = opendir(absolute(folder)) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = SystemIO.entryNameBytes(entry)
            let dots = name.count <= 2 && name.allSatisfy { $0 == 0x2E }
            if !dots { body(name) }
        }
    }
}
