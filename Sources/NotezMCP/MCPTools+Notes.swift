import MCP

/// The tools that read and change single notes: the parity set of the Obsidian MCP servers
/// (reading several notes, a folder, links, recent changes, snippets; editing a body, moving,
/// renaming, trashing, properties, pins, daily notes), served from the files without Obsidian.
extension MCPTools {
    static let noteReadTools: [Tool] = [
        tool(
            "search_snippets",
            "Search like 'search' (best first, with a score, when the query has words), and return with each note "
                + "its best lines for the query's words and phrases: {total, offset, limit, nextOffset, notes: [note + score + "
                + "matches: [{term, line, text}]]}, at most \(MCPLimits.snippetsPerNote) lines a note, best first, each with up "
                + "to 'context' characters of the line on each side of the first term found on it. At most "
                + "\(MCPLimits.snippetPage) notes a page; a query without words gives no matches and keeps list order.",
            properties: [
                "query": string("The query, e.g. 'tag:work budget'."),
                "offset": integer("How many matching notes to skip (default 0)."),
                "limit": integer("Notes per page (default 10, at most \(MCPLimits.snippetPage)); 0 counts only."),
                "context": integer("Characters of the line shown on each side of a match (default 80, at most \(MCPLimits.snippetContext))."),
            ], required: ["query"], readOnly: true, output: MCPSchemas.snippets),
        tool(
            "read_notes",
            "Read several notes at once (at most \(MCPLimits.readNotes)): returns {notes: [{request, ...note, body, truncated} "
                + "or {request, error}]} in the order asked; a note that cannot be read has 'error' and the others are still "
                + "returned. Bodies share \(MCPLimits.textBytes) bytes between them (truncated says when one was cut).",
            properties: ["notes": stringArray("Paths (with or without .md) or unique titles.")], required: ["notes"],
            readOnly: true, output: MCPSchemas.readNotes),
        tool(
            "list_folder",
            "The notes of one folder ('' for the vault root), newest first, and its direct subfolders: "
                + "{folder, recursive, total, offset, nextOffset, notes, subfolders}. Paged like search.",
            properties: [
                "folder": string("A vault-relative folder path; '' is the root (Unsorted Notes)."),
                "recursive": boolean("Include the notes of subfolders (default false)."),
                "offset": integer("How many notes to skip (default 0)."),
                "limit": integer("Notes per page (default \(MCPLimits.defaultSearchPage), at most \(MCPLimits.searchPage))."),
            ], required: ["folder"], readOnly: true, output: MCPSchemas.folder),
        tool(
            "recent_changes",
            "The most recently modified notes (by their 'modified' property, else the file's time), newest first: "
                + "{total, notes}. For a date range search 'modified:>=2024-05-01'; for what notez itself changed, see history.",
            properties: ["limit": integer("How many notes (default 20, at most \(MCPLimits.searchPage)).")],
            readOnly: true, output: MCPSchemas.recent),
        tool(
            "get_links",
            "A note's outgoing links (wikilinks, embeds, Markdown links) in order, each with its line, the text as written, "
                + "the target and its status (resolved, ambiguous, broken, external, attachment) with the resolved path: "
                + "{note, total, truncated, links}. At most \(MCPLimits.listItems) links.",
            properties: ["note": string("A path or a unique title.")], required: ["note"], readOnly: true,
            output: MCPSchemas.links),
        tool(
            "get_backlinks",
            "The notes that link to a note, each link with its source note, line, the link text and the line around it: "
                + "{note, total, truncated, backlinks, unread}. unread lists notes that could not be read. At most "
                + "\(MCPLimits.listItems) links.",
            properties: ["note": string("A path or a unique title.")], required: ["note"], readOnly: true,
            output: MCPSchemas.backlinks),
    ]

