import Foundation
import Hummingbird
import NotezKit

extension WebServer {
    /// A planner of an action: the form, a fresh index, the vault's files.
    typealias Planner = @Sendable (FormData, VaultIndex, DiskVaultFiles) throws(NotezError) -> Plan

    func addActionRoutes(_ router: Hummingbird.Router<BasicRequestContext>) {
        action(router, "new", gate: { self.queueCaptureIfBusy($0, form: $1) }, back: { form, plan in
            plan?.details["created"]?.first.map { "/note?path=" + HTMLText.percentEncoded($0) } ?? "/"
        }, applied: { form, plan in
            // Routing learns from web captures as from the CLI's; a history that cannot be written
            // only costs routing a data point.
            guard let created = plan.details["created"]?.first else { return }
            let request = try? WebServer.captureRequest(form)
            try? CaptureRouter.record(
                folder: VaultPath.folder(of: created), time: WebServer.captureTime, root: self.root, title: request?.title,
                tags: request?.tags ?? [])
        }) { form, index, files throws(NotezError) in
            try WebServer.planCapture(form, index: index, files: files).plan
        }
        action(router, "pin", back: WebServer.backToNote) { form, index, files throws(NotezError) in
            try NotePlanner.setPinned(true, notes: [try WebServer.field(form, "path")], index: index, files: files)
        }
        action(router, "unpin", back: WebServer.backToNote) { form, index, files throws(NotezError) in
            try NotePlanner.setPinned(false, notes: [try WebServer.field(form, "path")], index: index, files: files)
        }
        action(router, "tag-add", back: WebServer.backToNote) { form, index, files throws(NotezError) in
            try NotePlanner.addTags([try WebServer.field(form, "tag")], note: try WebServer.field(form, "path"), index: index, files: files)
        }
        action(router, "tag-remove", back: WebServer.backToNote) { form, index, files throws(NotezError) in
            try NotePlanner.removeTags([try WebServer.field(form, "tag")], note: try WebServer.field(form, "path"), index: index, files: files)
        }
        action(router, "move", back: { form, plan in
            let target = plan?.steps.first { $0.kind == .move }?.to ?? form["path"] ?? ""
            return "/note?path=" + HTMLText.percentEncoded(target)
        }) { form, index, files throws(NotezError) in
            try MovePlanner.move(notes: [try WebServer.field(form, "path")], to: form["folder"] ?? "", create: false, index: index, files: files)
        }
        action(router, "trash", back: { form, _ in
            "/folder?path=" + HTMLText.percentEncoded(VaultPath.folder(of: form["path"] ?? ""))
        }) { form, index, files throws(NotezError) in
            try TrashPlanner.trash(
                notes: [try WebServer.field(form, "path")], now: ActionRunner.now, key: try MachineKey.loadOrCreate(), index: index, files: files)
        }
        router.post("/actions/save") { request, _ in
            var request = request
            let form = FormData(String(buffer: try await request.collectBody(upTo: WebServer.maxForm)))
            // A file changed since the page loaded it: nothing is saved; the editor comes back with
            // the user's text and what is different on disk.
            let (index, version) = self.vault.versionedSnapshot()
            if let (note, bytes) = self.readNote(form["path"], index: index), ContentHash.of(bytes) != form["base"] {
                let mine = form["text"] ?? ""
                let conflict = NotePage.conflict(
                    path: note.path, original: form["original"], base: form["base"], mine: mine, disk: bytes)
                let frame = self.frame(request, index: index, version: version, folder: note.folder)
                let main = NotePage.editor(
                    note: note, text: mine, original: form["original"] ?? "", base: form["base"] ?? "", conflict: conflict, frame: frame)
                return Page.response(Page.document(title: "Edit " + note.title, frame: frame, main: main), status: .conflict)
            }
            return await self.perform(request, form: form, name: "save", preview: nil, back: WebServer.backToNote) {
                form, index, files throws(NotezError) in try WebServer.planSave(form, index: index, files: files)
            }
        }
        action(router, "undo", back: { _, _ in "/" }) { form, index, files throws(NotezError) in
            let writer = try AtomicWriter(root: index.root)
            let history = JournalHistory(records: Journal(writer: writer).read().records)
            return try JournalUndo.plan(id: form["id"], history: history, index: index, files: files)
        }
        action(router, "folder-create", back: { form, plan in
            "/folder?path=" + HTMLText.percentEncoded(plan?.steps.first { $0.kind == .createFolder }?.path ?? form["parent"] ?? "")
        }) { form, index, files throws(NotezError) in
            let name = try WebServer.field(form, "name")
            try VaultPath.validateName(name)
            return try FolderPlanner.create(VaultPath.join(form["parent"] ?? "", name), index: index, files: files)
        }
        action(router, "folder-rename", back: { form, plan in
            "/folder?path=" + HTMLText.percentEncoded(plan?.steps.first { $0.kind == .move }?.to ?? form["path"] ?? "")
        }) { form, index, files throws(NotezError) in
            try FolderPlanner.rename(try WebServer.field(form, "path"), to: try WebServer.field(form, "name"), index: index, files: files)
        }
        action(router, "folder-color", back: { form, _ in "/folder?path=" + HTMLText.percentEncoded(form["path"] ?? "") }) { form, index, files throws(NotezError) in
            let color = form["color"].flatMap { $0.isEmpty ? nil : $0 } ?? "none"
            return try FolderPlanner.color(try WebServer.field(form, "path"), color: color, index: index, files: files)
        }
        action(router, "folder-delete", preview: "Delete folder", back: { form, _ in
            "/folder?path=" + HTMLText.percentEncoded(VaultPath.folder(of: form["path"] ?? ""))
        }) { form, index, files throws(NotezError) in
            try FolderPlanner.delete(try WebServer.field(form, "path"), index: index, files: files)
        }
        action(router, "tag-rename", preview: "Rename tag", back: { form, _ in "/tag?name=" + HTMLText.percentEncoded(form["to"] ?? "") }) {
            form, index, files throws(NotezError) in
            try TagRefactorPlanner.rename(try WebServer.field(form, "tag"), to: try WebServer.field(form, "to"), index: index, files: files)
        }
        action(router, "tag-merge", preview: "Merge tag", back: { form, _ in "/tag?name=" + HTMLText.percentEncoded(form["into"] ?? "") }) {
            form, index, files throws(NotezError) in
            // A proposal of `tag suggest` merges several tags at once (one `tag` field each).
            let tags = form.all("tag").filter { !$0.isEmpty }
            return try TagRefactorPlanner.merge(
                tags.isEmpty ? [try WebServer.field(form, "tag")] : tags, into: try WebServer.field(form, "into"), index: index, files: files)
        }
        action(router, "tag-delete", preview: "Delete tag", back: { _, _ in "/" }) { form, index, files throws(NotezError) in
            try TagRefactorPlanner.delete([try WebServer.field(form, "tag")], index: index, files: files)
        }
        action(router, "tag-color", back: { form, _ in "/tag?name=" + HTMLText.percentEncoded(form["tag"] ?? "") }) { form, index, files throws(NotezError) in
            try TagRegistryPlanner.color(try WebServer.field(form, "tag"), color: form["color"] ?? "none", index: index, files: files)
        }
        action(router, "trash-restore", back: { _, _ in "/trash" }) { form, index, files throws(NotezError) in
            let items = TrashStore(root: index.root).items()
            return try TrashPlanner.restore(items, arguments: [try WebServer.field(form, "id")], index: index, files: files)
        }
        action(router, "trash-delete", preview: "Delete forever", back: { _, _ in "/trash" }) { form, index, files throws(NotezError) in
            let items = TrashStore(root: index.root).items()
            let item = try TrashPlanner.resolve(try WebServer.field(form, "id"), in: items)
            return try TrashPlanner.delete([item], arguments: [item.id], index: index, files: files)
        }
        action(router, "trash-empty", preview: "Empty trash", back: { _, _ in "/trash" }) { _, index, files throws(NotezError) in
            try TrashPlanner.empty(index: index, files: files)
        }
    }

