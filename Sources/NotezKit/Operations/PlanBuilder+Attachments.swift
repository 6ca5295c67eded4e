extension PlanBuilder {
    /// Adds the moves that take the attachments of the plan's moved notes along (docs/attachments.md,
    /// "Attachments that move with their note"): a file moves when it lies directly in the
    /// attachment folder the vault's rule gives for the note's old place, no note outside this
    /// plan links to it (`SoleAttachments`), and the rule gives another folder for the note's new
    /// place; it goes there under a free name. Files used by other notes, or kept elsewhere, stay
    /// (`keepLinks` rewrites the links to them).
    ///
    /// Returns the scan of the vault's attachments when a file moves, for `keepLinks` to rewrite
    /// every link form to it (wikilink embeds included); nil when nothing moves.
    mutating func moveAttachments() -> AttachmentScan? {
        guard let (rule, moving, directory) = attachmentMovers(messages: &plan.messages) else { return nil }
        let movedNotes = plannedMoves().notes
        let scan = AttachmentScan(index: index)
        let sole = SoleAttachments.of(moving, scan: scan, index: index, files: files, messages: &plan.messages)
        var emptied: [String] = []
        var moved = 0
        for note in moving {
            let from = rule.folder(forNote: note.path)
            let to = rule.folder(forNote: movedNotes[note.path] ?? note.path)
            let own = (sole[note.path] ?? []).filter { path in
                LinkResolver.fold(VaultPath.folder(of: path)) == LinkResolver.fold(from) && isMovableAttachment(path, directory: directory)
            }
            guard !own.isEmpty else { continue }
            do {
                try AttachPlanner.checkFolder(to, directory: directory)
            } catch {
                plan.messages.append("\(note.path): its attachments were left in place: \(error.description)")
                continue
            }
            var walked = ""
            for component in to.split(separator: "/").map(String.init) {
                walked = VaultPath.join(walked, component)
                if directory.kind(walked) == nil, !isTaken(walked) { createFolder(walked) }
            }
            for path in own {
                let name = VaultPath.name(of: path)
                let destination = AttachPlanner.freePath(folder: to, name: name, builder: self)
                if VaultPath.name(of: destination) != name {
                    plan.messages.append("\(path): '\(name)' exists in \(to.isEmpty ? "the vault root" : to); moved as '\(VaultPath.name(of: destination))'")
                }
                move(path, to: destination)
                moved += 1
            }
            // A dedicated attachment folder (`attachments/` beside the note) that this plan empties
            // goes too; the note's own folder (the `./` rule) never does.
            if !PathKey.sameBytes(from, VaultPath.folder(of: note.path)), !emptied.contains(from) { emptied.append(from) }
        }
        guard moved > 0 else { return nil }
        let sources = Set(plan.steps.filter { $0.kind == .move }.map { PathKey($0.path) })
        for folder in emptied where files.names(in: folder).allSatisfy({ sources.contains(PathKey(VaultPath.join(folder, $0))) }) {
            plan.steps.append(.removeFolder(folder))
        }
        plan.messages.append("\(moved) attachment\(moved == 1 ? "" : "s") moved with \(moving.count == 1 ? "the note" : "the notes")")
        return scan
    }

    /// Whether `moveAttachments` has files to consider, which needs every note's links (the
    /// vault's attachment scan): a moved note whose attachment folder changes links to a file.
    func mayMoveAttachments() -> Bool {
        var ignored: [String] = []
        return attachmentMovers(messages: &ignored) != nil
    }

    /// The attachment rule, the moved notes whose attachment folder changes, and the vault's
    /// directory, when one of those notes links to a file at all; nil when no file can move.
    private func attachmentMovers(messages: inout [String]) -> (AttachmentFolderRule, [Note], VaultDirectory)? {
        let movedNotes = plannedMoves().notes
        guard !movedNotes.isEmpty else { return nil }
        let rule: AttachmentFolderRule
        do {
            rule = try AttachmentFolderRule.load(root: index.root, config: index.config)
        } catch {
            messages.append("attachments were left in place: \(error.description)")
            return nil
        }
        // In step order, so that a file two moved notes share goes with the first, as in `rm`.
        let order = plan.steps.filter { $0.kind == .move && movedNotes[$0.path] != nil }.map(\.path)
        let byPath = Dictionary(index.notes.filter { movedNotes[$0.path] != nil }.map { ($0.path, $0) }) { first, _ in first }
        let notes = order.compactMap { byPath[$0] }
        let moving = notes.filter { note in
            !PathKey.sameBytes(rule.folder(forNote: note.path), rule.folder(forNote: movedNotes[note.path] ?? note.path))
        }
        guard !moving.isEmpty, let directory = try? VaultDirectory(root: index.root) else { return nil }
        // The vault's files are listed (and every body read) only when a moved note links to a file at all.
        let byExtension = LinkResolver(targets: [])
        let linksFiles = moving.contains { note in
            guard let contents = try? files.read(note.path) else { return false }
            return !LinkGraph.links(ofFile: contents.bytes, source: note.path, resolver: byExtension) { _, resolution in
                resolution == .attachment
            }.isEmpty
        }
        guard linksFiles else { return nil }
        return (rule, moving, directory)
    }

    /// A regular file inside the vault, reached without a symlink, outside hidden folders, not a note.
    private func isMovableAttachment(_ path: String, directory: VaultDirectory) -> Bool {
        guard !VaultPath.isNoteFile(path), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return false }
        // nil through a symlinked folder on the way.
        return directory.kind(path) == .file
    }
}
