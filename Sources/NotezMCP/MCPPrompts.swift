import MCP

/// The prompts `notez mcp` offers: ready-made requests a user picks in the client, each telling
/// the assistant which tools to use. They read nothing themselves; the tools do, when called.
enum MCPPrompts {
    static let prompts: [Prompt] = [
        Prompt(
            name: "summarize_folder", title: "Summarize a folder",
            description: "Summarize the notes of a folder: its themes, open questions and the notes that matter most.",
            arguments: [.init(name: "folder", description: "A vault-relative folder ('' for the notes at the root).", required: true)]),
        Prompt(
            name: "find_notes_to_link", title: "Find notes to link",
            description: "Find notes that a note should link to, or that should link to it, and propose the links.",
            arguments: [.init(name: "note", description: "A path or a unique title.", required: true)]),
    ]

    /// The messages of a prompt with its arguments filled in; unknown prompts and missing arguments are errors.
    static func get(_ name: String, arguments: [String: String]) throws -> GetPrompt.Result {
        func argument(_ key: String) throws -> String {
            guard let value = arguments[key] else { throw MCPToolError("prompt '\(name)' needs the argument '\(key)'") }
            // A prompt is text for a model; a huge argument would only fill its context.
            guard value.utf8.count <= 1000 else { throw MCPToolError("argument '\(key)' is longer than 1000 bytes") }
            return value
        }
        switch name {
        case "summarize_folder":
            let folder = try argument("folder")
            return .init(
                description: "Summarize the folder '\(folder)'",
                messages: [
                    .user(
                        .text(
                            text: """
                                Summarize the notes in the folder '\(folder)' of my notez vault. Use list_folder with \
                                folder '\(folder)' and recursive true (follow nextOffset for every page), then read_notes \
                                on the notes (at most 20 a call). Give the main themes, the open questions and tasks, and \
                                the five notes that matter most, each with its path. Change nothing.
                                """))
                ])
        case "find_notes_to_link":
            let note = try argument("note")
            return .init(
                description: "Find notes to link with '\(note)'",
                messages: [
                    .user(
                        .text(
                            text: """
                                Find notes in my notez vault that the note '\(note)' should link to or be linked from. \
                                Read it with show_note, see its current links with get_links and get_backlinks, then use \
                                search_snippets with its key words and tags to find related notes it does not link yet. \
                                Propose each link with a one-line reason and the sentence it would go in. Do not edit \
                                anything until I agree; then add the links with edit_note.
                                """))
                ])
        default:
            throw MCPToolError("no prompt '\(name)'; list the prompts to see what this server offers")
        }
    }
}
