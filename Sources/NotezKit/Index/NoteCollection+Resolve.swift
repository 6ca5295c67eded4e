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
        var path = argument
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        for candidate in [path, path + ".md", path + ".markdown"] {
            if let position = position(ofPath: candidate) { return note(atPosition: position) }
        }
        let wanted = argument.lowercased()
        let all = 0..<noteCount
        // A file name without its folder (`Quarterly goals` for `Work/Quarterly goals.md`), when unique.
        let byName = all.filter { VaultPath.fileTitle(of: self.path(at: $0)).lowercased() == wanted }
        if byName.count == 1 { return note(atPosition: byName[0]) }
        if byName.count > 1 { throw .ambiguousNote(argument, candidates: byName.map { self.path(at: $0) }) }
        let byTitle = all.filter { title(at: $0).lowercased() == wanted }
        if byTitle.count == 1 { return note(atPosition: byTitle[0]) }
        if byTitle.count > 1 { throw .ambiguousNote(argument, candidates: byTitle.map { self.path(at: $0) }) }
        let byAlias = all.filter { note(atPosition: $0).aliases.contains { $0.lowercased() == wanted } }
        if byAlias.count == 1 { return note(atPosition: byAlias[0]) }
        if byAlias.count > 1 { throw .ambiguousNote(argument, candidates: byAlias.map { self.path(at: $0) }) }
        // A case-insensitive path is a convenience, used only when it is unique.
        let lowered = [path, path + ".md"].map { $0.lowercased() }
        let byPath = all.filter { lowered.contains(self.path(at: $0).lowercased()) }
        if byPath.count == 1 { return note(atPosition: byPath[0]) }
        throw .noteNotFound(argument)
    }
}
