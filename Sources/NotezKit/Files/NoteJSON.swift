import Foundation

/// The one JSON shape of a note, for `--json` on the command line, the web API, MCP and export:
/// `{"path", "title", "folder", "tags", "inlineTags", "pinned", "created", "modified", "snippet"}`
/// (docs/json.md). Tags are in display spelling (the registry's, else the most common one).
public enum NoteJSON {
    /// The note's fields, in the documented order.
    public static func fields(_ note: Note, in collection: any NoteCollection) -> [(String, JSONValue)] {
        [
            ("path", .string(note.path)),
            ("title", .string(note.title)),
            ("folder", .string(note.folder)),
            ("tags", .array(displayTags(note, in: collection).map(JSONValue.string))),
            ("inlineTags", .array(inlineTags(note, in: collection).map(JSONValue.string))),
            ("pinned", .bool(note.pinned)),
            ("created", .string(NoteDate.iso8601(note.created))),
            ("modified", .string(NoteDate.iso8601(note.modified))),
            ("snippet", .string(note.snippet)),
        ]
    }

    /// The optional fields of a ranked search result, appended after the note's fields:
    /// `"score"` (4 decimals) and `"snippets": [{"line", "text", "matches": [[start, end]]}]`
    /// (offsets in Unicode scalars of `text`, end exclusive).
    public static func rankedFields(score: Double, passages: [MatchPassage]) -> [(String, JSONValue)] {
        [
            ("score", .number(String(format: "%.4f", score))),
            (
                "snippets",
                .array(
                    passages.map { passage in
                        .object([
                            ("line", .int(passage.line)),
                            ("text", .string(passage.text)),
                            ("matches", .array(passage.matches.map { .array([.int($0.lowerBound), .int($0.upperBound)]) })),
                        ])
                    })
            ),
        ]
    }

    /// The note as a JSON object.
    public static func object(_ note: Note, in collection: any NoteCollection) -> JSONValue { .object(fields(note, in: collection)) }

    /// The tags a note writes inline as `#tag` (some may be in its front matter too), in display spelling.
    public static func inlineTags(_ note: Note, in collection: any NoteCollection) -> [String] {
        note.tagKeys.indices.filter { note.origin(ofTagAt: $0).contains(.inline) }
            .map { collection.displayName(of: note.tagKeys[$0]) ?? note.tags[$0] }
    }

    /// The tags of a note in display spelling.
    public static func displayTags(_ note: Note, in collection: any NoteCollection) -> [String] {
        zip(note.tags, note.tagKeys).map { tag, key in collection.displayName(of: key) ?? tag }
    }
}
