/// Plans a `BodyEdit` of one note: the whole file is written (its front matter kept byte for byte,
/// `modified` set to now when the note has front matter, as after `notez edit`), journaled with
/// the text before and after so `notez undo` restores the exact bytes.
public enum BodyEditPlanner {
    /// The plan of `edit` on the note named by `argument`; throws when the note cannot be edited
    /// safely (a symlink, not UTF-8, an unclosed front matter block) or the edit's target is not
    /// found. An edit that changes nothing gives an empty plan with a message.
    public static func plan(_ edit: BodyEdit, note argument: String, now: Double, index: VaultIndex, files: any VaultFiles)
        throws(NotezError) -> Plan
    {
        let note = try index.resolve(argument)
        var builder = PlanBuilder(index: index, files: files, operation: "edit body", arguments: [note.path, edit.name])
        if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
            throw .refused("'\(note.path)' is a symlinked note; notez never writes through symlinks")
        }
        guard let contents = try files.read(note.path) else { throw .noteNotFound(argument) }
        let bytes = contents.bytes
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .refused("'\(note.path)' is not UTF-8 text; edit it in an editor")
        }
        switch FrontMatterBlock.scan(bytes) {
        case .unterminated, .tooLarge:
            throw .refused("'\(note.path)' has a front matter block that is not closed or is too large; fix it first (notez check)")
        case .none, .block: break
        }
        let start = FrontMatterBlock.bodyStart(bytes)
        let body = String(decoding: bytes[start...], as: UTF8.self)
        var after = Array(bytes[..<start]) + Array(try edit.apply(to: body).utf8)
        if after == bytes {
            builder.plan.messages.append("\(note.path): the edit changes nothing")
            return builder.plan
        }
        if case .block = FrontMatterBlock.scan(after), let touched = try? NoteEditor.apply([.setModified(now)], to: after) {
            after = touched
        }
        guard after.count <= NoteReader.maxNoteSize else {
            throw .refused("the edited note would be larger than the 32 MiB note size limit")
        }
        builder.plan.steps.append(.write(note.path, contents: String(decoding: after, as: UTF8.self), previous: text))
        builder.plan.previews[PathKey(note.path)] = Plan.Preview(before: bytes, after: after)
        return builder.plan
    }
}
