/// The one rule by which a NOTE argument names a note (`NoteCollection.resolve`), over any view
/// of a vault's notes by position: the full index, the cached view, or a `LinkFocus`.
enum NoteArgument {
    /// The note `argument` names among `count` notes in path order: a relative path (with or
    /// without `.md`), else a unique file name, else a unique title, else a unique alias, else a
    /// unique case-insensitive path.
    static func resolve(
        _ argument: String, root: String, count noteCount: Int, position: (String) -> Int?, path pathAt: (Int) -> String,
        title: (Int) -> String, note: (Int) -> Note
    ) throws(NotezError) -> Note {
        var path = argument
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        for candidate in [path, path + ".md", path + ".markdown"] {
            if let position = position(candidate) { return note(position) }
        }
        let wanted = argument.lowercased()
        let all = 0..<noteCount
        // A file name without its folder (`Quarterly goals` for `Work/Quarterly goals.md`), when unique.
        let byName = all.filter { VaultPath.fileTitle(of: pathAt($0)).lowercased() == wanted }
        if byName.count == 1 { return note(byName[0]) }
        if byName.count > 1 { throw .ambiguousNote(argument, candidates: byName.map { pathAt($0) }) }
        let byTitle = all.filter { title($0).lowercased() == wanted }
        if byTitle.count == 1 { return note(byTitle[0]) }
        if byTitle.count > 1 { throw .ambiguousNote(argument, candidates: byTitle.map { pathAt($0) }) }
        let byAlias = all.filter { note($0).aliases.contains { $0.lowercased() == wanted } }
        if byAlias.count == 1 { return note(byAlias[0]) }
        if byAlias.count > 1 { throw .ambiguousNote(argument, candidates: byAlias.map { pathAt($0) }) }
        // A case-insensitive path is a convenience, used only when it is unique.
        let lowered = [path, path + ".md"].map { $0.lowercased() }
        let byPath = all.filter { lowered.contains(pathAt($0).lowercased()) }
        if byPath.count == 1 { return note(byPath[0]) }
        throw .noteNotFound(argument)
    }
}
