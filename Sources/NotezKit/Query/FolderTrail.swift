#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a full-text search opens the notes it reads: relative to the note's own folder, each
/// folder opened relative to its parent and kept open while the next notes (which come in path
/// order) are below it. Opening `a/b/c/d/n.md` relative to the root looks up five names in the
/// kernel; here it looks up one, plus one per folder entered. The kernel's path lookup
/// (`__d_lookup_rcu`) was over a quarter of a warm two-word search at 100,000 notes, five folders
/// deep. Not shared between threads; at most `maxDepth` folders open at once.
final class FolderTrail {
    /// The vault's root, open (owned by the caller).
    private let root: Int32
    /// The folders open now, outermost first: each name's bytes and its descriptor.
    private var open: [(name: [UInt8], descriptor: Int32)] = []

    /// Folders deeper than this are not kept open: such a note is opened from the root.
    static let maxDepth = 32

    /// A trail below the open `root`.
    init(root: Int32) {
        self.root = root
    }

    deinit { closeFolders(from: 0) }

    /// The open folder to open `relativePath` in, and the byte offset of the note's name in the
    /// path. A folder that does not open as a folder (gone, or a symlink since the walk: opened
    /// with `O_NOFOLLOW`), or a path deeper than `maxDepth`, gives the root and offset 0: the note
    /// is then opened from the root as before, where its own error arises.
    func location(of relativePath: String) -> (folder: Int32, nameStart: Int) {
        var path = relativePath
        return path.withUTF8 { bytes -> (folder: Int32, nameStart: Int) in
            // A vault's paths are relative; anything else is the root's to open, as before.
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash > 0 else {
                return (root, 0)
            }
            // The folder's names, compared with those open; the first that differs and all after
            // it are closed, the rest opened one by one.
            var depth = 0
            var start = 0
            while start < slash {
                let end = bytes[start..<slash].firstIndex(of: UInt8(ascii: "/")) ?? slash
                let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if depth == FolderTrail.maxDepth || name.isEmpty {
                    closeFolders(from: 0)
                    return (root, 0)
                }
                if depth < open.count, open[depth].name.elementsEqual(name) {
                    depth += 1
                    start = end + 1
                    continue
                }
                closeFolders(from: depth)
                let parent = depth == 0 ? root : open[depth - 1].descriptor
                let descriptor = String(decoding: name, as: UTF8.self).withCString {
                    openat(parent, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                }
                guard descriptor >= 0 else {
                    closeFolders(from: 0)
                    return (root, 0)
                }
                open.append((Array(name), descriptor))
                depth += 1
                start = end + 1
            }
            closeFolders(from: depth)
            return (depth == 0 ? root : open[depth - 1].descriptor, slash + 1)
        }
    }

    /// How many folders are open now (tests check the bound).
    var openFolders: Int { open.count }

    /// Closes the open folders from depth `depth` on.
    private func closeFolders(from depth: Int) {
        while open.count > depth {
            _ = close(open.removeLast().descriptor)
        }
    }
}
