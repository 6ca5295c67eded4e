import Foundation
import MCP
import NotezKit

/// The single-note tools: reads through the index (symlinked notes never shown), writes through
/// the CLI's planners under the vault lock with the journal.
extension VaultService {
    // MARK: Reads

    /// Notes as `search` orders them (best first, each with its score, when the query has words;
    /// else list order), each with its best lines.
    func searchSnippets(query: String, offset: Int, limit: Int, context: Int) throws -> Value {
        let node = try parsed(query)
        let result = try searchResult(node, ignoreAccents: false, ranked: !MatchSnippets.terms(of: node).isEmpty)
        let total = result.ranking?.count ?? result.count
        // A query without words has no matches to show and keeps list order.
        let page: [(position: Int, score: Double?)] =
            result.ranking.map { ranking in ranking.dropFirst(offset).prefix(limit).map { ($0.position, $0.score) } }
            ?? result.collection.listOrder(result.positions, limit: min(offset, total) + limit).dropFirst(offset).map { ($0, nil) }
        let notes: [Value] = page.map { entry in
            let note = result.collection.note(atPosition: entry.position)
            guard case .object(var shape) = MCPShapes.note(note, index: result.collection) else { return .null }
            if let score = entry.score { shape["score"] = .double(score) }
            let matches = result.snippets(at: entry.position, limit: MCPLimits.snippetsPerNote, context: context)
            shape["matches"] = .array(
                matches.map {
                    .object([
                        "term": .string($0.term), "line": .int($0.line),
                        "text": .string(MCPShapes.prefix($0.text, bytes: MCPLimits.snippetTextBytes)),
                    ])
                })
            return .object(shape)
        }
        return .object([
            "total": .int(total), "offset": .int(offset), "limit": .int(limit), "notes": .array(notes),
            "nextOffset": Self.nextOffset(offset: offset, shown: page.count, total: total),
        ])
    }

    func readNotes(_ names: [String]) throws -> Value {
        guard names.count <= MCPLimits.readNotes else {
            throw MCPToolError("read_notes reads at most \(MCPLimits.readNotes) notes a call; split the list")
        }
        let index = try loadIndex()
        let share = MCPLimits.textBytes / max(1, names.count)
        let notes: [Value] = names.map { name in
            // The request is echoed so answers can be matched to it; a huge one is cut.
            let request = MCPShapes.prefix(name, bytes: MCPLimits.errorBytes)
            do {
                let note = try index.resolve(name)
                let body = try readBody(note, index: index)
                guard case .object(var shape) = MCPShapes.note(note, index: index) else { return .null }
                let cut = body.text.utf8.count > share ? MCPShapes.prefix(body.text, bytes: share) : body.text
                shape["request"] = .string(request)
                shape["body"] = .string(cut)
                shape["truncated"] = .bool(body.truncated || cut.utf8.count < body.text.utf8.count)
                return .object(shape)
            } catch {
                return .object(["request": .string(request), "error": .string(NotezMCPServer.message(for: error))])
            }
        }
        return .object(["notes": .array(notes)])
    }

    func listFolder(_ argument: String, recursive: Bool, offset: Int, limit: Int) throws -> Value {
        let index = try loadIndex()
        let folder = argument.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let node = folder.isEmpty ? index.folderTree : index.folderTree.find(folder)
        guard let node else {
            throw MCPToolError("no folder '\(argument)' in the vault; list_folders lists them")
        }
        let inside = index.exposed(index.notes).filter { note in
            note.folder == node.path || (recursive && (node.path.isEmpty || note.folder.hasPrefix(node.path + "/")))
        }
        let notes = NoteSortKey.modified.sorted(inside)
        let page = notes.dropFirst(offset).prefix(limit)
        return .object([
            "folder": .string(node.path), "recursive": .bool(recursive), "total": .int(notes.count), "offset": .int(offset),
            "nextOffset": Self.nextOffset(offset: offset, shown: page.count, total: notes.count),
            "notes": .array(page.map { MCPShapes.note($0, index: index) }),
            "subfolders": .array(node.children.prefix(MCPLimits.listItems).map { .string($0.path) }),
        ])
    }

