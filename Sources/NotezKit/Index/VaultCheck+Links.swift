extension VaultCheck {
    /// Broken and ambiguous links of every note, in path order: from the index's links when it
    /// keeps them (only the notes with such a link are read, for the links' text), else by
    /// reading every note's body.
    ///
    /// Attachments are not checked here (with `files`, a link to any existing file is one) and links
    /// to the note itself are fine.
    public static func linkFindings(_ index: VaultIndex, files: AttachmentScan? = nil) -> [Finding] {
        linkFindings(index, resolver: LinkResolver(index: index, files: files), stored: nil)
    }

    /// `linkFindings`, then (with `attachments`) `attachmentFindings`, with one listing of the
    /// vault's files, one resolver and every stored link resolved once (what `notez check` runs).
    public static func linkFindings(_ index: VaultIndex, attachments: Bool) -> [Finding] {
        guard attachments else { return linkFindings(index) }
        let scan = AttachmentScan(index: index)
        let resolver = LinkResolver(index: index, files: scan)
        let keep: (LinkResolver.Resolution) -> Bool = { isFinding($0) || $0 == .attachment }
        // The cache's resolutions when they answer for this index: then only its broken links are
        // resolved again (the vault's files can make one an attachment link).
        let stored = CachedCheckData(index: index)?.resolutions.flatMap {
            LinkGraph.storedLinks(in: index, resolutions: $0, refining: resolver, keep: keep)
        } ?? LinkGraph.storedLinks(in: index, resolver: resolver, keep: keep)
        return linkFindings(index, resolver: resolver, stored: stored?.entries.filter { isFinding($0.resolution) })
            + attachmentFindings(index, scan: scan, resolver: resolver, stored: stored.map { ($0.entries.filter { $0.resolution == .attachment }, $0.unread) })
    }

    private static let isFinding: @Sendable (LinkResolver.Resolution) -> Bool = { resolution in
        switch resolution {
        case .broken, .ambiguous: return true
        default: return false
        }
    }

    /// The findings of the broken and ambiguous links among `stored` (the index's, resolved), or
    /// of every link when nil: from the index's links when it keeps them, else read.
    private static func linkFindings(_ index: VaultIndex, resolver: LinkResolver, stored given: [LinkGraph.Entry]?) -> [Finding] {
        let keep: @Sendable (NoteLink, LinkResolver.Resolution) -> Bool = { isFinding($1) }
        let entries: [LinkGraph.Entry]
        if let stored = given ?? LinkGraph.storedLinks(in: index, resolver: resolver, keep: isFinding)?.entries {
            entries = LinkGraph.withText(stored, root: index.root, resolver: resolver, keep: keep).entries
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
