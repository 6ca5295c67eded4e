/// The one rule by which a NOTE argument names a note (`NoteCollection.resolve`), over any view
/// of a vault's notes by position: the full index, the cached view, or a `LinkFocus`.
enum NoteArgument {
    /// The note `argument` names among `count` notes in path order: a relative path (with or
    /// without `.md`), else a unique file name, else a unique title, else a unique alias, else a
    /// unique case-insensitive path. `called`, when the view has it, gives the notes called by a
    /// folded name (`NoteCollection.positions(calledBy:)`): the name, title and alias rules then
    /// look at those notes only, instead of every note.
    static func resolve(
        _ argument: String, root: String, count noteCount: Int, position: (String) -> Int?, path pathAt: (Int) -> String,
        title: (Int) -> String, note: (Int) -> Note, called: ((String) -> [Int]?)? = nil
    ) throws(NotezError) -> Note {
        var path = argument
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        for candidate in [path, path + ".md", path + ".markdown"] {
            if let position = position(candidate) { return note(position) }
        }
        let wanted = argument.lowercased()
        let wantedASCII = wanted.utf8.allSatisfy { $0 < 0x80 } ? Array(wanted.utf8) : nil
        // A note whose file name, title or alias lowercases to an ASCII `wanted` has that name's
        // folded key equal to `wanted`'s (ASCII is already in NFC); for other text the two rules
        // could differ in rare normalization cases, so every note is looked at.
        let all: [Int] = (wantedASCII != nil ? called?(LinkResolver.fold(argument)) : nil) ?? Array(0..<noteCount)
        // A file name without its folder (`Quarterly goals` for `Work/Quarterly goals.md`), when unique.
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
        let byPath = (0..<noteCount).filter { lowered.contains(pathAt($0).lowercased()) }
        if byPath.count == 1 { return note(byPath[0]) }
        throw .noteNotFound(argument)
    }

    /// `VaultPath.fileTitle(of: path).lowercased() == wanted`; for an ASCII file name and `wanted`
    /// compared on their bytes, A-Z lowered, without allocating (a NOTE given by name is compared
    /// with every note's this way). `ascii`: `wanted`'s bytes when it is ASCII.
    static func fileTitle(of path: String, is wanted: String, ascii: [UInt8]?) -> Bool {
        var path = path
        let byBytes = path.withUTF8 { bytes -> Bool? in
            // Other text is compared by the rule itself (canonical equivalence may join what bytes keep apart).
            guard let ascii else { return nil }
            var start = bytes.count
            while start > 0, bytes[start - 1] != 0x2F { start -= 1 }
            // Only the file name is compared: a folder's non-ASCII bytes do not matter.
            for at in start..<bytes.count where bytes[at] >= 0x80 { return nil }
            var end = bytes.count
            if NoteArgument.hasSuffix(NoteArgument.md, bytes, start: start, end: end) {
                end -= NoteArgument.md.count
            } else if NoteArgument.hasSuffix(NoteArgument.markdown, bytes, start: start, end: end) {
                end -= NoteArgument.markdown.count
            }
            guard end - start == ascii.count else { return false }
            for offset in 0..<ascii.count where ASCIIBytes.lowercased(bytes[start + offset]) != ascii[offset] { return false }
            return true
        }
        return byBytes ?? (VaultPath.fileTitle(of: path).lowercased() == wanted)
    }

    private static let md = Array(".md".utf8)
    private static let markdown = Array(".markdown".utf8)

    /// Whether `bytes[start..<end]` is longer than `suffix` and ends with it, A-Z lowered (the
    /// extension is matched in any case, as `VaultPath.fileTitle` does).
    private static func hasSuffix(_ suffix: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        guard end - start > suffix.count else { return false }
        let from = end - suffix.count
        for offset in 0..<suffix.count where ASCIIBytes.lowercased(bytes[from + offset]) != suffix[offset] { return false }
        return true
    }
}