    func recentChanges(limit: Int) throws -> Value {
        let index = try loadIndex()
        let notes = NoteSortKey.modified.sorted(index.exposed(index.notes))
        return .object(["total": .int(notes.count), "notes": .array(notes.prefix(limit).map { MCPShapes.note($0, index: index) })])
    }

    func links(of argument: String) throws -> Value {
        let index = try loadIndex()
        let note = try index.resolve(argument)
        _ = try readBody(note, index: index)  // refuses symlinked and oversized notes
        let contents = try NoteReader.readAll(index.root + "/" + note.path)
        let entries = LinkGraph.links(ofFile: contents.bytes, source: note.path, resolver: LinkResolver(index: index))
        return .object([
            "note": .string(note.path), "total": .int(entries.count), "truncated": .bool(entries.count > MCPLimits.listItems),
            "links": .array(
                entries.prefix(MCPLimits.listItems).map { MCPShapes.value(LinkJSON.object($0)) }),
        ])
    }

    func backlinks(to argument: String) throws -> Value {
        let index = try loadIndex()
        let note = try index.resolve(argument)
        guard index.isExposed(note.path) else {
            throw MCPToolError("'\(note.path)' is a symlink; notez mcp serves no file through a symlink (open it in an editor instead)")
        }
        let (found, unread) = LinkGraph.backlinks(to: note.path, in: index)
        // A symlinked note's text may live outside the vault: its links are not shown.
        let entries = found.filter { index.isExposed($0.source) }
        return .object([
            "note": .string(note.path), "total": .int(entries.count), "truncated": .bool(entries.count > MCPLimits.listItems),
            "unread": .array(unread.filter { index.isExposed($0) }.prefix(MCPLimits.listItems).map(Value.string)),
            "backlinks": .array(
                entries.prefix(MCPLimits.listItems).map { MCPShapes.value(LinkJSON.object($0, context: true)) }),
        ])
    }

    func listTrash() throws -> Value {
        let items = TrashStore(root: root).items().sorted { $0.deleted > $1.deleted }
        let titleFromHeading = ((try? VaultConfig.load(root: root)) ?? VaultConfig()).titleFromHeading
        return .object([
            "total": .int(items.count), "truncated": .bool(items.count > MCPLimits.listItems),
            "items": .array(
                items.prefix(MCPLimits.listItems).map { item in
                    let note = NoteReader.note(relativePath: item.storedPath, root: root, titleFromHeading: titleFromHeading)
                    return MCPShapes.value(TrashJSON.object(item, note: note))
                }),
        ])
    }

    // MARK: Writes

    func editNote(note: String, edit: BodyEdit, dryRun: Bool) throws -> Value {
        try requireWrites()
        return try withLock { index, writer in
            let plan = try BodyEditPlanner.plan(edit, note: note, now: session.now, index: index, files: DiskVaultFiles(root: root))
            let diff = plan.dryRunText()
            let shown = diff.utf8.count > MCPLimits.textBytes ? MCPShapes.prefix(diff, bytes: MCPLimits.textBytes) : diff
            var result = try dryRun ? MCPShapes.change(plan, result: nil, dryRun: true) : run(plan)
            result["diff"] = .string(shown)
            return .object(result)
        }
    }

    func moveNotes(_ notes: [String], to folder: String, create: Bool) throws -> Value {
        try requireWrites()
        return try change { index in
            try MovePlanner.move(
                notes: notes, to: folder == "/" ? "" : folder, create: create, index: index, files: DiskVaultFiles(root: root))
        }
    }

