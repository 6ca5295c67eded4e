extension TrashPlanner {
    /// `trash restore ITEM...`: back to the original folder if it still exists, else to Unsorted
    /// Notes; a clash gets a suffix. Both are reported. The attachments come back with the note
    /// (docs/attachments.md, "Attachments in the trash"):
    ///
    /// - its own, at their paths; when the note lands in another folder (its own is gone), those
    ///   that were inside its old folder go to the same place inside the new one, where its
    ///   relative links find them (`Work/attachments/a.png` → `attachments/a.png`);
    /// - a file it links to that is in neither the vault nor its item but in another trash item
    ///   (two notes that shared it were trashed, and it went with the first) comes back too;
    /// - links of the note that the new place would break are rewritten (`LinkRewriter`).
    public static func restore(_ items: [TrashItem], arguments: [String], index: VaultIndex, files: any VaultFiles) throws(NotezError)
        -> Plan
    {
        var builder = PlanBuilder(index: index, files: files, operation: "trash restore", arguments: arguments)
        let store = TrashStore(root: index.root)
        let chosen = unique(items)
        let context = RestoreContext(store: store, chosen: chosen, index: index)
        var lent = context.lent
        for item in chosen {
            var folderPath = VaultPath.folder(of: item.originalPath)
            if !folderPath.isEmpty, files.kind(folderPath) != .folder {
                builder.plan.messages.append("\(item.originalPath): folder '\(folderPath)' no longer exists; restored to Unsorted Notes")
                folderPath = ""
            }
            let name = item.fileName
            let destination = builder.freePath(folder: folderPath, name: name)
            if VaultPath.name(of: destination) != name {
                builder.plan.messages.append("\(item.originalPath): '\(name)' exists; restored as '\(VaultPath.name(of: destination))'")
            }
            builder.move(item.storedPath, to: destination)
            let (own, folders) = store.attachments(of: item)
            let note = try? files.read(item.storedPath)
            var sources = own.map { (stored: item.attachmentsPath + "/" + $0, path: $0) }
            if let note {
                for path in context.missing(in: note.bytes, of: item, own: own) {
                    guard let stored = lent.removeValue(forKey: LinkResolver.fold(path)) else { continue }
                    builder.plan.messages.append("\(path): shared with a note still in the trash; restored with \(item.originalPath)")
                    sources.append((stored, path))
                }
            }
            let oldFolder = VaultPath.folder(of: item.originalPath)
            var fileMoves: [(from: String, to: String)] = []
            for (stored, path) in sources {
                var wanted = path
                if !PathKey.sameBytes(folderPath, oldFolder), PathKey.isSelfOrInside(path, folder: oldFolder) {
                    wanted = VaultPath.join(folderPath, String(decoding: path.utf8.dropFirst(oldFolder.utf8.count + 1), as: UTF8.self))
                }
                var walked = ""
                for component in VaultPath.folder(of: wanted).split(separator: "/").map(String.init) {
                    walked = VaultPath.join(walked, component)
                    if files.kind(walked) == nil, !builder.isTaken(walked) { builder.createFolder(walked) }
                }
                let target = AttachPlanner.freePath(folder: VaultPath.folder(of: wanted), name: VaultPath.name(of: wanted), builder: builder)
                if target != wanted { builder.plan.messages.append("\(wanted) exists; its trashed attachment was restored as \(target)") }
                builder.move(stored, to: target)
                if target != path { fileMoves.append((path, target)) }
            }
            if let note, destination != item.originalPath || !fileMoves.isEmpty {
                keepLinks(of: note, item: item, at: destination, fileMoves: fileMoves, attachments: sources.map(\.path), context: context, builder: &builder)
            }
            removeAttachmentFolders(item, folders: folders, builder: &builder)
            try removeItem(item, keepingNote: true, builder: &builder)
        }
        return builder.plan
    }

    /// Adds the edit of the restored note at `destination` that keeps its links working from
    /// there, to notes and to its attachments at their new paths.
    private static func keepLinks(
        of note: NoteReader.Contents, item: TrashItem, at destination: String, fileMoves: [(from: String, to: String)],
        attachments: [String], context: RestoreContext, builder: inout PlanBuilder
    ) {
        let rewriter = LinkRewriter(
            targets: context.targets + [LinkResolver.Target(path: item.originalPath, title: VaultPath.fileTitle(of: item.originalPath), aliases: [])],
            movedNotes: [item.originalPath: destination], movedFolders: fileMoves,
            attachments: AttachmentScan(files: context.vaultFiles + attachments))
        guard let rewrite = rewriter.rewrite(note.bytes, source: item.originalPath) else { return }
        for failure in rewrite.failed {
            builder.plan.messages.append("\(destination):\(failure): left alone, no form of this link would find its target from here")
        }
        guard rewrite.changed > 0 else { return }
        guard let whole = WholeFileChange.between(note.bytes, rewrite.after) else {
            builder.plan.messages.append("\(destination): not UTF-8 text; its links were not rewritten")
            return
        }
        var step = FileStep.edit(
            destination, before: FileFingerprint(bytes: note.bytes, stamp: note.stamp), afterHash: ContentHash.of(rewrite.after),
            edits: [], inverse: [])
        step.wholeFile = whole
        builder.plan.steps.append(step)
        builder.plan.previews[PathKey(destination)] = Plan.Preview(before: note.bytes, after: rewrite.after)
        builder.plan.messages.append(
            "\(rewrite.changed) link\(rewrite.changed == 1 ? "" : "s") rewritten in \(destination) for its new place")
    }

    /// What a restore reads once: the vault's files and notes, and the attachments of the trash
    /// items that are not restored.
    private struct RestoreContext {
        /// The vault's non-note files now.
        let vaultFiles: [String]
        /// The vault's notes, for links to them.
        let targets: [LinkResolver.Target]
        /// Attachments of the items not restored: stored path by folded original path.
        let lent: [String: String]
        private let lentScan: AttachmentScan
        private let resolver = LinkResolver(targets: [])

        init(store: TrashStore, chosen: [TrashItem], index: VaultIndex) {
            vaultFiles = AttachmentScan(index: index).files
            targets = index.notes.map { LinkResolver.Target(path: $0.path, title: $0.title, aliases: $0.aliases) }
            let restored = Set(chosen.map(\.id))
            var lent: [String: String] = [:]
            var paths: [String] = []
            for other in store.items() where !restored.contains(other.id) {
                for path in store.attachments(of: other).files where lent[LinkResolver.fold(path)] == nil {
                    lent[LinkResolver.fold(path)] = other.attachmentsPath + "/" + path
                    paths.append(path)
                }
            }
            self.lent = lent
            lentScan = AttachmentScan(files: paths)
        }

        /// The original paths of the attachments the note links to that are neither in the vault
        /// nor among its own, but in another item.
        func missing(in bytes: [UInt8], of item: TrashItem, own: [String]) -> [String] {
            let present = AttachmentScan(files: vaultFiles + own)
            let links = LinkGraph.links(ofFile: bytes, source: item.originalPath, resolver: resolver) { _, resolution in resolution == .attachment }
            return links.compactMap { entry in
                guard !present.resolve(entry.link, from: item.originalPath).exists else { return nil }
                let found = lentScan.resolve(entry.link, from: item.originalPath)
                return found.exists ? found.path : nil
            }
        }
    }
}
