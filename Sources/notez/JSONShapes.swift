import NotezKit

/// The documented `--json` shapes: note, folder, tag, overview.
enum JSONShapes {
    /// `{"path", "title", "folder", "tags", "inlineTags", "pinned", "created", "modified", "snippet"}`.
    static func note(_ note: Note, index: any NoteCollection) -> JSONValue {
        .object([
            ("path", .string(note.path)),
            ("title", .string(note.title)),
            ("folder", .string(note.folder)),
            ("tags", .array(displayTags(note, index: index).map(JSONValue.string))),
            ("inlineTags", .array(inlineTags(note, index: index).map(JSONValue.string))),
            ("pinned", .bool(note.pinned)),
            ("created", .string(NoteDate.iso8601(note.created))),
            ("modified", .string(NoteDate.iso8601(note.modified))),
            ("snippet", .string(note.snippet)),
        ])
    }

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

    /// The tags a note writes inline as `#tag` (some may be in its front matter too), in display spelling.
    static func inlineTags(_ note: Note, index: any NoteCollection) -> [String] {
        note.tagKeys.indices.filter { note.origin(ofTagAt: $0).contains(.inline) }
            .map { index.displayName(of: note.tagKeys[$0]) ?? note.tags[$0] }
    }

    /// The tags of a note in display spelling (the registry's or the most common one).
    static func displayTags(_ note: Note, index: any NoteCollection) -> [String] {
        zip(note.tags, note.tagKeys).map { tag, key in index.displayName(of: key) ?? tag }
    }
}