    func renameNote(_ note: String, to title: String) throws -> Value {
        try requireWrites()
        return try change { index in try RenamePlanner.rename(note: note, to: title, index: index, files: DiskVaultFiles(root: root)) }
    }

    func trashNotes(_ notes: [String]) throws -> Value {
        try requireWrites()
        let key = try MachineKey.loadOrCreate()
        return try withLock { index, writer in
            let plan = try TrashPlanner.trash(notes: notes, now: session.now, key: key, index: index, files: DiskVaultFiles(root: root))
            var result = try run(plan)
            // A trashed note moves to .notez/trash/ID/NAME: the id restores it.
            result["trashed"] = .array(
                plan.steps.filter { $0.kind == .move }.compactMap { step in
                    guard let target = step.to, target.hasPrefix(".notez/trash/") else { return nil }
                    let id = target.dropFirst(".notez/trash/".count).split(separator: "/").first.map(String.init) ?? ""
                    return .object(["id": .string(id), "path": .string(step.path)])
                })
            return .object(result)
        }
    }

    func restoreNotes(_ items: [String]) throws -> Value {
        try requireWrites()
        return try change { index in
            let all = TrashStore(root: root).items()
            var chosen: [TrashItem] = []
            for item in items { chosen.append(try TrashPlanner.resolve(item, in: all)) }
            return try TrashPlanner.restore(chosen, arguments: items, index: index, files: DiskVaultFiles(root: root))
        }
    }

    func setProperties(note: String, assignments: [String]) throws -> Value {
        try requireWrites()
        var pairs: [(key: String, value: String)] = []
        for assignment in assignments {
            guard let pair = PropertyKey.assignment(assignment) else {
                throw MCPToolError("a property needs key=value, not '\(assignment)'")
            }
            pairs.append(pair)
        }
        return try change { index in
            try CapturePlanner.set(
                pairs, note: note, settings: CaptureSettings.load(root: root), index: index, files: DiskVaultFiles(root: root))
        }
    }

    func setPinned(_ notes: [String], pinned: Bool) throws -> Value {
        try requireWrites()
        return try change { index in try NotePlanner.setPinned(pinned, notes: notes, index: index, files: DiskVaultFiles(root: root)) }
    }

    func dailyNote(day text: String) throws -> Value {
        try requireWrites()
        let now = LocalTime(seconds: session.now, zone: LocalTime.zone(environment: ProcessInfo.processInfo.environment))
        let day: LocalTime?
        switch text.lowercased() {
        case "today": day = LocalTime.day(now.date, zone: now.zone)
        case "yesterday": day = LocalTime.day(LocalTime(seconds: now.seconds - 86_400, zone: now.zone).date, zone: now.zone)
        case "tomorrow": day = LocalTime.day(LocalTime(seconds: now.seconds + 86_400, zone: now.zone).date, zone: now.zone)
        default: day = LocalTime.day(text, zone: now.zone)
        }
        guard let day else { throw MCPToolError("'\(text)' is not a day: give YYYY-MM-DD, today, yesterday or tomorrow") }
        let settings = CaptureSettings.load(root: root)
        for warning in settings.warnings { MCPLog.notice(warning) }
        let template = try TemplateStore.load(settings.daily.template, root: root)
        return try withLock { index, writer in
            let (path, plan) = try CapturePlanner.daily(
                day: day, now: now, template: template, settings: settings, index: index, files: DiskVaultFiles(root: root))
            var result: [String: Value] =
                try plan.map { try run($0) } ?? MCPShapes.change(Plan(operation: "daily", arguments: [path]), result: nil, dryRun: false)
            result["path"] = .string(path)
            result["created"] = .bool(plan != nil)
            return .object(result)
        }
    }

    /// Plans under the lock on a fresh index and applies with the journal.
    private func change(_ planner: (VaultIndex) throws -> Plan) throws -> Value {
        try withLock { index, writer in .object(try run(try planner(index))) }
    }
}
