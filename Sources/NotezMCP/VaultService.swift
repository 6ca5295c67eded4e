import Foundation
import MCP
import NotezKit

/// The vault behind `notez mcp`: every tool call is one call here, serialized by the actor, and
/// every read and write goes through the same library calls as the CLI (index, resolver, planners,
/// `VaultLock`, `OperationRunner` with the journal).
actor VaultService {
    /// The session every call reads and changes the vault through.
    let session: Vault
    /// The vault root.
    var root: String { session.root }
    /// Whether changing tools may run (`--allow-writes`).
    let allowWrites: Bool
    /// Folders besides the vault `attach_file` may copy from (`--attach-from`).
    let attachFrom: [String]
    private var plans: [String: StoredPlan] = [:]
    private var planOrder: [String] = []

    /// A tag refactoring that was shown as a dry run and may be applied by its id.
    struct StoredPlan: Sendable {
        var kind: Kind
        /// The dry-run text the assistant saw; applying re-plans and insists on the same text.
        var diff: String

        enum Kind: Sendable {
            case rename(from: String, to: String)
            case merge(sources: [String], into: String)
            case delete(tags: [String])
        }
    }

    init(root: String, allowWrites: Bool, attachFrom: [String] = []) {
        session = Vault(root: root)
        self.allowWrites = allowWrites
        self.attachFrom = attachFrom
    }

    // MARK: Reads

    /// `sort` nil: by relevance when the query has words (each note with its score and best
    /// passages), else list order.
    func search(query: String, offset: Int, limit: Int, sort: NoteSortKey? = nil, ignoreAccents: Bool = false) throws -> Value {
        let node = try parsed(query)
        if sort == nil, !MatchSnippets.terms(of: node).isEmpty {
            let result = try searchResult(node, ignoreAccents: ignoreAccents, ranked: true)
            let ranking = result.ranking ?? []
            let page = ranking.dropFirst(offset).prefix(limit)
            let notes: [Value] = page.map { ranked in
                let note = result.collection.note(atPosition: ranked.position)
                let fields = NoteJSON.fields(note, in: result.collection)
                    + NoteJSON.rankedFields(score: ranked.score, passages: result.passages(at: ranked.position, limit: MatchPassage.perResult))
                return MCPShapes.value(.object(fields))
            }
            return .object([
                "total": .int(ranking.count), "offset": .int(offset), "limit": .int(limit), "notes": .array(notes),
                "nextOffset": Self.nextOffset(offset: offset, shown: page.count, total: ranking.count),
            ])
        }
        var (index, found, _) = try matching(query, ignoreAccents: ignoreAccents)
        if let sort { found = sort.sorted(found) }
        let page = found.dropFirst(offset).prefix(limit)
        return .object([
            "total": .int(found.count),
            "offset": .int(offset),
            "limit": .int(limit),
            "notes": .array(page.map { MCPShapes.note($0, index: index) }),
            "nextOffset": Self.nextOffset(offset: offset, shown: page.count, total: found.count),
        ])
    }

    /// The notes matching `query` in the search's order (`Vault.search`: symlinked notes left out,
    /// link terms checked), with the parsed query (parsed first: a bad query costs no index build).
    func matching(_ query: String, ignoreAccents: Bool = false) throws -> (index: any NoteCollection, notes: [Note], node: QueryNode) {
        let node = try parsed(query)
        let result = try searchResult(node, ignoreAccents: ignoreAccents, ranked: false)
        return (result.collection, result.notes(), node)
    }

    /// The query parsed, or the tool's error naming the character.
    func parsed(_ query: String) throws -> QueryNode {
        do {
            return try QueryParser.parse(query)
        } catch {
            throw MCPToolError(
                "query error at character \(error.offset + 1): \(error.message); see the query language in docs/query.md")
        }
    }

    /// `Vault.search` over the whole index, which knows symlinked notes: they are no result, not
    /// even by file name. Notices go to the log.
    func searchResult(_ node: QueryNode, ignoreAccents: Bool, ranked: Bool) throws -> SearchResult {
        for message in session.readNotices() { MCPLog.notice(message) }
        let result = try session.search(node, ignoringAccents: ignoreAccents, over: try session.index(), ranked: ranked)
        for diagnostic in result.diagnostics { MCPLog.notice(diagnostic.message) }
        return result
    }

    /// Where the next page starts, or null: never the offset itself (limit 0 counts only and has no
    /// next page), so a client that follows nextOffset always ends.
    static func nextOffset(offset: Int, shown: Int, total: Int) -> Value {
        let next = offset + shown
        return shown > 0 && next < total ? .int(next) : .null
    }

    func show(note argument: String) throws -> Value {
        let index = try loadIndex()
        let note = try index.resolve(argument)
        let body = try readBody(note, index: index)
        guard case .object(var shape) = MCPShapes.note(note, index: index) else { return .null }
        shape["body"] = .string(body.text)
        shape["truncated"] = .bool(body.truncated)
        return .object(shape)
    }

    func listFolders() throws -> Value {
        let index = loadCollection()
        let folders = index.folderTree.descendants
        return .object([
            "unsorted": .int(index.folderTree.direct),
            "total": .int(folders.count),
            "folders": .array(
                folders.prefix(MCPLimits.listItems).map { MCPShapes.value(FolderJSON.object($0, children: false)) }),
            "truncated": .bool(folders.count > MCPLimits.listItems),
        ])
    }

    func listTags() throws -> Value {
        let index = loadCollection()
        return .object([
            "total": .int(index.tags.count),
            "tags": .array(index.tags.prefix(MCPLimits.listItems).map { MCPShapes.value(TagJSON.object($0)) }),
            "truncated": .bool(index.tags.count > MCPLimits.listItems),
        ])
    }

    func history(limit: Int) throws -> Value {
        let history = JournalHistory(records: Journal(writer: try AtomicWriter(root: root)).read().records)
        let records = history.records.reversed().prefix(limit)
        // An object, never a bare array: MCP requires structuredContent to be an object.
        let entries = records.map { MCPShapes.value(JournalJSON.object($0, history: history, fileLimit: MCPLimits.listItems)) }
        return .object(["entries": .array(entries), "total": .int(history.records.count)])
    }

    /// The notes as resources, a page at a time.
    func resources(offset: Int) throws -> (resources: [Resource], next: String?) {
        let index = try loadIndex()
        let notes = index.exposed(index.notes).sorted { $0.path < $1.path }
        let page = notes.dropFirst(offset).prefix(MCPLimits.resourcePage)
        let resources = page.map { note in
            Resource(name: note.path, uri: MCPShapes.uri(note.path), title: note.title, mimeType: "text/markdown")
        }
        let next = offset + page.count
        return (resources, next < notes.count ? String(next) : nil)
    }

    /// The text of a note named by its resource URI.
    func readResource(uri: String) throws -> String {
        guard let path = MCPShapes.path(fromURI: uri) else {
            throw MCPToolError("'\(uri)' is not a notez note URI; list the resources for valid ones")
        }
        let index = try loadIndex()
        // Only paths the index knows: nothing outside the vault, in hidden folders or ignored.
        guard let note = index.note(at: path) else { throw MCPToolError("no note at '\(path)'; list the resources for valid ones") }
        let body = try readBody(note, index: index, whole: true)
        return body.text
    }

    // MARK: Writes

    /// A capture planned exactly as `notez new` plans one; routing learns from it as from the CLI's.
    func createNote(
        title: String, folder: String?, route: Bool, template: String?, properties: [String], tags: [String], pinned: Bool,
        body: String
    ) throws -> Value {
        try requireWrites()
        var request = CaptureRequest(
            title: title, time: LocalTime(seconds: session.now, zone: LocalTime.zone(environment: ProcessInfo.processInfo.environment)))
        request.folder = folder
        request.route = route
        if template?.lowercased() == "none" { request.noTemplate = true } else { request.template = template }
        request.tags = tags
        request.pinned = pinned
        request.body = body
        for assignment in properties {
            guard let pair = PropertyKey.assignment(assignment) else {
                throw MCPToolError("a property needs key=value, not '\(assignment)'")
            }
            request.properties.append([pair.key, pair.value])
        }
        // A busy vault (another notez holds its lock, git holds .git/index.lock) or an unreachable
        // one queues the capture, exactly as `notez new` does; the queue delivers it later.
        let (reason, lock) = try CaptureQueue.admission(vault: root)
        defer { withExtendedLifetime(lock) {} }
        if let reason {
            let entry = try CaptureQueue.add(request, vault: root, reason: reason, now: session.now)
            return .object([
                "queued": .string(entry.id), "reason": .string(reason),
                "message": .string(
                    "\(reason): capture queued as \(entry.id); it is delivered by the next notez command on the vault or notez queue retry"),
            ])
        }
        return try withLock { index, writer in
            let capture = try CapturePlanner.capture(
                request, settings: CaptureSettings.load(root: root), index: index, files: DiskVaultFiles(root: root))
            var result = try run(capture.plan)
            result["path"] = .string(capture.plan.details["created"]?.first ?? "")
            result["folder"] = .string(capture.folder)
            if !capture.notices.isEmpty { result["notices"] = .array(capture.notices.map { .string($0) }) }
            try? CaptureRouter.record(folder: capture.folder, time: request.time, root: root, title: request.title, tags: request.tags)
            return .object(result)
        }
    }

    /// `notez attach` through the same planner; sources must be absolute (the server's working
    /// folder means nothing to the assistant), inside the vault or a folder allowed at start, and
    /// are read by their real path (`AttachmentSource.allowed`).
    func attachFile(note: String, files named: [String], afterLine: Int?, style: LinkStyle?) throws -> Value {
        try requireWrites()
        if let relative = named.first(where: { !$0.hasPrefix("/") }) {
            throw MCPToolError("'\(relative)' is not an absolute path; give each file's absolute path")
        }
        let sources = try named.map { try AttachmentSource.allowed($0, roots: [root] + attachFrom) }
        return try withLock { index, writer in
            let target = try index.resolve(note)
            let request = AttachPlanner.Request(
                note: target, sources: sources, afterLine: afterLine,
                rule: try AttachmentFolderRule.load(root: root, config: index.config), limit: index.config.attachmentMaxBytes,
                style: try style ?? LinkStyle.preferred(root: root))
            let plan = try AttachPlanner.plan(
                request, index: index, files: DiskVaultFiles(root: root), directory: writer.directory, arguments: [note] + named)
            var result = try run(plan)
            result["copied"] = .array(plan.steps.filter { $0.kind == .copy }.map { .string($0.path) })
            return .object(result)
        }
    }

    func changeTags(note: String, add: [String], remove: [String]) throws -> Value {
        try requireWrites()
        return try withLock { index, writer in
            let files = DiskVaultFiles(root: root)
            let plan =
                add.isEmpty
                ? try NotePlanner.removeTags(remove, note: note, index: index, files: files)
                : try NotePlanner.addTags(add, note: note, index: index, files: files)
            return .object(try run(plan))
        }
    }

    /// Plans a tag refactoring and keeps it under a new id; nothing is written.
    func planTagChange(_ kind: StoredPlan.Kind) throws -> Value {
        try requireWrites()
        let index = try loadIndex()
        let plan = try makePlan(kind, index: index)
        return remember(plan, kind: kind)
    }

    /// Applies a stored plan if the vault still gives the same plan; else stores the new one and says so.
    func apply(planID: String) throws -> Value {
        try requireWrites()
        guard let stored = plans[planID] else {
            throw MCPToolError("no plan '\(planID)' (plans are kept until applied or until the server stops); plan the change again")
        }
        return try withLock { index, writer in
            let plan = try makePlan(stored.kind, index: index)
            let diff = plan.dryRunText()
            guard diff == stored.diff else {
                forget(planID)
                guard case .object(var fresh) = remember(plan, kind: stored.kind) else { return .null }
                fresh["applied"] = .bool(false)
                fresh["reason"] = .string("the vault changed since the plan was made; review this new plan and apply it by its id")
                return .object(fresh)
            }
            forget(planID)
            var result = try run(plan)
            result["applied"] = .bool(true)
            return .object(result)
        }
    }

    func undo(id: String?) throws -> Value {
        try requireWrites()
        return try withLock { index, writer in
            let history = JournalHistory(records: Journal(writer: writer).read().records)
            let plan = try JournalUndo.plan(id: id, history: history, index: index, files: DiskVaultFiles(root: root))
            var result = try run(plan)
            result["undoes"] = plan.details["undoes"]?.first.map(Value.string) ?? .null
            return .object(result)
        }
    }

    // MARK: Helpers

    func requireWrites() throws {
        guard allowWrites else {
            throw MCPToolError("this notez mcp server is read-only; restart it with 'notez mcp --allow-writes' to change the vault")
        }
    }

    /// The cached view when the cache is current (tag and folder counts come from its tables),
    /// else the full index, as the CLI's listings read it.
    func loadCollection() -> any NoteCollection {
        for message in session.readNotices() { MCPLog.notice(message) }
        return session.collection()
    }

    func loadIndex() throws -> VaultIndex {
        for message in session.readNotices() { MCPLog.notice(message) }
        return try session.index()
    }

    /// Runs `body` under the vault lock, after the startup duties, on a fresh index, as a changing CLI command does.
    func withLock<T>(_ body: (VaultIndex, AtomicWriter) throws -> T) throws -> T {
        for message in try session.beginChange() { MCPLog.notice(message) }
        defer { session.endChange() }
        return try body(try session.index(), try AtomicWriter(root: root))
    }

    func run(_ plan: Plan) throws -> [String: Value] {
        if plan.isEmpty, !plan.skipped.isEmpty {
            // Nothing could be done: that is a refusal, not a success with an empty change.
            throw MCPToolError(
                "nothing was changed: " + plan.skipped.prefix(10).map { "\($0.path): \($0.reason)" }.joined(separator: "; "))
        }
        let result = try session.run(plan)
        if let failure = result.failure {
            // Nothing is reported as done: the operation was rolled back, or is pending.
            throw MCPToolError(
                "'\(plan.operation)' failed: \(failure.issue.reason); "
                    + (failure.rolledBack
                        ? "nothing was changed"
                        : "the operation is pending: run 'notez recover' once the cause is fixed to finish it"))
        }
        return MCPShapes.change(plan, result: result, dryRun: false)
    }

    private func makePlan(_ kind: StoredPlan.Kind, index: VaultIndex) throws -> Plan {
        let files = DiskVaultFiles(root: root)
        switch kind {
        case .rename(let from, let to): return try TagRefactorPlanner.rename(from, to: to, index: index, files: files)
        case .merge(let sources, let into): return try TagRefactorPlanner.merge(sources, into: into, index: index, files: files)
        case .delete(let tags): return try TagRefactorPlanner.delete(tags, index: index, files: files)
        }
    }

    private func remember(_ plan: Plan, kind: StoredPlan.Kind) -> Value {
        let diff = plan.dryRunText()
        let id = Self.newID()
        plans[id] = StoredPlan(kind: kind, diff: diff)
        planOrder.append(id)
        while planOrder.count > MCPLimits.storedPlans { forget(planOrder[0]) }
        let shown = diff.utf8.count > MCPLimits.textBytes ? MCPShapes.prefix(diff, bytes: MCPLimits.textBytes) : diff
        return .object([
            "planId": .string(id),
            "operation": .string(plan.operation),
            "files": .int(plan.touchedFiles.filter { !$0.hasPrefix(".notez/") }.count),
            "diff": .string(shown),
            "diffTruncated": .bool(shown.utf8.count < diff.utf8.count),
            "confirmation": plan.confirmation.map(Value.string) ?? .null,
        ])
    }

    private func forget(_ id: String) {
        plans[id] = nil
        planOrder.removeAll { $0 == id }
    }

    /// A note's body (after the front matter), cut to the size limit unless `whole`; a symlinked
    /// note is refused, because its target may lie outside the vault.
    func readBody(_ note: Note, index: VaultIndex, whole: Bool = false) throws -> (text: String, truncated: Bool) {
        if !index.isExposed(note.path) {
            throw MCPToolError("'\(note.path)' is a symlink; notez mcp serves no file through a symlink (open it in an editor instead)")
        }
        if note.stamp.size > Int64(NoteReader.maxNoteSize) {
            throw MCPToolError("'\(note.path)' is larger than the 32 MiB note size limit; open it in an editor instead")
        }
        let contents = try NoteReader.readAll(index.root + "/" + note.path)
        let start = whole ? 0 : FrontMatterBlock.bodyStart(contents.bytes)
        let text = String(decoding: contents.bytes[start...], as: UTF8.self)
        guard text.utf8.count > MCPLimits.textBytes else { return (text, false) }
        return (MCPShapes.prefix(text, bytes: MCPLimits.textBytes), true)
    }

    private static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "plan-" + String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 16)
    }
}
