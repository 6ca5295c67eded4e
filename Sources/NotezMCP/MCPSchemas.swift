import MCP

/// The output schemas of the tools (JSON Schema): clients such as the Python SDK validate every
/// `structuredContent` against them, so each answer's shape is a checked promise.
enum MCPSchemas {
    static let string: Value = ["type": "string"]
    static let integer: Value = ["type": "integer"]
    static let boolean: Value = ["type": "boolean"]
    static let nullableString: Value = ["type": ["string", "null"]]
    static let nullableInteger: Value = ["type": ["integer", "null"]]
    static let strings: Value = array(string)

    static func array(_ items: Value) -> Value { ["type": "array", "items": items] }

    /// An object with these properties, the `required` ones (default: all) present.
    static func object(_ properties: [String: Value], required: [String]? = nil) -> Value {
        .object([
            "type": "object",
            "properties": .object(properties),
            "required": .array((required ?? properties.keys.sorted()).map(Value.string)),
        ])
    }

    /// `MCPShapes.note`.
    static let noteProperties: [String: Value] = [
        "path": string, "title": string, "folder": string, "tags": strings, "inlineTags": strings, "pinned": boolean,
        "created": string, "modified": string, "snippet": string,
    ]
    static let note = object(noteProperties)

    /// A note of a search; ranked results (a query with words) add `score` and `snippets`.
    static let rankedNote = object(
        noteProperties.merging([
            "score": ["type": "number"],
            "snippets": array(object(["line": integer, "text": string, "matches": array(array(integer))])),
        ]) { $1 }, required: noteProperties.keys.sorted())

    static let search = object([
        "total": integer, "offset": integer, "limit": integer, "notes": array(rankedNote), "nextOffset": nullableInteger,
    ])

    static let snippets = object([
        "total": integer, "offset": integer, "limit": integer, "nextOffset": nullableInteger,
        "notes": array(
            object(
                noteProperties.merging([
                    "score": ["type": "number"],
                    "matches": array(object(["term": string, "line": integer, "text": string])),
                ]) { $1 })),
    ])

    static let shownNote = object(noteProperties.merging(["body": string, "truncated": boolean]) { $1 })

    static let readNotes = object([
        "notes": array(
            object(
                noteProperties.merging(["request": string, "body": string, "truncated": boolean, "error": string]) { $1 },
                required: ["request"]))
    ])

    static let folders = object([
        "unsorted": integer, "total": integer, "truncated": boolean,
        "folders": array(listedFolder),
    ])

    static let folder = object([
        "folder": string, "recursive": boolean, "total": integer, "offset": integer, "nextOffset": nullableInteger,
        "notes": array(note), "subfolders": strings,
    ])

    /// `FolderJSON` without `children` (a flat list).
    static let listedFolder = object(["name": string, "path": string, "count": integer, "direct": integer, "color": nullableString])

    /// `TagJSON`.
    static let tag = object(["name": string, "count": integer, "frontmatter": integer, "inline": integer, "color": nullableString])

    static let tags = object(["total": integer, "truncated": boolean, "tags": array(tag)])

    static let recent = object(["total": integer, "notes": array(note)])

    static let links = object([
        "note": string, "total": integer, "truncated": boolean,
        "links": array(object(linkProperties)),
    ])

    /// `LinkJSON`.
    static let linkProperties: [String: Value] = [
        "source": string, "line": integer, "kind": string, "text": string, "target": string, "fragment": nullableString,
        "label": nullableString, "status": string, "path": nullableString, "candidates": strings,
    ]

    static let backlinks = object([
        "note": string, "total": integer, "truncated": boolean, "unread": strings,
        "backlinks": array(object(linkProperties.merging(["context": string]) { $1 })),
    ])

    static let history = object([
        "total": integer,
        "entries": array(
            object([
                "id": string, "time": string, "operation": string, "arguments": strings, "command": string, "files": strings,
                "fileCount": integer, "complete": boolean, "recovered": boolean, "failed": boolean, "rolledBack": boolean,
                "undoes": nullableString, "undoneBy": nullableString, "undoable": boolean, "reason": nullableString,
            ])),
    ])

    static let trash = object([
        "total": integer, "truncated": boolean,
        "items": array(object(["id": string, "title": string, "path": string, "folder": string, "deleted": string, "snippet": string])),
    ])

    /// What every changing tool answers (`VaultService.run`): `PlanJSON`.
    static let changeProperties: [String: Value] = [
        "operation": string, "journal": nullableString, "dryRun": boolean,
        "steps": array(object(["kind": string, "path": string, "to": string], required: ["kind", "path"])), "stepCount": integer,
        "skipped": array(object(["path": string, "reason": string])), "messages": strings,
    ]
    static let change = object(changeProperties)

    static func change(adding extra: [String: Value], required: [String]? = nil) -> Value {
        let properties = changeProperties.merging(extra) { $1 }
        return object(properties, required: required ?? properties.keys.sorted())
    }

    /// A capture answers with the change and its path, or, when the vault is busy, with the queue entry.
    static let created = object(
        changeProperties.merging([
            "path": string, "folder": string, "notices": strings, "queued": string, "reason": string, "message": string,
        ]) { $1 }, required: [])

    static let plan = object([
        "planId": string, "operation": string, "files": integer, "diff": string, "diffTruncated": boolean,
        "confirmation": nullableString,
    ])

    /// `apply_plan`: the change (`applied: true`) or a new plan (`applied: false`).
    static let applied = object(
        changeProperties.merging([
            "applied": boolean, "reason": string, "planId": string, "operation": string, "files": integer, "diff": string,
            "diffTruncated": boolean, "confirmation": nullableString,
        ]) { $1 }, required: ["applied"])
}
