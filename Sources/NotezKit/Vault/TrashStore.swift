import Foundation

/// Reads the trash folder `.notez/trash/`.
public struct TrashStore: Sendable {
    /// The vault root.
    public let root: String

    /// A store over a vault root.
    public init(root: String) { self.root = root }

    /// The trash folder's absolute path.
    public var folder: String { root + "/.notez/trash" }

    /// Every well-formed item, newest first; item folders without valid info are skipped.
    public func items() -> [TrashItem] {
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var items: [TrashItem] = []
        for id in ids where !id.hasPrefix(".") {
            if let item = item(id: id) { items.append(item) }
        }
        return items.sorted { ($0.deleted, $0.id) > ($1.deleted, $1.id) }
    }

    /// Reads one item by its folder name.
    public func item(id: String) -> TrashItem? {
        let itemFolder = folder + "/" + id
        guard let contents = try? NoteReader.readAll(itemFolder + "/" + TrashItem.infoFileName),
            case .success(let value) = YAMLValue.parse(contents.bytes),
            let original = value["path"]?.string,
            let deletedText = value["deleted"]?.string,
            let deleted = NoteDate.parse(deletedText)
        else { return nil }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: itemFolder)) ?? []
        guard let fileName = files.first(where: { $0 != TrashItem.infoFileName && !$0.hasPrefix(".") }) else { return nil }
        return TrashItem(id: id, originalPath: original, deleted: deleted.seconds, fileName: fileName)
    }
}
