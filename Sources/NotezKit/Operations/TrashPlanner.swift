/// Plans of the trash: `rm` (to the trash), `trash restore`, `trash delete`, `trash empty`, and the automatic purge.
///
/// An item is `.notez/trash/<id>/<original file name>` beside `trashinfo.yaml` with `path:` (the
/// original vault-relative path) and `deleted:` (ISO 8601 UTC); see `TrashStore`.
public enum TrashPlanner {
    /// The trash folder, vault-relative.
    public static let folder = TrashStore.relativeFolder

    /// `rm NOTE...`: each note moves to its own trash item; nothing else about it changes.
    public static func trash(
        notes arguments: [String], now: Double, key: MachineKey, index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "rm", arguments: arguments)
        let notes = try builder.resolveNotes(arguments)
        var ids: [String] = []
        var attachments = attachmentsToTake(notes, index: index, files: files, messages: &builder.plan.messages)
        for note in notes {
            if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
                builder.plan.skipped.append(FileIssue(path: note.path, reason: "symlinked note; notez never moves or writes symlinks"))
                continue
            }
            if ids.isEmpty {
                for path in [".notez", folder] where files.kind(path) == nil { builder.createFolder(path) }
            }
            let id = newID(now: now, builder: builder)
            let item = folder + "/" + id
            builder.createFolder(item)
            let info = infoText(id: id, originalPath: note.path, deleted: now, key: key)
            builder.plan.steps.append(.write(item + "/" + TrashItem.infoFileName, contents: info, previous: nil))
            builder.claim(item + "/" + TrashItem.infoFileName)
            builder.move(note.path, to: item + "/" + VaultPath.name(of: note.path))
            for path in attachments.removeValue(forKey: note.path) ?? [] {
                let stored = item + "/" + TrashItem.attachmentsFolder + "/" + path
                var walked = item
                for component in ([TrashItem.attachmentsFolder] + path.split(separator: "/").dropLast().map(String.init)) {
                    walked += "/" + component
                    if !builder.isTaken(walked) { builder.createFolder(walked) }
                }
                builder.move(path, to: stored)
            }
            ids.append(id)
        }
        builder.plan.details["trashed"] = ids
        return builder.plan
    }

    /// The attachments each trashed note takes along (`SoleAttachments`): a file shared by two
    /// trashed notes goes with the first.
    static func attachmentsToTake(
        _ notes: [Note], index: VaultIndex, files: any VaultFiles, messages: inout [String]
    ) -> [String: [String]] {
        guard !notes.isEmpty else { return [:] }
        return SoleAttachments.of(notes, scan: AttachmentScan(index: index), index: index, files: files, messages: &messages)
    }

    /// The text of `trashinfo.yaml`, signed with `key` so that only this machine's items are trusted.
    public static func infoText(id: String, originalPath: String, deleted: Double, key: MachineKey) -> String {
        let deletedText = NoteDate.iso8601(deleted)
        let message = TrashStore.signedMessage(
            id: id, originalPath: originalPath, deleted: deletedText, fileName: VaultPath.name(of: originalPath))
        return "# notez trash item: where the note was and when it was deleted.\npath: \(YAMLValue.quoted(originalPath))\n"
            + "deleted: \(deletedText)\nsignature: hmac-sha256:\(key.sign(TrashStore.purpose, message))\n"
    }

    /// A new item id: the time and a counter, unique in the trash and in this plan.
    static func newID(now: Double, builder: PlanBuilder) -> String {
        let stamp = NoteDate.compactStamp(now)
        var counter = 1
        while builder.isTaken(folder + "/" + stamp + "-" + String(format: "%04d", counter)) { counter += 1 }
        return stamp + "-" + String(format: "%04d", counter)
    }

    /// Finds trash items by id, original path (with or without `.md`), file name, or title.
    public static func resolve(_ argument: String, in items: [TrashItem], titles: [String: String] = [:]) throws(NotezError) -> TrashItem {
        if let item = items.first(where: { $0.id == argument }) { return item }
        let lower = argument.lowercased()
        let byPath = items.filter { item in
            let original = item.originalPath.lowercased()
            return original == lower || original == lower + ".md" || item.fileName.lowercased() == lower
                || item.fileName.lowercased() == lower + ".md"
        }
        let matches =
            byPath.isEmpty
            ? items.filter { (titles[$0.id] ?? VaultPath.fileTitle(of: $0.fileName)).lowercased() == lower }
            : byPath
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw .usage("no trashed note matches '\(argument)'; see what is in the trash with 'notez trash list'") }
        throw .ambiguousNote(argument, candidates: matches.map { "\($0.id) (\($0.originalPath))" })
    }

    /// `trash delete ITEM...`: deletes items permanently (cannot be undone).
    public static func delete(
        _ items: [TrashItem], arguments: [String], operation: String = "trash delete",
        index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: operation, arguments: arguments)
        let chosen = unique(items)
        for item in chosen {
            let (attachments, folders) = TrashStore(root: index.root).attachments(of: item)
            for path in attachments {
                let stored = item.attachmentsPath + "/" + path
                guard let contents = try builder.files.read(stored) else { continue }
                builder.plan.steps.append(.delete(stored, hash: ContentHash.of(contents.bytes), size: Int64(contents.bytes.count)))
            }
            removeAttachmentFolders(item, folders: folders, builder: &builder)
            try removeItem(item, keepingNote: false, builder: &builder)
        }
        if !chosen.isEmpty {
            builder.plan.confirmation =
                "Permanently delete \(chosen.count) note\(chosen.count == 1 ? "" : "s") from the trash? This cannot be undone."
        }
        return builder.plan
    }

    /// `trash empty`: every item, permanently.
    public static func empty(index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        try delete(TrashStore(root: index.root).items(), arguments: [], operation: "trash empty", index: index, files: files)
    }

    /// The automatic purge: items deleted more than `days` days before `now` (0 days: never purge).
    public static func purge(days: Int, now: Double, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        guard days > 0 else { return Plan(operation: "trash purge", arguments: []) }
        let limit = now - Double(days) * 86_400
        let old = TrashStore(root: index.root).items().filter { $0.deleted < limit }
        var plan = try delete(old, arguments: [String(days)], operation: "trash purge", index: index, files: files)
        plan.confirmation = nil
        return plan
    }

    static func removeItem(_ item: TrashItem, keepingNote: Bool, builder: inout PlanBuilder) throws(NotezError) {
        let itemFolder = folder + "/" + item.id
        var paths = [itemFolder + "/" + TrashItem.infoFileName]
        if !keepingNote { paths.insert(item.storedPath, at: 0) }
        for path in paths {
            guard let contents = try builder.files.read(path) else { continue }
            // The info is kept in the step so that a restore can be undone (back into the trash).
            let text = path.hasSuffix("/" + TrashItem.infoFileName) ? String(validating: contents.bytes, as: UTF8.self) : nil
            builder.plan.steps.append(
                .delete(path, hash: ContentHash.of(contents.bytes), size: Int64(contents.bytes.count), contents: text))
        }
        builder.plan.steps.append(.removeFolder(itemFolder))
    }

    /// Removes the (emptied) folders below an item's attachments folder, deepest first, then it.
    static func removeAttachmentFolders(_ item: TrashItem, folders: [String], builder: inout PlanBuilder) {
        guard builder.files.kind(item.attachmentsPath) == .folder else { return }
        for folder in folders { builder.plan.steps.append(.removeFolder(item.attachmentsPath + "/" + folder)) }
        builder.plan.steps.append(.removeFolder(item.attachmentsPath))
    }

    static func unique(_ items: [TrashItem]) -> [TrashItem] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0.id).inserted }
    }
}
