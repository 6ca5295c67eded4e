import Foundation
import MCP
import NotezKit
import Synchronization

/// `notez mcp`: a Model Context Protocol server over stdio for one vault.
public enum NotezMCPServer {
    /// Serves the vault at `root` on stdin/stdout until the client closes stdin; changing tools
    /// are offered only when `allowWrites`; `attach_file` copies only files inside the vault or
    /// under `attachFrom` (`--attach-from`). Blocks the calling thread.
    public static func runBlocking(root: String, allowWrites: Bool, attachFrom: [String] = [], version: String) throws {
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            do {
                try await serve(root: root, allowWrites: allowWrites, attachFrom: attachFrom, version: version)
            } catch {
                outcome.set(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.error { throw error }
    }

    static func serve(root: String, allowWrites: Bool, attachFrom: [String], version: String) async throws {
        let vault = VaultService(root: root, allowWrites: allowWrites, attachFrom: attachFrom)
        let server = Server(
            name: "notez", version: version,
            instructions: """
                Tools for a vault of Markdown notes managed by notez. Search with the notez query language \
                (search, search_snippets); read with show_note or read_notes. Notes are named by vault-relative \
                path or unique title. Tag renames, merges and deletions are two steps: a plan_tag_* tool returns \
                a diff and a planId; show the diff to the user, then call apply_plan. edit_note changes a body in \
                place (read the note first: a replaced text must match exactly). Every change is journaled: \
                'undo' reverses it.
                """
                    + (allowWrites ? "" : " This server is read-only."),
            capabilities: .init(
                prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: true),
                tools: .init(listChanged: false)))
        let tools = MCPTools.readTools + MCPTools.noteReadTools + MCPTools.graphTools + (allowWrites ? MCPTools.writeTools + MCPTools.noteWriteTools : [])
        await server.withMethodHandler(ListPrompts.self) { _ in .init(prompts: MCPPrompts.prompts) }
        await server.withMethodHandler(GetPrompt.self) { params in
            do {
                return try MCPPrompts.get(params.name, arguments: params.arguments ?? [:])
            } catch {
                throw MCPError.invalidParams(message(for: error))
            }
        }
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in
            await call(params.name, params.arguments ?? [:], vault: vault)
        }
        // Notes added, removed or moved on disk change the resource list: a client that lists it is told.
        let watch = ResourceListWatch(root: root)
        await server.withMethodHandler(ListResources.self) { [server] params in
            watch.startOnce {
                Task { try? await server.notify(ResourceListChangedNotification.message()) }
            }
            let offset = params.cursor.flatMap { Int($0) } ?? 0
            do {
                let page = try await vault.resources(offset: max(0, offset))
                return .init(resources: page.resources, nextCursor: page.next)
            } catch {
                throw MCPError.internalError(message(for: error))
            }
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            .init(templates: [
                Resource.Template(
                    uriTemplate: "notez:///{path}", name: "note",
                    description: "A note by its vault-relative path (percent-encoded), as Markdown with its front matter.",
                    mimeType: "text/markdown")
            ])
        }
        await server.withMethodHandler(ReadResource.self) { params in
            do {
                let text = try await vault.readResource(uri: params.uri)
                return .init(contents: [.text(text, uri: params.uri, mimeType: "text/markdown")])
            } catch {
                throw MCPError.invalidParams(message(for: error))
            }
        }
        try await server.start(transport: StdioLineTransport())
        await server.waitUntilCompleted()
        watch.stop()
    }

    /// One tool call: the answer as JSON text (and structured content), or an error result whose text says what to do.
    static func call(_ name: String, _ arguments: [String: Value], vault: VaultService) async -> CallTool.Result {
        do {
            let value = try await dispatch(name, MCPArguments(arguments), vault: vault)
            return .init(
                content: [.text(text: MCPArguments.json(value), annotations: nil, _meta: nil)], structuredContent: Optional(value),
                isError: false)
        } catch {
            return .init(content: [.text(text: message(for: error), annotations: nil, _meta: nil)], isError: true)
        }
    }

