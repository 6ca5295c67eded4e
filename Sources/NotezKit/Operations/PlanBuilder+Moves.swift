extension PlanBuilder {
    /// Adds the edit steps that keep links working after the plan's move steps (`LinkRewriter`):
    /// a move of a note of the index moves that note, any other move moves a folder with
    /// everything in it. The edits come after the moves, on the new paths, so undo (which runs the
    /// steps backwards and reads each file when it plans) restores the bytes where the files are
    /// and then moves them back.
    ///
    /// `newTitles` are the notes' titles after the plan (by old path); `frontMatterEdits` are front
    /// matter edits (and their inverses) made in the same step as the note's link rewrite;
    /// `attachments` is the scan `moveAttachments` returns when attachment files move.
    mutating func keepLinks(
        newTitles: [String: String] = [:], frontMatterEdits: [String: (edits: [FrontMatterEdit], inverse: [FrontMatterEdit])] = [:],
        attachments: AttachmentScan? = nil
    ) throws(NotezError) {
        let (movedNotes, movedFolders) = plannedMoves()
        guard !movedNotes.isEmpty || !movedFolders.isEmpty || !frontMatterEdits.isEmpty else { return }
        let rewriter = LinkRewriter(
            index: index, movedNotes: movedNotes, movedFolders: movedFolders, newTitles: newTitles, attachments: attachments)
        let notes = index.notes
        let files = self.files
        let edited = Set(frontMatterEdits.keys)
        // Only the notes whose links the moves can touch, when the index keeps the links.
        let candidates =
            LinkGraph.rewriteCandidates(index: index, movedNotes: movedNotes, movedFolders: movedFolders, edited: edited)
            ?? Array(notes.indices)
        // Only the files that change keep their bytes: a vault-wide scan must not hold every body.
        let slots = ResultSlots<(NoteReader.Contents, LinkRewriter.Rewrite?)??>(count: candidates.count)
        Parallel.forEach(candidates.count, minimumChunk: 8) { slot in
            let position = candidates[slot]
            let path = notes[position].path
            guard let contents = try? files.read(path) else {
                slots.set(slot, nil)
                return
            }
            let rewrite = rewriter.rewrite(contents.bytes, source: path)
            slots.set(slot, rewrite == nil && !edited.contains(path) ? .some(nil) : (contents, rewrite))
        }
        var steps: [FileStep] = []
        var links = 0
        var changedNotes = 0
        for (position, slot) in zip(candidates, slots.values()) {
            let path = notes[position].path
            let extra = frontMatterEdits[path]
            guard let read = slot else {
                plan.skipped.append(FileIssue(path: path, reason: "could not be read; its links were not checked"))
                continue
            }
            guard let (contents, rewrite) = read else { continue }
            for failure in rewrite?.failed ?? [] {
                plan.messages.append("\(path):\(failure): left alone, no form of this link would find its note after the change")
            }
            var after = rewrite?.after ?? contents.bytes
            if let extra {
                do {
                    after = try FrontMatterEditor.apply(extra.edits, to: after)
                } catch {
                    throw .refused("\(path): front matter not edited: \(error.description)")
                }
            }
            guard after != contents.bytes else { continue }
            if index.symlinkedNotes.contains(path) || files.kind(path) == .symlink {
                plan.skipped.append(FileIssue(path: path, reason: "symlinked note; its links were not rewritten"))
                continue
            }
            let frontMatter = FrontMatterChange.between(contents.bytes, after)
            let newPath = rewriter.newPath(path)
            var step = FileStep.edit(
                newPath, before: FileFingerprint(bytes: contents.bytes, stamp: contents.stamp), afterHash: ContentHash.of(after),
                edits: extra?.edits ?? [], inverse: extra?.inverse ?? [], frontMatter: frontMatter)
            if frontMatter == nil {
                // Only the whole text makes the body's undo exact; a file that is not UTF-8 cannot be journaled so.
                guard let whole = WholeFileChange.between(contents.bytes, after) else {
                    plan.skipped.append(FileIssue(path: path, reason: "not UTF-8 text; its links were not rewritten"))
                    continue
                }
                step.wholeFile = whole
            }
            steps.append(step)
            plan.previews[PathKey(newPath)] = Plan.Preview(before: contents.bytes, after: after)
            if let rewrite, rewrite.changed > 0 {
                links += rewrite.changed
                changedNotes += 1
            }
        }
        plan.steps += steps
        if links > 0 {
            plan.messages.append("\(links) link\(links == 1 ? "" : "s") rewritten in \(changedNotes) note\(changedNotes == 1 ? "" : "s")")
        }
    }

    /// Adds the write of `.notez/order.yaml` that makes the manual order follow the plan's moves
    /// (`ManualOrder.following`); nothing when the order does not change.
    mutating func keepManualOrder() throws(NotezError) {
        let (movedNotes, movedFolders) = plannedMoves()
        guard !movedNotes.isEmpty || !movedFolders.isEmpty else { return }
        let order: ManualOrder
        do {
            order = try ManualOrder.load(root: index.root)
        } catch {
            // A broken order file must not stop a move; `ls` falls back to the usual order.
            plan.messages.append("\(ManualOrder.path) could not be read, so it was not updated: \(error.description)")
            return
        }
        let following = order.following(movedNotes: movedNotes, movedFolders: movedFolders)
        if following != order { try writeState(ManualOrder.path, text: following.rendered()) }
    }

    /// The plan's move steps: a move of a note of the index moves that note (old path → new
    /// path), any other move moves a folder with everything in it (or a file that is not a note).
    func plannedMoves() -> (notes: [String: String], folders: [(from: String, to: String)]) {
        var movedNotes: [String: String] = [:]
        var movedFolders: [(from: String, to: String)] = []
        let notePaths = Set(index.notes.map(\.path))
        for step in plan.steps where step.kind == .move {
            guard let to = step.to else { continue }
            if notePaths.contains(step.path) { movedNotes[step.path] = to } else { movedFolders.append((step.path, to)) }
        }
        return (movedNotes, movedFolders)
    }
}
