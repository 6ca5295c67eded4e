import Foundation

/// Where a note's attachments go (docs/attachments.md): a folder beside the note (`./attachments`,
/// the default; `./` is the note's own folder) or a fixed folder of the vault (`/` is the root,
/// `Files/Images` a path from the root), as in Obsidian's `attachmentFolderPath`.
///
/// The rule comes from `attachments:` in `.notez/config.yaml`, else from `.obsidian/app.json`,
/// else the default. Both files are untrusted: a value that leaves the vault, names a hidden folder
/// or goes through a symlink is refused with an error, never followed.
public struct AttachmentFolderRule: Sendable, Equatable {
    /// What the folder is relative to.
    public enum Base: Sendable, Equatable {
        /// The vault root.
        case vaultRoot
        /// The folder of the note.
        case noteFolder
    }

    /// What `subfolder` is relative to.
    public var base: Base
    /// A clean relative path below the base ("" is the base itself).
    var subfolder: String
    /// Where the rule was read: `default`, `.notez/config.yaml` or `.obsidian/app.json`.
    public var origin: String

    /// Creates a rule.
    public init(base: Base, subfolder: String, origin: String) {
        self.base = base
        self.subfolder = subfolder
        self.origin = origin
    }

    /// `attachments/` beside the note.
    public static let standard = AttachmentFolderRule(base: .noteFolder, subfolder: "attachments", origin: "default")

    /// The Obsidian file notez reads the setting from.
    static let obsidianSettings = ".obsidian/app.json"

    /// Reads a rule written as Obsidian writes it: `/`, `./`, `./sub`, `folder`.
    public static func parse(_ value: String, origin: String) throws(NotezError) -> AttachmentFolderRule {
        let text = value.trimmingCharacters(in: .whitespaces)
        if text == "/" || text.isEmpty { return AttachmentFolderRule(base: .vaultRoot, subfolder: "", origin: origin) }
        let base: Base = text == "." || text.hasPrefix("./") ? .noteFolder : .vaultRoot
        let rest = base == .noteFolder ? String(text.dropFirst(text == "." ? 1 : 2)) : text
        do {
            return AttachmentFolderRule(base: base, subfolder: try VaultPath.validated(rest), origin: origin)
        } catch {
            let reason: String
            if case .invalidName(_, let why) = error { reason = why } else { reason = error.description }
            throw .refused("attachment folder '\(value)' in \(origin) is not allowed: \(reason)")
        }
    }

    /// The rule of a vault: `attachments:` of `.notez/config.yaml`, else Obsidian's
    /// `attachmentFolderPath`, else `./attachments`.
    public static func load(root: String, config: VaultConfig) throws(NotezError) -> AttachmentFolderRule {
        if let value = config.attachments { return try parse(value, origin: ".notez/config.yaml") }
        guard let bytes = try readObsidianSettings(root: root) else { return .standard }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .refused("cannot read the attachment folder from \(obsidianSettings): not a JSON object")
        }
        guard let value = object["attachmentFolderPath"] else { return .standard }
        guard let text = value as? String else {
            throw .refused("attachmentFolderPath in \(obsidianSettings) is not a string")
        }
        return try parse(text, origin: obsidianSettings)
    }

    /// The bytes of `.obsidian/app.json`, nil when it is missing: the folder and the file opened
    /// without following symlinks, the file only when regular (never a FIFO), at most 1 MiB.
    static func readObsidianSettings(root: String) throws(NotezError) -> [UInt8]? {
        func refused(_ reason: String) -> NotezError {
            .refused("cannot read the attachment folder from \(obsidianSettings): \(reason)")
        }
        let directory = try VaultDirectory(root: root)
        let folder = openat(directory.fd, ".obsidian", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            if errno == ENOENT { return nil }
            throw refused(errno == ELOOP || errno == ENOTDIR ? "'.obsidian' is a symlink or not a folder" : String(cString: strerror(errno)))
        }
        defer { close(folder) }
        let file = openat(folder, "app.json", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw refused(errno == ELOOP ? "it is a symlink" : String(cString: strerror(errno)))
        }
        defer { close(file) }
        guard let info = SystemIO.fstat(file), (info.st_mode & S_IFMT) == S_IFREG else { throw refused("not a regular file") }
        let limit = 1 << 20
        guard Int(info.st_size) <= limit else { throw refused("larger than 1 MiB") }
        return try VaultDirectory.Parent.readAll(file, limit: limit, path: obsidianSettings)
    }

    /// The folder where attachments of the note at `path` go ("" is the vault root).
    public func folder(forNote path: String) -> String {
        let start = base == .vaultRoot ? "" : VaultPath.folder(of: path)
        return subfolder.isEmpty ? start : VaultPath.join(start, subfolder)
    }

    /// The rule as written in the settings (`./attachments`, `/`, `Files`).
    public var text: String {
        switch base {
        case .vaultRoot: return subfolder.isEmpty ? "/" : subfolder
        case .noteFolder: return "./" + subfolder
        }
    }
}
