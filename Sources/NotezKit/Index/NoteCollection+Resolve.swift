extension NoteCollection {
    /// The position of the note at `path` (exact bytes); positions are in path order.
    public func position(ofPath path: String) -> Int? {
        PathKey.position(of: path, count: noteCount) { self.path(at: $0) }
    }

    /// The note a NOTE argument names: a relative path (with or without `.md`), else a unique file
    /// name (as Obsidian names notes), else a unique title, else a unique alias (`aliases:`). The
    /// one rule for the full index and the cached view: a cached view reads titles and paths from
    /// its records and decodes notes only for the aliases, the last resort.
    public func resolve(_ argument: String) throws(NotezError) -> Note {
        try NoteArgument.resolve(
            argument, root: root, count: noteCount, position: { self.position(ofPath: $0) }, path: { self.path(at: $0) },
            title: { self.title(at: $0) }, note: { self.note(atPosition: $0) }, called: { self.positions(calledBy: $0) })
    }
}
