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
        let wantedASCII = wanted.utf8.allSatisfy { $0 < 0x80 } ? Array(wanted.utf8) : nil
        let byName = all.filter { NoteArgument.fileTitle(of: pathAt($0), is: wanted, ascii: wantedASCII) }
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

    /// `VaultPath.fileTitle(of: path).lowercased() == wanted`; for an ASCII path compared on its
    /// bytes, A-Z lowered (a graph term resolved NOTE this way on every note: a third of its time).
    /// `ascii`: `wanted`'s bytes when it is ASCII (an ASCII path never lowercases to anything else).
    static func fileTitle(of path: String, is wanted: String, ascii: [UInt8]?) -> Bool {
        var path = path
        let byBytes = path.withUTF8 { bytes -> Bool? in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            guard let ascii else { return false }
            func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            var start = bytes.count
            while start > 0, bytes[start - 1] != 0x2F { start -= 1 }
            var end = bytes.count
            for ext in [Array(".md".utf8), Array(".markdown".utf8)] where end - start > ext.count {
                if zip(bytes[(end - ext.count)...], ext).allSatisfy({ lower($0) == $1 }) {
                    end -= ext.count
                    break
                }
            }
            return end - start == ascii.count && zip(bytes[start..<end], ascii).allSatisfy { lower($0) == $1 }
        }
        return byBytes ?? (VaultPath.fileTitle(of: path).lowercased() == wanted)
    }
}
