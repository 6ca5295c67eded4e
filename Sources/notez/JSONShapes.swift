import NotezKit

/// The documented `--json` shapes: note, folder, tag, overview.
enum JSONShapes {
    /// A note: the one shape of the library (`NoteJSON`, docs/json.md).
    static func note(_ note: Note, index: any NoteCollection) -> JSONValue { NoteJSON.object(note, in: index) }

    /// A list of notes.
    static func notes(_ notes: [Note], index: any NoteCollection) -> JSONValue {
        .array(notes.map { note($0, index: index) })
    }

    /// `{"name", "count", "frontmatter", "inline", "color"}`.
    static func tag(_ tag: TagSummary) -> JSONValue {
        .object([
            ("name", .string(tag.name)),
            ("count", .int(tag.count)),
            ("frontmatter", .int(tag.frontMatterCount)),
            ("inline", .int(tag.inlineCount)),
            ("color", tag.color.map { .string($0.text) } ?? .null),
        ])
    }
}
