@testable import NotezKit

/// An in-memory vault for the pure reconciler tests: files with inodes and mtimes, directories, symlinks.
struct MemoryFileSystem: ReconcilerFileSystem {
    enum Node: Equatable {
        case file(bytes: [UInt8], inode: UInt64, mtime: Int64)
        case directory(inode: UInt64)
        case symlink(target: String, inode: UInt64)
    }

    var nodes: [String: Node] = [:]
    var nextInode: UInt64 = 100
    var clock: Int64 = 1_700_000_000_000_000_000

    private mutating func tick() -> Int64 {
        clock += 1_000_000
        return clock
    }

    private mutating func inode() -> UInt64 {
        nextInode += 1
        return nextInode
    }

    /// Creates a new file (a new inode), replacing whatever was there.
    mutating func create(_ path: String, _ text: String = "") {
        nodes[path] = .file(bytes: Array(text.utf8), inode: inode(), mtime: tick())
    }

    /// Writes in place: same inode, new content and mtime.
    mutating func write(_ path: String, _ text: String) {
        guard case .file(_, let node, _) = nodes[path] else { return create(path, text) }
        nodes[path] = .file(bytes: Array(text.utf8), inode: node, mtime: tick())
    }

    mutating func mkdir(_ path: String) {
        nodes[path] = .directory(inode: inode())
    }

    mutating func symlink(_ path: String, to target: String) {
        nodes[path] = .symlink(target: target, inode: inode())
    }

    /// Renames a file or a whole directory tree; replaces the target.
    mutating func rename(_ from: String, _ to: String) {
        remove(to)
        for (path, node) in nodes where path == from || path.hasPrefix(from + "/") {
            nodes[path] = nil
            nodes[to + path.dropFirst(from.count)] = node
        }
    }

    /// Removes a file or a whole tree (`rm -rf`).
    mutating func remove(_ path: String) {
        for key in nodes.keys where key == path || key.hasPrefix(path + "/") { nodes[key] = nil }
    }

    func lstat(_ path: String) -> FileStatus? {
        if path.isEmpty { return FileStatus(kind: .directory, stamp: FileStamp(inode: 1, size: 0, mtimeNanos: 0)) }
        switch nodes[path] {
        case .file(let bytes, let inode, let mtime):
            return FileStatus(kind: .file, stamp: FileStamp(inode: inode, size: Int64(bytes.count), mtimeNanos: mtime))
        case .directory(let inode):
            return FileStatus(kind: .directory, stamp: FileStamp(inode: inode, size: 0, mtimeNanos: 0))
        case .symlink(let target, let inode):
            if case .file(let bytes, let targetInode, let mtime) = nodes[target] {
                return FileStatus(
                    kind: .file, stamp: FileStamp(inode: targetInode, size: Int64(bytes.count), mtimeNanos: mtime), isSymlink: true)
            }
            return FileStatus(kind: .other, stamp: FileStamp(inode: inode, size: 0, mtimeNanos: 0), isSymlink: true)
        case nil:
            return nil
        }
    }

    func readNote(_ path: String) -> NoteReadResult {
        var resolved = path
        if case .symlink(let target, _) = nodes[path] { resolved = target }
        guard case .file(let bytes, let inode, let mtime) = nodes[resolved] else { return .missing }
        let stamp = FileStamp(inode: inode, size: Int64(bytes.count), mtimeNanos: mtime)
        return .contents(NoteReader.Contents(bytes: bytes, isComplete: true, stamp: stamp, birthSeconds: nil))
    }

    func listDirectory(_ path: String) -> [DirectoryEntry]? {
        if !path.isEmpty, lstat(path)?.kind != .directory || lstat(path)?.isSymlink == true { return nil }
        let prefix = path.isEmpty ? "" : path + "/"
        return nodes.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }.sorted().map {
            DirectoryEntry(name: String($0.dropFirst(prefix.count)), status: lstat($0)!)
        }
    }

    /// The state a fresh full scan gives: what the live index must equal after every batch.
    func fullScan(ignore: [String] = []) -> (state: ReconcilerState, notes: [PathKey: Note]) {
        var index = LiveIndex(root: "/memory")
        index.apply(Reconciler(ignore: ignore).reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: self))
        return (index.state, index.notes)
    }
}
