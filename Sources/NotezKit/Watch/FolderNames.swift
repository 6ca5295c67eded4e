import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The names of the folders warm renames asked about, kept current by the watcher's events, so
/// that a rename proves its new name free without listing the folder: the kernel's listing of a
/// 20,000-name folder cost each warm rename about 10 ms.
///
/// A folder is listed once, at the first question about it, then kept by the events of its
/// entries as counts of the hashes of their names lower-cased as `PlanBuilder.isTaken` compares
/// them (`VaultPath.loweredName`). Events that arrive while the folder is listed are counted too,
/// so a count may be too high (the listing and an event both saw a name), never zero for a name
/// that exists: an absent hash proves the name free; a present one proves nothing, and the folder
/// is listed afresh at the next question. Hidden names and names that are not UTF-8 are neither
/// listed nor reported by the event source; a name of either kind is never proven free.
final class FolderNames: @unchecked Sendable {
    /// At most this many names are kept over all folders (about 1.5 MB).
    static let maxNames = 65_536

    private let root: String
    private let lock = NSLock()
    /// Guarded by `lock`: the counts by folder.
    private var folders: [PathKey: [Int: Int32]] = [:]
    private var kept = 0
    /// Guarded by `lock`: the folders being listed (their counts hold only the events so far), each
    /// with the number of its listing: a listing whose folder was forgotten meanwhile proves nothing.
    private var listing: [PathKey: Int] = [:]
    private var listings = 0

    /// The names of folders of the vault at `root`.
    init(root: String) { self.root = root }

    /// Counts created, deleted and moved names; forgets every folder when events were lost or a
    /// watch ended, and a folder when it or a folder above it moved or was deleted.
    func apply(_ events: [RawFileEvent]) {
        lock.withLock {
            guard !folders.isEmpty else { return }
            for event in events {
                switch event.kind {
                case .overflow, .watchFailed, .watchRemoved, .selfDeleted, .selfMoved:
                    forgetAll()
                    return
                case .created, .movedTo:
                    if event.isDirectory { forget(under: event.path) }
                    count(event.path, by: 1)
                case .deleted, .movedFrom:
                    if event.isDirectory { forget(under: event.path) }
                    count(event.path, by: -1)
                case .closedWrite, .modified, .attributes, .cookie:
                    break
                }
            }
        }
    }

    /// True when no entry of the folder of `path` has its name in any case; false when that is not
    /// proven (the name may exist, or the folder could not be listed or kept).
    func isFree(_ path: String) -> Bool {
        let name = VaultPath.name(of: path)
        guard !name.isEmpty, !name.hasPrefix("."), !name.unicodeScalars.contains("\u{FFFD}") else { return false }
        let key = VaultPath.loweredName(name).hashValue
        let folder = PathKey(VaultPath.folder(of: path))
        let (known, number) = lock.withLock { () -> (Bool?, Int) in
            guard let counts = folders[folder] else {
                folders[folder] = [:]
                listings += 1
                listing[folder] = listings
                return (nil, listings)
            }
            // Being listed for another question: not known yet.
            if listing[folder] != nil { return (false, 0) }
            if counts[key] == nil { return (true, 0) }
            // Maybe a count too high: listed afresh next time.
            forget(folder)
            return (false, 0)
        }
        if let known { return known }
        let listed = list(folder.path)
        return lock.withLock { () -> Bool in
            // Forgotten while listed (lost events, the folder moved), or not listed: nothing is proven.
            guard listing[folder] == number, let listed, var counts = folders[folder] else {
                if listing[folder] == number { forget(folder) }
                return false
            }
            listing[folder] = nil
            kept -= counts.count
            counts.merge(listed, uniquingKeysWith: +)
            if kept + counts.count > FolderNames.maxNames {
                forgetAll()
                guard counts.count <= FolderNames.maxNames else { return false }
            }
            folders[folder] = counts
            kept += counts.count
            return counts[key] == nil
        }
    }

    /// The counts of the names of `folder`, reached without following a symlink, or nil when it
    /// cannot be listed to the end.
    private func list(_ folder: String) -> [Int: Int32]? {
        guard let vault = try? VaultDirectory(root: root), let directory = vault.openFolder(folder) else { return nil }
        defer { closedir(directory) }
        var listed: [Int: Int32] = [:]
        while true {
            errno = 0
            guard let entry = readdir(directory) else { return errno == 0 ? listed : nil }
            let bytes = SystemIO.entryNameBytes(entry)
            // Hidden names (`.` and `..` among them) and names that are not UTF-8, as the events.
            guard bytes.first != UInt8(ascii: "."), let name = String(validating: bytes, as: UTF8.self) else { continue }
            listed[VaultPath.loweredName(name).hashValue, default: 0] += 1
        }
    }

    /// Adds `delta` to the count of the name at `path` when its folder is kept (never below zero).
    private func count(_ path: String, by delta: Int32) {
        let folder = PathKey(VaultPath.folder(of: path))
        guard var counts = folders[folder] else { return }
        folders[folder] = nil
        let key = VaultPath.loweredName(VaultPath.name(of: path)).hashValue
        let before = counts.count
        let now = (counts[key] ?? 0) + delta
        counts[key] = now > 0 ? now : nil
        kept += counts.count - before
        folders[folder] = counts
    }

    private func forget(_ folder: PathKey) {
        if let counts = folders.removeValue(forKey: folder) { kept -= counts.count }
        listing[folder] = nil
    }

    /// Forgets the folder at `path` and every kept folder below it.
    private func forget(under path: String) {
        let prefix = path + "/"
        for folder in folders.keys where PathKey.sameBytes(folder.path, path) || folder.path.utf8.starts(with: prefix.utf8) {
            forget(folder)
        }
    }

    private func forgetAll() {
        folders = [:]
        listing = [:]
        kept = 0
    }
}
