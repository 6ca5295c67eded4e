/// One trashed note: `.notez/trash/ID/NAME.md` beside `.notez/trash/ID/trashinfo.yaml`.
public struct TrashItem: Sendable, Equatable {
    /// The item's folder name in `.notez/trash/` (time-ordered).
    public var id: String
    /// The vault-relative path the note had before it was trashed.
    public var originalPath: String
    /// When it was trashed, seconds since 1970.
    public var deleted: Double
    /// The file name inside the item folder.
    var fileName: String

    /// Creates an item.
    public init(id: String, originalPath: String, deleted: Double, fileName: String) {
        self.id = id
        self.originalPath = originalPath
        self.deleted = deleted
        self.fileName = fileName
    }

    /// The folder of an item that holds the attachments trashed with the note, each at its
    /// original vault path below it (`attachments/Work/attachments/photo.png`); absent in items
    /// without attachments and in items from before attachments were trashed.
    static let attachmentsFolder = "attachments"

    /// The name of the metadata file in each item folder.
    static let infoFileName = "trashinfo.yaml"

    /// The item's note file, relative to the vault root.
    public var storedPath: String { ".notez/trash/\(id)/\(fileName)" }

    /// The item's attachments folder, relative to the vault root.
    var attachmentsPath: String { ".notez/trash/\(id)/\(TrashItem.attachmentsFolder)" }
}
