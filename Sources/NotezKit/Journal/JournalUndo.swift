/// `notez undo [ID]`: picks the operation, checks that it can be undone now, and plans the undo as
/// a new operation (journaled like any other, so it can be undone in turn).
///
/// Tag renames, merges and deletions (and undos of them) are undone from their journal: each note
/// edited by the operation whose front matter is still exactly what the operation wrote gets its
/// original front matter text back (byte-identical); a note changed since gets the semantic,
/// additive inverse (the sources given back, the merge target removed only where the note did not
/// have it before, tags added since kept); notes deleted or moved away since are skipped and listed.
/// The registry is restored exactly when it is unchanged since, else the source entries are
/// recreated with their names and colors. Other operations use `UndoPlanner.inverse`.
public enum JournalUndo {
    /// Plans the undo of the record `id` (or of the newest operation in force when nil).
    ///
    /// `details["missing"]` lists notes skipped because they no longer exist, `details["exact"]` the
    /// files restored byte for byte, `details["merged"]` the files that changed since and got the
    /// semantic inverse.
    public static func plan(
        id: String?, history: JournalHistory, index: VaultIndex, files: any VaultFiles,
        progress: TagRefactorPlanner.Progress? = nil
    ) throws(NotezError) -> Plan {
        let record: JournalRecord
        if let id {
            guard let found = history.record(id) else { throw .usage("no journaled operation '\(id)'; see `notez history`") }
            record = found
        } else {
            guard let found = history.defaultTarget() else { throw .usage("nothing to undo: the journal has no operation in force (see 'notez history')") }
            record = found
        }
        if case .notUndoable(let reason) = history.undoability(of: record) {
            throw .refused("cannot undo '\(JournalHistory.commandLine(record))' (\(record.id)): \(reason)")
        }
        guard let details = history.tagDetails(of: record) else {
            return try UndoPlanner.inverse(of: record, files: files)
        }
        return try tagUndo(
            record, details: details, reapply: history.origin(of: record).depth % 2 == 1,
            index: index, files: files, progress: progress)
    }

    /// The undo of a tag operation (or, when `reapply`, of an undo of one).
    static func tagUndo(
        _ record: JournalRecord, details: TagOperationDetails, reapply: Bool, index: VaultIndex,
        files: any VaultFiles, progress: TagRefactorPlanner.Progress?
    ) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "undo", arguments: [record.id])
        var requests: [BatchEditPlanner.Request] = []
        var registryStep: FileStep?
        for step in record.steps {
            if step.kind == .write, step.path == ".notez/tags.yaml" { registryStep = step }
            guard step.kind == .edit, let inverted = step.inverted else { continue }
            var request = BatchEditPlanner.Request(
                path: step.path, edits: inverted.edits ?? [], inverse: inverted.inverse ?? [],
                frontMatter: inverted.frontMatter)
            request.wholeFile = inverted.wholeFile
            requests.append(request)
        }
        let outcome = TagRefactorPlanner.add(requests, to: &builder, progress: progress)
        // By bytes: an NFC note and its NFD twin are two notes.
        let missing = Set(outcome.missing.map(PathKey.init))
        let exact = Set(outcome.exact.map(PathKey.init))
        builder.plan.skipped.removeAll { missing.contains(PathKey($0.path)) }
        builder.plan.details = [
            "undoes": [record.id], "missing": outcome.missing, "exact": outcome.exact,
            "merged": outcome.steps.map(\.path).filter { !exact.contains(PathKey($0)) },
        ]

        // The registry: exactly as before when nobody changed it since, else entry by entry.
        let current = try files.read(".notez/tags.yaml").map { String(decoding: $0.bytes, as: UTF8.self) }
        if let registryStep, let written = registryStep.contents, current == written, let previous = registryStep.previousContents {
            try builder.writeState(".notez/tags.yaml", text: previous)
        } else {
            var registry = index.registry
            revertRegistry(&registry, details: details, reapply: reapply)
            if registry != index.registry { try builder.writeState(".notez/tags.yaml", text: registry.rendered()) }
        }

        if !outcome.missing.isEmpty {
            builder.plan.messages.append(
                "skipped \(outcome.missing.count) note\(outcome.missing.count == 1 ? "" : "s") that no longer exist "
                    + "(deleted or moved since): " + outcome.missing.joined(separator: ", "))
        }
        return builder.plan
    }

    /// Registry entries, one by one: reverting recreates the sources with their names and colors
    /// (a rename takes its entries back); re-applying removes (or renames) them again.
    static func revertRegistry(_ registry: inout TagRegistry, details: TagOperationDetails, reapply: Bool) {
        for source in details.sources where source.registered {
            let key = TagKey(source.name)
            let color = source.color.flatMap(ColorName.init)
            switch (details.kind, reapply) {
            case (.merge, false), (.delete, false):
                if registry.entry(for: key) == nil { registry.entries.append(.init(name: source.name, color: color)) }
            case (.merge, true), (.delete, true):
                registry.entries.removeAll { TagKey($0.name) == key }
            case (.rename, _):
                guard let renamed = source.renamedTo else { continue }
                let (from, to) = reapply ? (source.name, renamed) : (renamed, source.name)
                if let position = registry.entries.firstIndex(where: { TagKey($0.name) == TagKey(from) }) {
                    registry.entries[position].name = to
                } else if registry.entry(for: TagKey(to)) == nil {
                    registry.entries.append(.init(name: to, color: color))
                }
            }
        }
    }
}
