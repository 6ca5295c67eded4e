import Foundation

/// The form of the links `notez attach` writes (docs/attachments.md): Markdown links, or wikilink
/// embeds (`![[photo.png]]`) as Obsidian writes them.
public enum LinkStyle: String, Sendable {
    /// `![](attachments/photo.png)`, `[report.pdf](attachments/report.pdf)`.
    case markdown
    /// `![[photo.png]]`, `[[report.pdf]]`.
    case wikilink

    /// The vault's preference: in a vault Obsidian opens (a `.obsidian/` folder), wikilinks unless
    /// `.obsidian/app.json` sets `useMarkdownLinks: true` (wikilinks are Obsidian's documented
    /// default); elsewhere Markdown links. The file is read as the attachment folder rule reads it
    /// (never through a symlink, at most 1 MiB).
    public static func preferred(root: String) throws(NotezError) -> LinkStyle {
        guard let bytes = try AttachmentFolderRule.readObsidianSettings(root: root) else {
            // lstat: the resolver refuses hidden paths, and a symlinked `.obsidian` was refused above.
            guard let info = SystemIO.lstat(root + "/.obsidian"), (info.st_mode & S_IFMT) == S_IFDIR else { return .markdown }
            return .wikilink
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .refused("cannot read the link style from \(AttachmentFolderRule.obsidianSettings): not a JSON object")
        }
        guard let value = object["useMarkdownLinks"] else { return .wikilink }
        guard let flag = value as? Bool else {
            throw .refused("useMarkdownLinks in \(AttachmentFolderRule.obsidianSettings) is not true or false")
        }
        return flag ? .markdown : .wikilink
    }
}
