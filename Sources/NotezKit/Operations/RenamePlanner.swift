import Foundation

/// Plans of `rename NOTE "New title"`: the file gets the name `new` would give the title (in the
/// same folder), the `title:` field follows, and every link to the note is rewritten
/// (`PlanBuilder.keepLinks`), all in one plan.
public enum RenamePlanner {
    /// Renames the note `argument` to `newTitle`. A name taken by another file is refused, never
    /// overwritten or numbered. `title:` is replaced when present, and added when the file name
    /// cannot carry the title (as `new` does); a first `# Heading` is left as written.
    public static func rename(note argument: String, to newTitle: String, index: VaultIndex, files: any VaultFiles) throws(NotezError)
        -> Plan
    {
        try rename(index.resolve(argument), argument: argument, to: newTitle, index: index, files: files)
    }

    /// `rename(note:to:index:files:)` planned from the index cache (`LinkFocus`): the same plan,
    /// made from an index of only the notes whose links the rename can touch and the notes those
    /// links may name.
    public static func rename(note argument: String, to newTitle: String, focus: LinkFocus, files: any VaultFiles) throws(NotezError)
        -> Plan
    {
        let note = try focus.resolve(argument)
        // A title that gives no file name is refused by the plan, after the checks that come first.
        let named = try? naming(note, newTitle)
        // A rename moves no attachment: only the links that find the note are rewritten.
        let index = focus.index(moving: [note.path: (path: named?.target ?? note.path, title: named?.title)], resolvingEveryLink: false)
        return try rename(note, argument: argument, to: newTitle, index: index, files: files)
    }

    /// The notes a running `notez watch` names for the client to plan this rename from
    /// (`FocusSet`), from its live `index`; nil when the index keeps no links or the set is too big.
    /// An argument that names no single note throws, as the plan would.
    public static func focusSet(
        note argument: String, to newTitle: String, index: VaultIndex, provesFree: (String) -> Bool = { _ in false }
    ) throws(NotezError) -> FocusSet? {
        let note = try index.resolve(argument)
        let named = try? naming(note, newTitle)
        var set = FocusSet.of(
            index, notePath: note.path, moving: [note.path: (path: named?.target ?? note.path, title: named?.title)], resolvingEveryLink: false)
        if let target = named?.target, set != nil, provesFree(target) { set?.freeTargets = [target] }
        return set
    }

    /// `rename(note:to:index:files:)` planned from the index of a `FocusSet` (`FocusSet.index`),
    /// whose note `notePath` the watch resolved the argument to: the same plan.
    /// `freeTargets`: the new paths the watch proved free (`FocusSet.freeTargets`), not listed again.
    public static func rename(
        note argument: String, to newTitle: String, focused index: VaultIndex, notePath: String, freeTargets: [String] = [],
        files: any VaultFiles
    ) throws(NotezError) -> Plan {
        guard let note = index.note(at: notePath) else { throw .refused("\(notePath) no longer exists") }
        return try rename(note, argument: argument, to: newTitle, index: index, files: files, freeTargets: freeTargets)
    }

    /// The new title (trimmed) and the path it gives the note.
    private static func naming(_ note: Note, _ newTitle: String) throws(NotezError) -> (title: String, target: String) {
        let title = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        let stem = NoteNaming.stem(for: title)
        if title.isEmpty || (stem == "Untitled" && title != "Untitled") {
            throw .invalidName(newTitle, reason: "it gives no file name")
        }
        let name = stem + PlanBuilder.split(VaultPath.name(of: note.path)).1
        return (title, VaultPath.join(note.folder, name))
    }

    private static func rename(
        _ note: Note, argument: String, to newTitle: String, index: VaultIndex, files: any VaultFiles, freeTargets: [String] = []
    ) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "rename", arguments: [argument, newTitle])
        builder.provenFree = freeTargets
        if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
            throw .refused("\(note.path) is a symlink; notez never moves or writes through symlinks")
        }
        let (title, target) = try naming(note, newTitle)
        let stem = NoteNaming.stem(for: title)
        let name = VaultPath.name(of: target)
        guard let contents = try files.read(note.path) else { throw .refused("\(note.path) no longer exists") }
        // The key as the note spells it (`Title:` is read as the title too).
        let key =
            (try? FrontMatterSpanMap.read(contents.bytes))??.document.entries
            .first { FrontMatterKeys.title.contains($0.key.lowercased()) }?.key ?? "title"
        let oldTitleText = try? FrontMatterEditor.propertyText(key, in: contents.bytes)
        var edits: [FrontMatterEdit] = []
        var inverse: [FrontMatterEdit] = []
        let titleText = " " + NoteNaming.scalar(title, flow: false)
        if let oldTitleText = oldTitleText ?? nil {
            if oldTitleText != titleText {
                edits = [.setProperty(key, text: titleText)]
                inverse = [.setProperty(key, text: oldTitleText)]
            }
        } else if stem != title {
            edits = [.setProperty("title", text: titleText)]
            inverse = [.removeProperty("title")]
        }
        let renames = !PathKey.sameBytes(target, note.path)
        if renames {
            // A case-only rename (`note.md` → `Note.md`) is the same file on a case-insensitive disk.
            if target.lowercased() != note.path.lowercased(), builder.isTaken(target) {
                let existing = files.names(in: note.folder).first { $0.lowercased() == name.lowercased() } ?? name
                throw .refused("cannot rename to '\(name)': '\(VaultPath.join(note.folder, existing))' exists")
            }
            builder.move(note.path, to: target)
            builder.warnIfIgnored(target)
        }
        if !renames && edits.isEmpty {
            builder.plan.messages.append("\(note.path): already named '\(title)'")
            return builder.plan
        }
        // The note's title after the rename, for links by title: the new title unless a heading gives it.
        let fromHeading = oldTitleText == nil && note.title != VaultPath.fileTitle(of: note.path)
        try builder.keepLinks(
            newTitles: fromHeading && edits.isEmpty ? [:] : [note.path: title],
            frontMatterEdits: edits.isEmpty ? [:] : [note.path: (edits, inverse)])
        try builder.keepManualOrder()
        if renames { builder.plan.messages.insert("rename \(note.path) -> \(target)", at: 0) }
        return builder.plan
    }
}
