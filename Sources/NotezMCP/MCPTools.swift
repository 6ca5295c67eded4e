import MCP

/// The tools `notez mcp` offers: their names, descriptions and input schemas.
enum MCPTools {
    /// Tools that only read the vault.
    static let readTools: [Tool] = [
        tool(
            "search",
            "Search notes with the notez query language (tag:T folder:F title:T is:pinned created:>2024-01-01 prop:status=done prop:estimate>3, words, "
                + "\"phrases\", AND/OR/NOT, parentheses). Paged: pass nextOffset back as offset.",
            properties: [
                "query": string("The query, e.g. 'tag:work -folder:Archive meeting'."),
                "offset": integer("How many matches to skip (default 0)."),
                "limit": integer("Notes per page (default \(MCPLimits.defaultSearchPage), at most \(MCPLimits.searchPage))."),
                "sort": .object([
                    "type": .string("string"), "enum": .array(["modified", "created", "title"]),
                    "description": .string("modified or created (newest first) or title (A to Z); default: pinned first, then newest."),
                ]),
                "ignoreAccents": boolean("Ignore accents in words and titles: 'cafe' finds 'café'."),
            ], required: ["query"], readOnly: true),
        tool(
            "show_note", "A note's metadata and its body (the text after the front matter).",
            properties: ["note": string("A vault-relative path (with or without .md) or a unique title.")],
            required: ["note"], readOnly: true),
        tool("list_folders", "Every folder with its recursive note count, and the number of Unsorted Notes.", readOnly: true),
        tool("list_tags", "Every tag with its note count.", readOnly: true),
        tool(
            "history", "The journal of operations, newest first, with whether each can be undone now.",
            properties: ["limit": integer("At most this many operations (default 20, at most \(MCPLimits.historyItems)).")],
            readOnly: true),
    ]

    /// Tools that change the vault; offered only with `--allow-writes`.
    static let writeTools: [Tool] = [
        tool(
            "create_note",
            "Create a note as `notez new` does (templates, typed properties, routing); returns its path and the folder chosen. Journaled: 'undo' removes it.",
            properties: [
                "title": string("The title; the file name is made from it."),
                "folder": string("An existing folder (default: the root, Unsorted Notes, or with route the suggested folder)."),
                "route": boolean("Without folder: file the note where routing suggests (the reason is returned)."),
                "template": string("A template of .notez/templates (default: the folder's template from config; 'none' for none)."),
                "properties": stringArray("Typed properties as key=value, checked against the folder's schema."),
                "tags": stringArray("Tags for the note."),
                "pinned": boolean("Pin the note."),
                "body": string("The Markdown body (the template's {{stdin}})."),
            ], required: ["title"]),
        tool(
            "attach_file",
            "Copy files into a note's attachment folder and link them from the note, as `notez attach` does (images embedded; "
                + "wikilinks in an Obsidian vault). The files must be absolute paths of regular files (symlinks refused), "
                + "at most attachment_max_mb each (default 250 MB). Journaled: 'undo' deletes the copies and restores the note.",
            properties: [
                "note": string("A path or a unique title."),
                "files": stringArray("Absolute paths of the files to copy (only read; they may be outside the vault)."),
                "afterLine": integer("Insert the links after this line of the note's file (default: at the end)."),
                "style": .object([
                    "type": .string("string"), "enum": .array(["markdown", "wikilink"]),
                    "description": .string("markdown or wikilink (default: what the vault prefers)."),
                ]),
            ], required: ["note", "files"]),
        tool(
            "add_tags", "Add tags to one note (its list style is kept).",
            properties: ["note": string("A path or a unique title."), "tags": stringArray("Tags to add.")],
            required: ["note", "tags"]),
        tool(
            "remove_tags", "Remove tags from one note.",
            properties: ["note": string("A path or a unique title."), "tags": stringArray("Tags to remove.")],
            required: ["note", "tags"]),
        tool(
            "plan_tag_rename",
            "Dry run of renaming a tag (and its children) in every note: returns the diff and a planId; "
                + "nothing changes until apply_plan.",
            properties: ["from": string("The tag to rename."), "to": string("Its new name (must not exist; else use a merge).")],
            required: ["from", "to"], readOnly: true),
        tool(
            "plan_tag_merge",
            "Dry run of merging tags into one: returns the diff and a planId; nothing changes until apply_plan.",
            properties: ["sources": stringArray("The tags to merge away."), "into": string("The tag they become.")],
            required: ["sources", "into"], readOnly: true),
        tool(
            "plan_tag_delete",
            "Dry run of deleting tags from every note: returns the diff and a planId; nothing changes until apply_plan.",
            properties: ["tags": stringArray("The tags to delete.")], required: ["tags"], readOnly: true),
        tool(
            "apply_plan",
            "Apply a plan made by a plan_tag_* tool. If the vault changed since, nothing is applied and a new plan is returned.",
            properties: ["planId": string("The planId from the dry run.")], required: ["planId"], destructive: true),
        tool(
            "undo", "Undo the newest operation in force (or the one with this journal id), as a new undoable operation.",
            properties: ["id": string("A journal id from 'history' (default: the newest operation in force).")],
            destructive: true),
    ]

    private static func tool(
        _ name: String, _ description: String, properties: [String: Value] = [:], required: [String] = [],
        readOnly: Bool = false, destructive: Bool = false
    ) -> Tool {
        Tool(
            name: name, description: description,
            inputSchema: .object([
                "type": .string("object"),
                "properties": .object(properties),
                "required": .array(required.map(Value.string)),
                "additionalProperties": .bool(false),
            ]),
            annotations: .init(readOnlyHint: readOnly, destructiveHint: destructive, openWorldHint: false))
    }

    private static func string(_ description: String) -> Value {
        .object(["type": .string("string"), "description": .string(description)])
    }

    private static func integer(_ description: String) -> Value {
        .object(["type": .string("integer"), "minimum": .int(0), "description": .string(description)])
    }

    private static func boolean(_ description: String) -> Value {
        .object(["type": .string("boolean"), "description": .string(description)])
    }

    private static func stringArray(_ description: String) -> Value {
        .object(["type": .string("array"), "items": .object(["type": .string("string")]), "description": .string(description)])
    }
}