    private static func dispatch(_ name: String, _ arguments: MCPArguments, vault: VaultService) async throws -> Value {
        switch name {
        case "search":
            let limit = min(try arguments.integer("limit") ?? MCPLimits.defaultSearchPage, MCPLimits.searchPage)
            let sortName = try arguments.string("sort")
            // `relevance` is the default of a query with words (nil here).
            let sort = sortName.flatMap(NoteSortKey.init(rawValue:))
            if sortName != nil && sortName != "relevance" && sort == nil {
                throw MCPToolError("argument 'sort' must be relevance, modified, created or title")
            }
            return try await vault.search(
                query: try arguments.requiredString("query"), offset: try arguments.integer("offset") ?? 0, limit: limit,
                sort: sort, ignoreAccents: try arguments.bool("ignoreAccents") ?? false)
        case "show_note": return try await vault.show(note: try arguments.requiredString("note"))
        case "list_folders": return try await vault.listFolders()
        case "list_tags": return try await vault.listTags()
        case "history": return try await vault.history(limit: min(try arguments.integer("limit") ?? 20, MCPLimits.historyItems))
        case "search_snippets":
            return try await vault.searchSnippets(
                query: try arguments.requiredString("query"), offset: try arguments.integer("offset") ?? 0,
                limit: min(try arguments.integer("limit") ?? 10, MCPLimits.snippetPage),
                context: min(try arguments.integer("context") ?? MatchPassage.context, MCPLimits.snippetContext))
        case "read_notes": return try await vault.readNotes(try arguments.requiredStrings("notes"))
        case "list_folder":
            return try await vault.listFolder(
                try arguments.requiredString("folder"), recursive: try arguments.bool("recursive") ?? false,
                offset: try arguments.integer("offset") ?? 0,
                limit: min(try arguments.integer("limit") ?? MCPLimits.defaultSearchPage, MCPLimits.searchPage))
        case "recent_changes":
            return try await vault.recentChanges(limit: min(try arguments.integer("limit") ?? 20, MCPLimits.searchPage))
        case "get_links": return try await vault.links(of: try arguments.requiredString("note"))
        case "get_backlinks": return try await vault.backlinks(to: try arguments.requiredString("note"))
        case "graph_path":
            return try await vault.graphPath(
                from: try arguments.requiredString("from"), to: try arguments.requiredString("to"), undirected: try arguments.bool("undirected") ?? false)
        case "graph_neighbours":
            return try await vault.graphNeighbours(
                note: try arguments.requiredString("note"), depth: try arguments.integer("depth") ?? 1,
                direction: try arguments.string("direction") ?? "both")
        case "related_notes":
            return try await vault.relatedNotes(note: try arguments.requiredString("note"), limit: min(max(1, try arguments.integer("limit") ?? RelatedNotes.defaultLimit), 100))
        case "note_history":
            return try await vault.noteHistory(note: try arguments.requiredString("note"), limit: min(max(1, try arguments.integer("limit") ?? 20), MCPLimits.historyItems))
        case "edit_note":
            return try await vault.editNote(
                note: try arguments.requiredString("note"), edit: try bodyEdit(arguments), dryRun: try arguments.bool("dryRun") ?? false)
        case "move_note":
            return try await vault.moveNotes(
                try arguments.requiredStrings("notes"), to: try arguments.requiredString("folder"),
                create: try arguments.bool("create") ?? false)
        case "rename_note":
            return try await vault.renameNote(try arguments.requiredString("note"), to: try arguments.requiredString("title"))
        case "trash_note": return try await vault.trashNotes(try arguments.requiredStrings("notes"))
        case "list_trash":
            try await vault.requireWrites()
            return try await vault.listTrash()
        case "restore_note": return try await vault.restoreNotes(try arguments.requiredStrings("items"))
        case "set_properties":
            return try await vault.setProperties(
                note: try arguments.requiredString("note"), assignments: try arguments.requiredStrings("properties"))
        case "set_pinned":
            guard let pinned = try arguments.bool("pinned") else { throw MCPToolError("argument 'pinned' is required") }
            return try await vault.setPinned(try arguments.requiredStrings("notes"), pinned: pinned)
        case "daily_note": return try await vault.dailyNote(day: try arguments.string("day") ?? "today")
        case "create_note":
            return try await vault.createNote(
                title: try arguments.requiredString("title"), folder: try arguments.string("folder"),
                route: try arguments.bool("route") ?? false, template: try arguments.string("template"),
                properties: try arguments.strings("properties") ?? [], tags: try arguments.strings("tags") ?? [],
                pinned: try arguments.bool("pinned") ?? false, body: try arguments.string("body") ?? "")
        case "attach_file":
            let styleName = try arguments.string("style")
            let style = styleName.flatMap(LinkStyle.init(rawValue:))
            if styleName != nil && style == nil { throw MCPToolError("argument 'style' must be markdown or wikilink") }
            return try await vault.attachFile(
                note: try arguments.requiredString("note"), files: try arguments.requiredStrings("files"),
                afterLine: try arguments.integer("afterLine"), style: style)
        case "add_tags":
            return try await vault.changeTags(
                note: try arguments.requiredString("note"), add: try arguments.requiredStrings("tags"), remove: [])
        case "remove_tags":
            return try await vault.changeTags(
                note: try arguments.requiredString("note"), add: [], remove: try arguments.requiredStrings("tags"))
        case "plan_tag_rename":
            return try await vault.planTagChange(
                .rename(from: try arguments.requiredString("from"), to: try arguments.requiredString("to")))
        case "plan_tag_merge":
            return try await vault.planTagChange(
                .merge(sources: try arguments.requiredStrings("sources"), into: try arguments.requiredString("into")))
        case "plan_tag_delete": return try await vault.planTagChange(.delete(tags: try arguments.requiredStrings("tags")))
        case "apply_plan": return try await vault.apply(planID: try arguments.requiredString("planId"))
        case "undo": return try await vault.undo(id: try arguments.string("id"))
        default:
            throw MCPToolError("unknown tool '\(name)'; list the tools to see what this server offers")
        }
    }

