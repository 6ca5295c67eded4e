import MCP

/// The tools `notez mcp` offers: their names, descriptions and input schemas.
enum MCPTools {
    /// Tools that only read the vault.
    static let readTools: [Tool] = [
        tool(
            "search",
            "Search notes with the notez query language (tag:T folder:F title:T is:pinned links-to:NOTE linked-by:NOTE "
                + "(NOTE~2: through chains of up to 2 links) is:orphan is:hub created:>2024-01-01 prop:status=done prop:estimate>3, words, "
                + "\"phrases\", AND/OR/NOT, parentheses). Returns {total, offset, limit, notes, nextOffset}: "
                + "each note's path, title, folder, tags, pinned, created, modified and first lines (snippet). A query with words is "
                + "ranked by relevance (BM25: title and file name above headings above body) unless sort is given: each note adds score "
                + "and snippets, its best lines [{line, text, matches: [[start, end]] in Unicode scalars}]. Paged: pass nextOffset "
                + "back as offset; it is null on the last page. limit 0 only counts (total) and returns no notes.",
            properties: [
                "query": string("The query, e.g. 'tag:work -folder:Archive meeting'."),
                "offset": integer("How many matches to skip (default 0)."),
                "limit": integer(
                    "Notes per page (default \(MCPLimits.defaultSearchPage), at most \(MCPLimits.searchPage)); 0 counts only."),
                "sort": .object([
                    "type": .string("string"), "enum": .array(["relevance", "modified", "created", "title"]),
                    "description": .string(
                        "modified or created (newest first) or title (A to Z); default: by relevance for a query with words, else pinned first, then newest."),
                ]),
                "ignoreAccents": boolean("Ignore accents in words and titles: 'cafe' finds 'café'."),
            ], required: ["query"], readOnly: true, output: MCPSchemas.search),
        tool(
            "show_note",
            "One note: its metadata (path, title, folder, tags, pinned, created, modified) and its body, the Markdown after the "
                + "front matter, cut at \(MCPLimits.textBytes) bytes (truncated says so). read_notes reads several at once.",
            properties: ["note": string("A vault-relative path (with or without .md) or a unique title.")],
            required: ["note"], readOnly: true, output: MCPSchemas.shownNote),
        tool(
            "list_folders",
            "Every folder of the vault (at most \(MCPLimits.listItems)) with its recursive note count (count) and its own notes (direct), "
                + "and the number of notes at the root (unsorted). Use list_folder for the notes in one folder.",
            readOnly: true, output: MCPSchemas.folders),
        tool(
            "list_tags", "Every tag of the vault (at most \(MCPLimits.listItems)) with its note count, most used first.", readOnly: true,
            output: MCPSchemas.tags),
        tool(
            "history",
            "The journal of changes made by notez (this server, the command line, the web UI), newest first: "
                + "returns {entries: [{id, time, operation, arguments, command, files (at most \(MCPLimits.listItems)), fileCount, undoable, reason, ...}], total}. Pass an id to undo.",
            properties: ["limit": integer("At most this many operations (default 20, at most \(MCPLimits.historyItems)).")],
            readOnly: true, output: MCPSchemas.history),
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
            ], required: ["title"], output: MCPSchemas.created),
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
            ], required: ["note", "files"], output: MCPSchemas.change(adding: ["copied": MCPSchemas.strings])),
        tool(
            "add_tags",
            "Add tags to one note's front matter (its list style is kept; a tag the vault already spells differently keeps "
                + "the vault's spelling). Returns the change. Journaled: 'undo' reverses it.",
            properties: ["note": string("A path or a unique title."), "tags": stringArray("Tags to add.")],
            required: ["note", "tags"], output: MCPSchemas.change),
        tool(
            "remove_tags",
            "Remove tags from one note's front matter (inline #tags in the body are left alone). Returns the change. "
                + "Journaled: 'undo' reverses it.",
            properties: ["note": string("A path or a unique title."), "tags": stringArray("Tags to remove.")],
            required: ["note", "tags"], output: MCPSchemas.change),
        tool(
            "plan_tag_rename",
            "Dry run of renaming a tag (and its children) in every note: returns the diff and a planId; "
                + "nothing changes until apply_plan.",
            properties: ["from": string("The tag to rename."), "to": string("Its new name (must not exist; else use a merge).")],
            required: ["from", "to"], readOnly: true, output: MCPSchemas.plan),
        tool(
            "plan_tag_merge",
            "Dry run of merging tags into one: returns the diff and a planId; nothing changes until apply_plan.",
            properties: ["sources": stringArray("The tags to merge away."), "into": string("The tag they become.")],
            required: ["sources", "into"], readOnly: true, output: MCPSchemas.plan),
        tool(
            "plan_tag_delete",
            "Dry run of deleting tags from every note: returns the diff and a planId; nothing changes until apply_plan.",
            properties: ["tags": stringArray("The tags to delete.")], required: ["tags"], readOnly: true, output: MCPSchemas.plan),
        tool(
            "apply_plan",
            "Apply a plan made by a plan_tag_* tool. If the vault changed since, nothing is applied and a new plan is returned.",
            properties: ["planId": string("The planId from the dry run.")], required: ["planId"], destructive: true,
            output: MCPSchemas.applied),
        tool(
            "undo", "Undo the newest operation in force (or the one with this journal id), as a new undoable operation.",
            properties: ["id": string("A journal id from 'history' (default: the newest operation in force).")],
            destructive: true, output: MCPSchemas.change(adding: ["undoes": MCPSchemas.nullableString])),
    ]

    static func tool(
        _ name: String, _ description: String, properties: [String: Value] = [:], required: [String] = [],
        readOnly: Bool = false, destructive: Bool = false, output: Value
    ) -> Tool {
        Tool(
            name: name, description: description,
            inputSchema: .object([
                "type": .string("object"),
                "properties": .object(properties),
                "required": .array(required.map(Value.string)),
                "additionalProperties": .bool(false),
            ]),
            annotations: .init(readOnlyHint: readOnly, destructiveHint: destructive, openWorldHint: false),
            outputSchema: output)
    }

    static func string(_ description: String) -> Value {
        .object(["type": .string("string"), "description": .string(description)])
    }

    static func integer(_ description: String) -> Value {
        .object(["type": .string("integer"), "minimum": .int(0), "description": .string(description)])
    }

    static func boolean(_ description: String) -> Value {
        .object(["type": .string("boolean"), "description": .string(description)])
    }

    static func stringArray(_ description: String) -> Value {
        .object(["type": .string("array"), "items": .object(["type": .string("string")]), "description": .string(description)])
    }
}