    /// Registers `POST /actions/NAME`. With `preview`, the first POST shows what would change (the
    /// affected notes and the diff) and only a second POST with `confirm=yes` applies it.
    /// `gate` may answer instead of the action (quick capture queues when the vault is busy).
    func action(
        _ router: Hummingbird.Router<BasicRequestContext>, _ name: String, preview: String? = nil,
        gate: (@Sendable (Request, FormData) -> Response?)? = nil,
        back: @escaping @Sendable (FormData, Plan?) -> String, applied: (@Sendable (FormData, Plan) -> Void)? = nil,
        plan: @escaping Planner
    ) {
        router.post("/actions/\(name)") { request, _ in
            var request = request
            let form = FormData(String(buffer: try await request.collectBody(upTo: WebServer.maxForm)))
            if let gate, let answer = gate(request, form) { return answer }
            return await self.perform(request, form: form, name: name, preview: preview, back: back, applied: applied, plan: plan)
        }
    }

    /// Quick capture, planned as `notez new` plans it: the folder given (the page proposed routing's
    /// suggestion already), the template picked, else the folder's default from config.
    static func planCapture(_ form: FormData, index: VaultIndex, files: DiskVaultFiles) throws(NotezError) -> CapturePlanner.Capture {
        try CapturePlanner.capture(captureRequest(form), settings: CaptureSettings.load(root: index.root), index: index, files: files)
    }

