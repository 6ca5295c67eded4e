/// The one JSON shape of a trashed note, for `trash list --json` and MCP's `list_trash`:
/// `{"id", "title", "path", "folder", "deleted", "snippet"}`, where `path` is where the note was
/// (docs/json.md).
public enum TrashJSON {
    /// The trash item as a JSON object; `note` is the trashed file read (its title and snippet).
    public static func object(_ item: TrashItem, note: Note) -> JSONValue {
        .object([
            ("id", .string(item.id)),
            ("title", .string(note.title)),
            ("path", .string(item.originalPath)),
            ("folder", .string(VaultPath.folder(of: item.originalPath))),
            ("deleted", .string(NoteDate.iso8601(item.deleted))),
            ("snippet", .string(note.snippet)),
        ])
    }
}
