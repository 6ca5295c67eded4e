/// The manual order of notes in folders (`notez order`), kept in `.notez/order.yaml`, shared
/// through git: for each folder path, its notes' file names, one a line, so that two clones that
/// reorder different parts merge with git's line merge.
///
/// `rename`, `mv` and `folder rename` update the lists in the same plan (`following`). Names that
/// no longer name a note of the folder (changed by hand or by other tools) are ignored, and notes
/// not listed follow the listed ones in the usual order; `notez order` rewrites the folder's whole
/// list each time, dropping stale names.
public struct ManualOrder: Sendable, Equatable {
    /// The file, vault-relative.
    public static let path = ".notez/order.yaml"

    /// Folder paths (`""` is the root) and their notes' file names, in order.
    public var folders: [Folder] = []

    /// One folder's order.
    public struct Folder: Sendable, Equatable {
        /// The folder's vault-relative path.
        public var path: String
        /// Its notes' file names, first to last.
        public var names: [String]
    }

    /// An empty order.
    public init() {}

    /// Reads the order; a missing file is no order. Entries that are not a list of plain names are skipped.
    public static func load(root: String) throws(NotezError) -> ManualOrder {
        var order = ManualOrder()
        for pair in try NotezStateFile.loadMapping(root: root, relative: path) {
            guard case .sequence(let items) = pair.value else { continue }
            let names = items.compactMap(\.string).filter { !$0.isEmpty && !$0.contains("/") }
            order.folders.append(Folder(path: pair.key, names: names))
        }
        return order
    }

    /// The listed names of a folder.
    public func names(in folder: String) -> [String] {
        folders.first { PathKey($0.path) == PathKey(folder) }?.names ?? []
    }

    /// The notes of `folder` (given in list order) in manual order: pinned first (as everywhere),
    /// then the listed ones in their order, then the rest as given.
    public func sorted(_ notes: [Note], folder: String) -> [Note] {
        let names = self.names(in: folder)
        guard !names.isEmpty else { return notes }
        var rank: [PathKey: Int] = [:]
        for (position, name) in names.enumerated() where rank[PathKey(name)] == nil { rank[PathKey(name)] = position }
        let indexed = notes.enumerated().map { (position: $0.offset, note: $0.element) }
        return indexed.sorted { lhs, rhs in
            if lhs.note.pinned != rhs.note.pinned { return lhs.note.pinned }
            let l = lhs.note.folder == folder ? rank[PathKey(VaultPath.name(of: lhs.note.path))] : nil
            let r = rhs.note.folder == folder ? rank[PathKey(VaultPath.name(of: rhs.note.path))] : nil
            switch (l, r) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.position < rhs.position
            }
        }.map(\.note)
    }

    /// Sets a folder's list (an empty list removes the folder's entry).
    public mutating func set(_ folder: String, names: [String]) {
        folders.removeAll { PathKey($0.path) == PathKey(folder) }
        if !names.isEmpty { folders.append(Folder(path: folder, names: names)) }
        folders.sort { Ordering.nameLess($0.path, $1.path) }
    }

    /// The order after notes and folders move (old path → new path): a note renamed in its folder
    /// keeps its place under its new name, a note moved to another folder leaves the old folder's
    /// list, and the lists of a moved folder and its subfolders follow it.
    func following(movedNotes: [String: String], movedFolders: [(from: String, to: String)]) -> ManualOrder {
        var result = self
        var foldersMoved = false
        for position in result.folders.indices {
            let folder = result.folders[position].path
            result.folders[position].names = result.folders[position].names.compactMap { name in
                guard let new = movedNotes[VaultPath.join(folder, name)] else { return name }
                return PathKey(VaultPath.folder(of: new)) == PathKey(folder) ? VaultPath.name(of: new) : nil
            }
            for moved in movedFolders where PathKey.isSelfOrInside(folder, folder: moved.from) {
                result.folders[position].path = moved.to + folder.dropFirst(moved.from.count)
                foldersMoved = true
            }
        }
        result.folders.removeAll { $0.names.isEmpty }
        if foldersMoved { result.folders.sort { Ordering.nameLess($0.path, $1.path) } }
        return result
    }

    /// The file text: one folder a key, one name a line.
    public func rendered() -> String {
        var text = "# notez: manual order of notes in folders. Edited by `notez order`; one name a line.\n"
        for folder in folders {
            text += YAMLValue.quoted(folder.path) + ":\n"
            for name in folder.names { text += "  - " + YAMLValue.quoted(name) + "\n" }
        }
        return text
    }
}