    /// The body edit an `edit_note` call asks for.
    private static func bodyEdit(_ arguments: MCPArguments) throws -> BodyEdit {
        let text = try arguments.requiredString("text")
        switch try arguments.requiredString("mode") {
        case "append": return .append(text)
        case "prepend": return .prepend(text)
        case "under_heading": return .underHeading(heading: try arguments.requiredString("heading"), text: text)
        case "after_block": return .afterBlock(id: try arguments.requiredString("block"), text: text)
        case "replace":
            let count = try arguments.integer("count")
            if count == 0 { throw MCPToolError("argument 'count' must be 1 or more") }
            return .replace(old: try arguments.requiredString("old"), new: text, count: count)
        case let other:
            throw MCPToolError("argument 'mode' must be append, prepend, under_heading, after_block or replace, not '\(other)'")
        }
    }

    /// The text of an error for the assistant: the library's message says what went wrong and what to do.
    static func message(for error: any Error) -> String {
        let text: String
        switch error {
        case let error as MCPToolError: text = error.message
        case let error as NotezError: text = error.description
        default: text = String(describing: error)
        }
        // A message quotes the arguments it refuses, and an argument may be megabytes long.
        guard text.utf8.count > MCPLimits.errorBytes else { return text }
        return MCPShapes.prefix(text, bytes: MCPLimits.errorBytes) + "… (message cut at \(MCPLimits.errorBytes) bytes)"
    }

    /// The error of the server task, handed to the waiting thread.
    private final class Outcome: Sendable {
        private let stored = Mutex<(any Error)?>(nil)
        var error: (any Error)? { stored.withLock { $0 } }
        func set(_ error: any Error) { stored.withLock { $0 = error } }
    }
}
