/// The one rule for a symlinked note in every front end that is not the owner's own shell (the
/// web UI and its API, MCP, exports): its text may be any file the symlink names, inside the
/// vault or outside it (`ln -s /etc/passwd passwd.md`), and may be retargeted at any moment, so
/// no such front end reads it: it is no list entry, search result, snippet, backlink or
/// resource; only `check` lists it.
extension VaultIndex {
    /// Whether a front end may list the note at `path` and read its text: false for a symlinked note.
    public func isExposed(_ path: String) -> Bool { symlinkedNotes.isEmpty || !symlinkedNotes.contains(path) }

    /// `notes` without the ones no front end may show, in their order.
    public func exposed<Notes: Sequence<Note>>(_ notes: Notes) -> [Note] {
        symlinkedNotes.isEmpty ? Array(notes) : notes.filter { !symlinkedNotes.contains($0.path) }
    }
}

extension VaultIndex {
    /// False for a symlinked note (by path: most vaults have none, and then no note is read).
    public func isExposed(at position: Int) -> Bool { symlinkedNotes.isEmpty || isExposed(path(at: position)) }
}