    static let noteWriteTools: [Tool] = [
        tool(
            "edit_note",
            "Change a note's body (the Markdown after the front matter, which is kept byte for byte; 'modified' is set to now). "
                + "mode: append (at the end), prepend (at the start of the body), under_heading (at the end of the section under "
                + "'heading', before the next heading of the same or a higher level), after_block (on the line after the line "
                + "ending in the block id '^block'), replace ('old' must occur exactly once, or 'count' times, byte for byte; "
                + "read the note first). A heading or block id found zero or several times is refused. Returns the change and "
                + "its unified diff; dryRun returns the diff and writes nothing. Journaled: 'undo' restores the exact bytes.",
            properties: [
                "note": string("A path or a unique title."),
                "mode": .object([
                    "type": "string", "enum": ["append", "prepend", "under_heading", "after_block", "replace"],
                    "description": "Where the text goes.",
                ]),
                "text": string("The Markdown to add (or, with replace, the new text; may be empty to delete 'old')."),
                "heading": string("under_heading: the heading's text, optionally with its #s ('## Tasks') to pick a level."),
                "block": string("after_block: the block id, with or without '^'."),
                "old": string("replace: the exact text to replace."),
                "count": integer("replace: how many times 'old' occurs and is replaced (default 1)."),
                "dryRun": boolean("Return the diff without writing (default false)."),
            ], required: ["note", "mode", "text"],
            output: MCPSchemas.change(adding: ["diff": MCPSchemas.string, "dryRun": MCPSchemas.boolean])),
        tool(
            "move_note",
            "Move notes to a folder as 'notez mv' does: relative links from and to them are rewritten, attachments only "
                + "they use move along, a name taken in the folder gets a number (the messages say so). Returns the change. "
                + "Journaled: 'undo' moves them back.",
            properties: [
                "notes": stringArray("Paths or unique titles."),
                "folder": string("The target folder ('' for the root); it must exist unless create is true."),
                "create": boolean("Create the folder (and its parents) when missing."),
            ], required: ["notes", "folder"], output: MCPSchemas.change),
        tool(
            "rename_note",
            "Rename a note (its file name is made from the new title) as 'notez rename' does; links to it are rewritten. "
                + "Journaled: 'undo' renames it back.",
            properties: ["note": string("A path or a unique title."), "title": string("The new title.")],
            required: ["note", "title"], output: MCPSchemas.change),
        tool(
            "trash_note",
            "Move notes to the vault's trash (.notez/trash/) as 'notez rm' does; returns trashed: [{id, path}]. "
                + "restore_note brings one back by its id; 'undo' also does.",
            properties: ["notes": stringArray("Paths or unique titles.")], required: ["notes"], destructive: true,
            output: MCPSchemas.change(adding: [
                "trashed": MCPSchemas.array(MCPSchemas.object(["id": MCPSchemas.string, "path": MCPSchemas.string]))
            ])),
        tool(
            "list_trash",
            "The trashed notes, newest first: {total, truncated, items: [{id, title, path (where it was), folder, deleted, snippet}]}. At most \(MCPLimits.listItems).",
            readOnly: true, output: MCPSchemas.trash),
        tool(
            "restore_note",
            "Restore trashed notes to their folder (the root when it is gone) as 'notez trash restore' does; a name taken "
                + "gets a number. Journaled.",
            properties: ["items": stringArray("Trash ids from list_trash or trash_note (or original paths).")], required: ["items"],
            output: MCPSchemas.change),
        tool(
            "set_properties",
            "Set front matter properties of a note as 'notez set' does: key=value, typed and checked against the folder's "
                + "schema; 'key=' removes the key. Only the changed lines of the front matter are rewritten. Journaled.",
            properties: ["note": string("A path or a unique title."), "properties": stringArray("key=value assignments.")],
            required: ["note", "properties"], output: MCPSchemas.change),
        tool(
            "set_pinned",
            "Pin or unpin notes (the 'pinned' property; pinned notes come first in searches). Journaled.",
            properties: ["notes": stringArray("Paths or unique titles."), "pinned": boolean("true to pin, false to unpin.")],
            required: ["notes", "pinned"], output: MCPSchemas.change),
        tool(
            "daily_note",
            "The note of a day (folder, name format and template from .notez/config.yaml), created when missing as "
                + "'notez daily' does: {path, created, ...change}. Read it with show_note; add to it with edit_note.",
            properties: ["day": string("YYYY-MM-DD, today, yesterday or tomorrow (default today; the server's time zone).")],
            output: MCPSchemas.change(adding: ["path": MCPSchemas.string, "created": MCPSchemas.boolean], required: ["path", "created"])),
    ]
}
