extension VaultCheck {
    /// Broken and ambiguous links of every note, in path order: from the index's links when it
    /// keeps them (only the notes with such a link are read, for the links' text), else by
    /// reading every note's body.
    ///
    /// Attachments are not checked here (with `files`, a link to any existing file is one) and links
    /// to the note itself are fine.
    public static func linkFindings(_ index: VaultIndex, files: AttachmentScan? = nil) -> [Finding] {
        let resolver = LinkResolver(index: index, files: files)
        let isFinding: @Sendable (LinkResolver.Resolution) -> Bool = { resolution in
            switch resolution {
            case .broken, .ambiguous: return true
            default: return false
            }
        }
        let keep: @Sendable (NoteLink, LinkResolver.Resolution) -> Bool = { isFinding($1) }
        let entries: [LinkGraph.Entry]
        if let stored = LinkGraph.storedLinks(in: index, resolver: resolver, keep: isFinding)?.entries {
            var sources: [String] = []
            for entry in stored where sources.last != entry.source { sources.append(entry.source) }
            entries = LinkGraph.read(sources, root: index.root, resolver: resolver, withContext: false, keep: keep).entries
        } else {
            entries = LinkGraph.scan(index: index, resolver: resolver, keep: keep).entries
        }
        return entries.map { entry in
            let shown = entry.text.count > 120 ? String(entry.text.prefix(119)) + "…" : entry.text
            switch entry.resolution {
            case .ambiguous(let paths):
                let listed = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? ", ..." : "")
                return Finding(
                    path: entry.source, line: entry.line,
                    message: "ambiguous link \(shown): \(paths.count) notes match (\(listed)); it opens \(paths[0]); write a path to choose")
            default:
                return Finding(path: entry.source, line: entry.line, message: "broken link \(shown): no note matches")
            }
        }
    }
}
