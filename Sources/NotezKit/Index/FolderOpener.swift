#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a first run opens each note: relative to the note's own folder, kept open while the next
/// notes (which come sorted, a folder's notes together) are in it. Opening `a/b/c/n.md` relative to
/// the root looks up every folder on the way again; relative to `a/b/c` it looks up one name (the
/// lookups were two thirds of `openat`'s time at 100,000 notes). Not shared between threads.
final class FolderOpener {
    /// The vault's root, open; nil: notes are opened by their absolute paths.
    private let root: Int32?
    /// The folder open now (its path's bytes) and its descriptor (-1 when it could not be opened).
    private var folder: [UInt8] = []
    private var descriptor: Int32 = -1

    /// An opener below the open `root`.
    init(root: Int32?) {
        self.root = root
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The open folder to open `relativePath` in, and the byte offset of the name in the path; nil
    /// without a root. A folder that does not open (gone, or a symlink since the walk: opened with
    /// `O_NOFOLLOW`) leaves the note to be opened from the root, where its own error arises.
    func location(of relativePath: String) -> (folder: Int32, nameStart: Int)? {
        guard let root else { return nil }
        var path = relativePath
        return path.withUTF8 { bytes -> (folder: Int32, nameStart: Int) in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (root, 0) }
            let folderBytes = UnsafeBufferPointer(rebasing: bytes[..<slash])
            if folder.isEmpty || !folderBytes.elementsEqual(folder) {
                if descriptor >= 0 { close(descriptor) }
                folder = Array(folderBytes)
                descriptor = String(decoding: folderBytes, as: UTF8.self).withCString {
                    openat(root, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                }
            }
            return descriptor >= 0 ? (descriptor, slash + 1) : (root, 0)
        }
    }
}
