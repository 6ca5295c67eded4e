import Foundation

/// The settings of `.notez/config.yaml`, with defaults for anything missing.
public struct VaultConfig: Sendable, Equatable {
    /// Whether listings show snippets.
    public var snippets = true
    /// Days after which trashed notes are purged.
    var trashDays = 30
    /// Globs of paths that are not part of the vault.
    public var ignore: [String] = []
    /// The attachment folder rule as written (`attachments:`), nil when not set (see `AttachmentFolderRule`).
    public var attachments: String?
    /// The largest file `notez attach` copies, in bytes (`attachment_max_mb`, default 250).
    public var attachmentMaxBytes: Int64 = 250 * 1_000_000
    /// `link_aliases: true`: wikilinks may name a note by its title or alias (Obsidian's do not).
    public var linkAliases = false
    /// `dendron_links: true`: `[[label|target]]` is read as Dendron writes it when `label` names nothing.
    public var dendronLinks = false
    /// `title_from: heading`: a note without a `title:` key is titled by its first `# Heading` (zk's
    /// way) instead of its file name (Obsidian's, `title_from: file`, the default).
    public var titleFromHeading = false

    /// The defaults.
    public init() {}

    /// The text `notez init` writes.
    static let initialText = """
        # notez settings. Every key is optional.
        # Show a plain-text snippet under each note in listings.
        snippets: true
        # Trashed notes older than this many days are deleted for good.
        trash_days: 30
        # Globs of vault-relative paths that are not notes (a glob without '/' matches any name).
        ignore: []

        """

    /// A `true`/`false` setting; nil when absent.
    private static func flag(_ value: YAMLValue, _ key: String) throws(NotezError) -> Bool? {
        guard let text = value[key]?.string else { return nil }
        guard let flag = NoteMetadata.bool(text) else {
            throw .unreadable(path: ".notez/config.yaml", reason: "\(key) must be true or false, not '\(text)'")
        }
        return flag
    }

    /// Reads the configuration of a vault; a missing file gives the defaults, a bad one an error
    /// (`IndexBuilder` turns that into a warning and the defaults, so a bad file never bricks the vault).
    public static func load(root: String) throws(NotezError) -> VaultConfig {
        guard let bytes = try NotezStateFile.bytes(root: root, relative: ".notez/config.yaml") else { return VaultConfig() }
        switch YAMLValue.parse(bytes) {
        case .failure(let error):
            throw .unreadable(path: ".notez/config.yaml:\(error.line + 1):\(error.column + 1)", reason: error.message)
        case .success(let value):
            var config = VaultConfig()
            config.snippets = try flag(value, "snippets") ?? true
            if let text = value["trash_days"]?.string {
                guard let days = Int(text), days >= 0 else {
                    throw .unreadable(path: ".notez/config.yaml", reason: "trash_days must be a whole number of days, not '\(text)'")
                }
                config.trashDays = days
            }
            if let globs = value["ignore"] { config.ignore = globs.strings }
            if let text = value["attachments"]?.string { config.attachments = text }
            if let text = value["attachment_max_mb"]?.string {
                guard let megabytes = Int64(text), megabytes > 0, megabytes <= 1_000_000 else {
                    throw .unreadable(path: ".notez/config.yaml", reason: "attachment_max_mb must be a whole number of megabytes, not '\(text)'")
                }
                config.attachmentMaxBytes = megabytes * 1_000_000
            }
            config.linkAliases = try flag(value, "link_aliases") ?? false
            config.dendronLinks = try flag(value, "dendron_links") ?? false
            if let text = value["title_from"]?.string {
                guard text == "file" || text == "heading" else {
                    throw .unreadable(path: ".notez/config.yaml", reason: "title_from must be file or heading, not '\(text)'")
                }
                config.titleFromHeading = text == "heading"
            }
            return config
        }
    }
}
