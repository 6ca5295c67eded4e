/// Plans of note operations: `new`, `pin`/`unpin`, `tag add`/`tag remove`, and `edit`'s `modified` update.
public enum NotePlanner {
    /// `new TITLE`: a new note in `folder` (which must exist) named after the title; a clash gets ` 2`, ` 3`.
    /// The new path is in `plan.details["created"]`.
    public static func new(
        title: String, folder: String = "", tags: [String] = [], pinned: Bool = false, body: String = "",
        now: Double, index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "new", arguments: [title])
        var folderPath = try VaultPath.validated(folder)
        if files.kind(folderPath) != .folder { folderPath = try index.resolveFolder(folder).path }
        guard files.kind(folderPath) == .folder else { throw .folderNotFound(folder) }
        var cleanTags: [String] = []
        var keys: Set<TagKey> = []
        for raw in tags {
            let tag = try TagName.validated(raw)
            if keys.insert(TagKey(tag)).inserted { cleanTags.append(tag) }
        }
        let stem = NoteNaming.stem(for: title)
        let path = builder.freePath(folder: folderPath, name: stem + ".md")
        if path != VaultPath.join(folderPath, stem + ".md") {
            builder.plan.messages.append("a note named '\(stem).md' exists; created '\(VaultPath.name(of: path))'")
        }
        let text = NoteNaming.newNoteText(title: title, stem: stem, tags: cleanTags, pinned: pinned, body: body, now: now)
        builder.plan.steps.append(.write(path, contents: text, previous: nil))
        builder.plan.previews[PathKey(path)] = Plan.Preview(before: [], after: Array(text.utf8))
        builder.plan.details["created"] = [path]
        builder.warnIfIgnored(path)
        return builder.plan
    }

    /// The notes a running `notez watch` names for an edit of only the notes the NOTE `arguments`
    /// name (`pin`, `unpin`, `tag remove`, `set`), from its live `index`: those notes, which the
    /// client reads and plans from as from the whole index (`FocusSet.index`). An argument that
    /// names no single note throws, as the plan would.
    public static func focusSet(notes arguments: [String], index: VaultIndex) throws(NotezError) -> FocusSet? {
        var paths: [String] = []
        for argument in arguments { paths.append(try index.resolve(argument).path) }
        return FocusSet.of(index, notes: paths)
    }

    /// `pin`/`unpin NOTE...`.
    public static func setPinned(_ pinned: Bool, notes arguments: [String], index: VaultIndex, files: any VaultFiles) throws(NotezError)
        -> Plan
    {
        var builder = PlanBuilder(index: index, files: files, operation: pinned ? "pin" : "unpin", arguments: arguments)
        for note in try builder.resolveNotes(arguments) {
            if note.pinned == pinned {
                builder.plan.messages.append("\(note.path): already \(pinned ? "pinned" : "not pinned")")
                continue
            }
            builder.edit(
                note.path, [.setPinned(pinned)], inverse: [.setPinned(!pinned)],
                noChange: pinned ? "already pinned" : "not pinned")
        }
        return builder.plan
    }

    /// `tag add NOTE TAG...`: adds the tags the note does not have yet.
    public static func addTags(_ tags: [String], note argument: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan
    {
        var builder = PlanBuilder(index: index, files: files, operation: "tag add", arguments: [argument] + tags)
        let note = try index.resolve(argument)
        var missing: [String] = []
        var keys = Set(note.tagKeys)
        for raw in tags {
            let tag = try TagName.validated(raw)
            // A tag the vault already spells differently keeps the vault's spelling.
            let spelled = index.displayName(of: TagKey(tag)) ?? tag
            if keys.insert(TagKey(spelled)).inserted { missing.append(spelled) }
        }
        guard !missing.isEmpty else {
            builder.plan.messages.append("\(note.path): already has " + tags.joined(separator: ", "))
            return builder.plan
        }
        builder.edit(note.path, [.addTags(missing)], inverse: [.removeTags(missing.map { TagKey($0) })], noChange: "already has these tags")
        return builder.plan
    }

    /// `tag remove NOTE TAG...`: removes the tags (exactly, not their children) that the note has.
    public static func removeTags(_ tags: [String], note argument: String, index: VaultIndex, files: any VaultFiles) throws(NotezError)
        -> Plan
    {
        var builder = PlanBuilder(index: index, files: files, operation: "tag remove", arguments: [argument] + tags)
        let note = try index.resolve(argument)
        var present: [String] = []
        for raw in tags {
            let key = TagKey(try TagName.validated(raw))
            if let position = note.tagKeys.firstIndex(of: key), !present.contains(note.tags[position]) {
                present.append(note.tags[position])
            }
        }
        guard !present.isEmpty else {
            builder.plan.messages.append("\(note.path): does not have " + tags.joined(separator: ", "))
            return builder.plan
        }
        builder.edit(
            note.path, [.removeTags(present.map { TagKey($0) })], inverse: [.addTags(present)], noChange: "does not have these tags")
        return builder.plan
    }

    /// After `edit`: when the editor changed the file, a plan that sets `modified` to `now` on
    /// the saved content; an empty plan when nothing changed.
    ///
    /// A note without front matter gets none (no `modified:` block is added). For UTF-8 text the
    /// journal also keeps the whole file before the editor ran (`previousContents`) and after this
    /// plan (`contents`), so `notez undo` can restore the pre-edit bytes exactly: on the edit step,
    /// or, when notez changes nothing itself, on a `write` step whose contents are already on disk.
    public static func touchModified(path: String, before: [UInt8], now: Double, index: VaultIndex, files: any VaultFiles)
        throws(NotezError) -> Plan
    {
        var builder = PlanBuilder(index: index, files: files, operation: "edit", arguments: [path])
        guard let current = try files.read(path), current.bytes != before else { return builder.plan }
        var added = false
        if case .none = FrontMatterBlock.scan(current.bytes) {
            builder.plan.messages.append("\(path): no front matter; 'modified' not added")
        } else {
            var inverse: [FrontMatterEdit] = []
            if let old = metadata(of: before)?.modified {
                inverse = [.setModified(old.seconds)]
            }
            added = builder.edit(path, [.setModified(now)], inverse: inverse, noChange: "modified already current")
        }
        let after = added ? builder.plan.previews[PathKey(path)]?.after ?? current.bytes : current.bytes
        guard let beforeText = String(validating: before, as: UTF8.self), let afterText = String(validating: after, as: UTF8.self)
        else {
            builder.plan.messages.append(
                "\(path) is not UTF-8 text: the journal keeps only the 'modified' change, so notez undo cannot restore the editor's changes"
            )
            return builder.plan
        }
        if added, let last = builder.plan.steps.indices.last {
            builder.plan.steps[last].previousContents = beforeText
            builder.plan.steps[last].contents = afterText
        } else if !builder.plan.skipped.contains(where: { $0.path == path }) {
            // Nothing for notez to write; the step only journals the editor's change (it is already done).
            builder.plan.steps.append(.write(path, contents: afterText, previous: beforeText))
            builder.plan.previews[PathKey(path)] = Plan.Preview(before: before, after: after)
        }
        return builder.plan
    }

    /// The front matter metadata of a file's bytes, nil when it has none or it does not parse.
    static func metadata(of bytes: [UInt8]) -> NoteMetadata? {
        guard case .block(let block) = FrontMatterBlock.scan(bytes),
            case .success(let document) = FrontMatterDocument.parse(Array(bytes[block.yaml]), sliceStart: block.yaml.lowerBound)
        else { return nil }
        return NoteMetadata(document: document)
    }
}
