import MCP
import NotezKit

extension MCPTools {
    /// The link graph and history tools (read-only).
    static let graphTools: [Tool] = [
        tool(
            "graph_path",
            "A shortest chain of links from one note to another: {from, to, direction, length, path: [{path, title}]}, the "
                + "start and the end included. Follows links as written (from links to ...) unless undirected is true. "
                + "length is null and path empty when no chain exists. Links to attachments and missing notes are not followed.",
            properties: [
                "from": string("The note to start from: a path or a unique title."),
                "to": string("The note to reach: a path or a unique title."),
                "undirected": boolean("Follow links in either direction (default false)."),
            ], required: ["from", "to"], readOnly: true, output: MCPSchemas.graphPath),
        tool(
            "graph_neighbours",
            "The notes within depth links of a note, nearest first: {note, depth, direction, total, truncated, neighbours: "
                + "[{path, title, distance}], edges: [{from, to}]} (edges: the links among them). direction both (default), "
                + "out (what it links to) or in (what links to it). At most \(MCPLimits.listItems) neighbours.",
            properties: [
                "note": string("A path or a unique title."),
                "depth": integer("How many links away, 1 to \(NoteGraph.maxDepth) (default 1)."),
                "direction": .object([
                    "type": .string("string"), "enum": .array(["both", "out", "in"]),
                    "description": .string("both, out or in (default both)."),
                ]),
            ], required: ["note"], readOnly: true, output: MCPSchemas.graphNeighbours),
        tool(
            "related_notes",
            "The notes most related to a note, best first, with why: {note, related: [{path, title, score, sharedLinks, coCitedBy, "
                + "linked, sharedTags, textScore}]}. Points: 1 per note both link to, 1 per note linking to both, 1 for a direct "
                + "link, 0.5 per shared tag, up to 2 for similar titles and tags (textScore 0 to 1). Nothing is read from bodies.",
            properties: [
                "note": string("A path or a unique title."),
                "limit": integer("At most this many (default \(RelatedNotes.defaultLimit), at most 100)."),
            ], required: ["note"], readOnly: true, output: MCPSchemas.related),
        tool(
            "note_history",
            "A note's git history, newest first, following renames: {note, commits: [{hash, date, author, subject, changes: "
                + "[{status, path, from}]}]} (from: the path before a rename). An error when the vault is not in a git work tree. "
                + "At most \(MCPLimits.historyItems) commits.",
            properties: [
                "note": string("A path or a unique title."),
                "limit": integer("At most this many commits (default 20, at most \(MCPLimits.historyItems))."),
            ], required: ["note"], readOnly: true, output: MCPSchemas.noteHistory),
    ]
}

extension MCPSchemas {
    static let graphNote = object(["path": string, "title": string])
    static let graphPath = object([
        "from": string, "to": string, "direction": string, "length": nullableInteger, "path": array(graphNote),
    ])
    static let graphNeighbours = object([
        "note": graphNote, "depth": integer, "direction": string, "total": integer, "truncated": boolean,
        "neighbours": array(object(["path": string, "title": string, "distance": integer])),
        "edges": array(object(["from": string, "to": string])),
    ])
    static let related = object([
        "note": graphNote,
        "related": array(
            object([
                "path": string, "title": string, "score": ["type": "number"], "sharedLinks": strings, "coCitedBy": strings,
                "linked": boolean, "sharedTags": strings, "textScore": ["type": "number"],
            ])),
    ])
    static let noteHistory = object([
        "note": string,
        "commits": array(
            object([
                "hash": string, "date": string, "author": string, "subject": string,
                "changes": array(object(["status": string, "path": string, "from": nullableString])),
            ])),
    ])
}
