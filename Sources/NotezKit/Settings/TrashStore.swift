/// Reads the trash folder `.notez/trash/`.
///
/// A trash item is trusted only when its `trashinfo.yaml` carries a signature by this user's
/// `MachineKey` over its id, original path, deletion time and file name: an item that arrived by
/// sync or git, or whose info was edited (say, to restore into `.git/hooks/`), is never listed,
/// restored, purged or deleted; it is reported by `ignored()` and `notez check`.
public struct TrashStore: Sendable {
    /// The vault root.
    public let root: String
    private let key: MachineKey?

    /// A store over a vault root; items are checked with `key` (default: this user's key, if any).
    public init(root: String, key: MachineKey? = MachineKey.loadExisting()) {
        self.root = root
        self.key = key
    }

    /// The trash folder, relative to the vault root.
    static let relativeFolder = ".notez/trash"

    /// The trash folder's absolute path.
    public var folder: String { root + "/" + TrashStore.relativeFolder }

    /// The purpose string of trash signatures.
    static let purpose = "trash item"

    /// The message a trash item's signature covers.
    static func signedMessage(id: String, originalPath: String, deleted: String, fileName: String) -> [UInt8] {
        Array([id, originalPath, deleted, fileName].joined(separator: "\u{0}").utf8)
    }

    /// Every trusted item, newest first.
    public func items() -> [TrashItem] { read().items }

    /// Item folders that are not trusted or not well-formed, with the reason.
    public func ignored() -> [FileIssue] { read().ignored }

    /// Reads one trusted item by its folder name.
    public func item(id: String) -> TrashItem? {
        guard let directory = try? VaultDirectory(root: root) else { return nil }
        return try? item(id: id, directory: directory)
    }

    /// The trusted items (newest first) and the ignored folders, in one pass.
    public func read() -> (items: [TrashItem], ignored: [FileIssue]) {
        guard let directory = try? VaultDirectory(root: root) else { return ([], []) }
        if let problem = directory.stateFolderProblem(TrashStore.relativeFolder) {
            return ([], [FileIssue(path: TrashStore.relativeFolder, reason: problem)])
        }
        var items: [TrashItem] = []
        var ignored: [FileIssue] = []
        for id in directory.names(in: TrashStore.relativeFolder) where !id.hasPrefix(".") {
            do {
                items.append(try item(id: id, directory: directory))
            } catch {
                ignored.append(FileIssue(path: TrashStore.relativeFolder + "/" + id, reason: error.description))
            }
        }
        return (items.sorted { ($0.deleted, $0.id) > ($1.deleted, $1.id) }, ignored)
    }

    /// The attachments trashed with `item`: their original vault paths (files only, reached
    /// without following symlinks), and the folders below the attachments folder, deepest first.
    public func attachments(of item: TrashItem) -> (files: [String], folders: [String]) {
        guard let directory = try? VaultDirectory(root: root), directory.kind(item.attachmentsPath) == .folder else { return ([], []) }
        var files: [String] = []
        var folders: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? item.attachmentsPath : item.attachmentsPath + "/" + relative
            for name in directory.names(in: folder).sorted() where !name.hasPrefix(".") {
                let path = VaultPath.join(relative, name)
                switch directory.kind(VaultPath.join(item.attachmentsPath, path)) {
                case .file: files.append(path)
                case .folder:
                    folders.append(path)
                    pending.append(path)
                default: continue
                }
            }
        }
        return (files.sorted(), folders.sorted { $0.count > $1.count })
    }

    private func item(id: String, directory: VaultDirectory) throws(NotezError) -> TrashItem {
        let itemFolder = TrashStore.relativeFolder + "/" + id
        guard directory.kind(itemFolder) == .folder else { throw .refused("not a trash item folder; ignored") }
        guard let bytes = try directory.readFile(itemFolder + "/" + TrashItem.infoFileName, limit: 64 << 10),
            case .success(let value) = YAMLValue.parse(bytes),
            let original = value["path"]?.string,
            let deletedText = value["deleted"]?.string,
            let deleted = NoteDate.parse(deletedText)
        else { throw .refused("no readable \(TrashItem.infoFileName); ignored") }
        let files = directory.names(in: itemFolder).filter { name in
            name != TrashItem.infoFileName && !name.hasPrefix(".")
                && !(name == TrashItem.attachmentsFolder && directory.kind(itemFolder + "/" + name) == .folder)
        }
        guard files.count == 1, let fileName = files.first, directory.kind(itemFolder + "/" + fileName) == .file else {
            throw .refused("not exactly one trashed note file; ignored")
        }
        let signature = value["signature"]?.string ?? ""
        let message = TrashStore.signedMessage(id: id, originalPath: original, deleted: deletedText, fileName: fileName)
        guard signature.hasPrefix("hmac-sha256:"), let key,
            key.verify(String(signature.dropFirst("hmac-sha256:".count)), TrashStore.purpose, message)
        else {
            throw .refused("not trashed by notez on this machine (no valid signature); ignored, never restored or purged")
        }
        _ = try VaultPath.checkedComponents(original)
        return TrashItem(id: id, originalPath: original, deleted: deleted.seconds, fileName: fileName)
    }
}