    /// The capture a quick-capture form asks for; typed properties come as `prop.KEY` fields (an
    /// empty one is left out), checked against the folder's schema when planned.
    static func captureRequest(_ form: FormData) throws(NotezError) -> CaptureRequest {
        let title = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { throw .usage("a note needs a title") }
        var request = CaptureRequest(title: title, time: captureTime)
        request.folder = form["folder"] ?? ""
        request.tags = (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        request.body = lineFeeds(form["body"] ?? "")
        switch form["template"] ?? "" {
        case "": break
        case "-": request.noTemplate = true
        case let name: request.template = name
        }
        for (name, value) in form.pairs where name.hasPrefix("prop.") && !value.trimmingCharacters(in: .whitespaces).isEmpty {
            request.properties.append([String(name.dropFirst(5)), value])
        }
        return request
    }

    /// Quick capture into a busy vault (another notez holds its lock, git holds `.git/index.lock`,
    /// the vault is unreachable): queued through the capture queue as `notez new` does, with a
    /// notice on the page; nil when the capture can go ahead (or the form is wrong: the action says why).
    func queueCaptureIfBusy(_ request: Request, form: FormData) -> Response? {
        guard let capture = try? WebServer.captureRequest(form), let admission = try? CaptureQueue.admission(vault: root),
            let reason = admission.reason
        else { return nil }
        let json = request.headers[.accept]?.contains("application/json") == true
        do {
            let entry = try CaptureQueue.add(capture, vault: root, reason: reason, now: ActionRunner.now)
            let line = "\(reason): capture queued as \(entry.id); it is delivered by the next notez command on the vault or notez queue retry"
            if json { return Page.json("{\"queued\":\(EventHub.quoted(entry.id)),\"lines\":[\(EventHub.quoted(line))]}") }
            let id = flashes.put(Page.Flash(lines: [line], journal: nil))
            return Page.redirect(WebServer.with(flash: id, "/"))
        } catch {
            if json { return Page.json("{\"error\":\(EventHub.quoted(error.description))}", status: .unprocessableContent) }
            let id = flashes.put(Page.Flash(lines: [error.description], journal: nil, isError: true))
            return Page.redirect(WebServer.with(flash: id, "/"))
        }
    }

    /// Runs (or previews) one action and answers with a redirect and a flash, a preview page, or JSON.
    func perform(
        _ request: Request, form: FormData, name: String, preview: String?,
        back: @escaping @Sendable (FormData, Plan?) -> String, applied: (@Sendable (FormData, Plan) -> Void)? = nil,
        plan: @escaping Planner
    ) async -> Response {
            let json = request.headers[.accept]?.contains("application/json") == true
            let apply = preview == nil || form["confirm"] == "yes"
            let generation = self.vault.currentGeneration
            let outcome: ActionRunner.Outcome
            do {
                outcome = try self.runner.run(apply: apply) { index, files throws(NotezError) in try plan(form, index, files) }
            } catch {
                if json { return Page.json("{\"error\":\(EventHub.quoted(error.description))}", status: .unprocessableContent) }
                let id = self.flashes.put(Page.Flash(lines: [error.description], journal: nil, isError: true))
                return Page.redirect(WebServer.with(flash: id, back(form, nil)))
            }
            if !apply, let preview {
                if json { return Page.json("{\"preview\":\(EventHub.quoted(outcome.plan.dryRunText()))}") }
                let (index, version) = self.vault.versionedSnapshot()
                let frame = self.frame(request, index: index, version: version)
                let main = ListPages.preview(title: preview, plan: outcome.plan, action: "/actions/\(name)", form: form, frame: frame)
                return Page.response(Page.document(title: preview, frame: frame, main: main))
            }
            // The page that follows should show the change: wait (briefly) for the watcher to see it.
            if outcome.plan.steps.contains(where: { !$0.path.hasPrefix(".notez/") }) {
                await self.waitForWatcher(after: generation)
            }
            let journal = outcome.result?.id
            if journal != nil { applied?(form, outcome.plan) }
            if json {
                let lines = outcome.lines.map(EventHub.quoted).joined(separator: ",")
                return Page.json("{\"journal\":\(journal.map(EventHub.quoted) ?? "null"),\"lines\":[\(lines)],\"problems\":\(outcome.isError)}")
            }
            let undoable = journal != nil && name != "trash-delete" && name != "trash-empty"
            var lines = outcome.lines
            if name == "trash-restore", journal != nil {
                // Say what came back and where, not only that the operation was done.
                let restored = outcome.plan.steps.filter { $0.kind == .move && !($0.to ?? "").hasPrefix(".notez/") }.compactMap(\.to)
                lines = restored.map { "Restored \($0) from the trash" } + lines.filter { $0 != "done" }
            }
            var flash = Page.Flash(lines: lines, journal: undoable ? journal : nil, isError: outcome.isError)
            if name == "new", let created = outcome.plan.details["created"]?.first {
                // Say what was created, with a link to it and a way to capture the next one.
                flash.lines = ["Created " + created] + lines.filter { $0 != "created " + created }
                flash.links = [
                    ("Open " + VaultPath.name(of: created), "/note?path=" + HTMLText.percentEncoded(created)),
                    ("New note", "/new?folder=" + HTMLText.percentEncoded(VaultPath.folder(of: created))),
                ]
            }
            let id = self.flashes.put(flash)
            return Page.redirect(WebServer.with(flash: id, back(form, outcome.plan)))
    }

    /// Waits up to 1.5 s for the watcher's next batch.
    func waitForWatcher(after generation: Int) async {
        for _ in 0..<75 where vault.currentGeneration == generation {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// The web editor's save: the whole text replaces the file only if the file is still the
    /// version the page loaded (`base` is its hash); the write step checks that again when applying.
    static func planSave(_ form: FormData, index: VaultIndex, files: DiskVaultFiles) throws(NotezError) -> Plan {
        let path = try VaultPath.validated(try field(form, "path"))
        guard index.note(at: path) != nil, let current = try files.read(path) else { throw .noteNotFound(path) }
        guard let before = String(validating: current.bytes, as: UTF8.self) else {
            throw .refused("\(path) is not valid UTF-8; edit it with a text editor")
        }
        var text = form["text"] ?? ""
        // Browsers send CRLF from a textarea; a file with LF endings keeps them.
        if !before.contains("\r\n") { text = lineFeeds(text) }
        guard ContentHash.of(current.bytes) == form["base"] else {
            throw .refused("\(path) changed on disk since it was loaded; nothing was saved")
        }
        var plan = Plan(operation: "edit", arguments: [path])
        if text != before {
            plan.steps.append(.write(path, contents: text, previous: before))
            plan.previews[PathKey(path)] = Plan.Preview(before: current.bytes, after: Array(text.utf8))
        } else {
            plan.messages.append("\(path): no change")
        }
        return plan
    }

    static func backToNote(_ form: FormData, _ plan: Plan?) -> String {
        "/note?path=" + HTMLText.percentEncoded(form["path"] ?? "")
    }

    static func field(_ form: FormData, _ name: String) throws(NotezError) -> String {
        guard let value = form[name], !value.isEmpty else { throw .usage("missing '\(name)'") }
        return value
    }

    static func lineFeeds(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// `location` with `flash=ID` added to its query.
    static func with(flash id: String, _ location: String) -> String {
        location + (location.contains("?") ? "&" : "?") + "flash=" + id
    }
}
