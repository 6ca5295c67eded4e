extension VaultCheck {
    /// Broken and ambiguous links of every note, in path order: from the index's links when it
    /// keeps them (only the notes with such a link are read, for the links' text), else by
    /// reading every note's body.
    ///
    /// Attachments are not checked here (with `files`, a link to any existing file is one) and links
    /// to the note itself are fine.
    public static func linkFindings(_ index: VaultIndex, files: AttachmentScan? = nil) -> [Finding] {
        linkFindings(index, resolver: OnDemandResolver(ready: LinkResolver(index: index, files: files)), stored: nil)
    }

    /// `linkFindings`, then (with `attachments`) `attachmentFindings`, with one listing of the
    /// vault's files, one resolver and every stored link resolved once (what `notez check` runs).
    public static func linkFindings(_ index: VaultIndex, attachments: Bool) -> [Finding] {
        linkFindings(index, attachments: attachments, cached: CachedCheckData(index: index, facts: false))
    }

    /// `bodyFindings`, and with `links` `linkFindings(_:attachments:)`, from one reading of the
    /// index cache (`CachedCheckData`: the notes' body facts and the links' resolutions).
    public static func bodyAndLinkFindings(_ index: VaultIndex, links: Bool, attachments: Bool)
        -> (dates: [Finding], markers: [Int?], links: [Finding])
    {
        let cached = CachedCheckData(index: index)
        let bodies = bodyFindings(index, cached: cached)
        return (bodies.dates, bodies.markers, links ? linkFindings(index, attachments: attachments, cached: cached) : [])
    }

    /// `linkFindings(_:attachments:)` with the cache's data (nil: every link is resolved here).
    /// The cache's resolutions answer when they are the index's: then nothing is resolved, and
    /// the whole vault's resolver is made only if a note must be read again and changed since.
    static func linkFindings(_ index: VaultIndex, attachments: Bool, cached: CachedCheckData?) -> [Finding] {
        let scan = attachments ? AttachmentScan(index: index) : nil
        let resolver = OnDemandResolver { LinkResolver(index: index, files: scan) }
        let keep: @Sendable (LinkResolver.Resolution) -> Bool = { isFinding($0) || (attachments && $0 == .attachment) }
        let stored = cached?.resolutions.flatMap { LinkGraph.storedLinks(in: index, resolutions: $0, files: scan, keep: keep) }
            ?? LinkGraph.storedLinks(in: index, resolver: resolver.resolver, keep: keep)
        // One pass splits the stored links (318,000 at 100,000 notes: each copy retains their strings).
        var broken: [LinkGraph.Entry]? = stored?.entries
        var attached: [LinkGraph.Entry] = []
        if attachments, let entries = stored?.entries {
            var kept: [LinkGraph.Entry] = []
            kept.reserveCapacity(entries.count)
            for entry in entries {
                if entry.resolution == .attachment { attached.append(entry) } else if isFinding(entry.resolution) { kept.append(entry) }
            }
            broken = kept
        }
        var links = linkFindings(index, resolver: resolver, stored: broken)
        guard let scan else { return links }
        // Appended in place: the link findings are not copied again.
        links += attachmentFindings(index, scan: scan, resolver: resolver, stored: stored.map { (attached, $0.unread) })
        return links
    }

    static let isFinding: @Sendable (LinkResolver.Resolution) -> Bool = { resolution in
        switch resolution {
        case .broken, .ambiguous: return true
        default: return false
        }
    }

    /// The findings of the broken and ambiguous links among `stored` (the index's, resolved), or
    /// of every link when nil: from the index's links when it keeps them, else read.
    private static func linkFindings(_ index: VaultIndex, resolver: OnDemandResolver, stored given: [LinkGraph.Entry]?) -> [Finding] {
        let keep: @Sendable (NoteLink, LinkResolver.Resolution) -> Bool = { isFinding($1) }
        let entries: [LinkGraph.Entry]
        if let stored = given ?? LinkGraph.storedLinks(in: index, resolver: resolver.resolver, keep: isFinding)?.entries {
            entries = LinkGraph.withText(stored, root: index.root, resolver: resolver, keep: keep).entries
        } else {
            entries = LinkGraph.scan(index: index, resolver: resolver.resolver, keep: keep).entries
        }
        return linkMessages(entries)
    }

    /// The findings of resolved broken and ambiguous links with their text.
    static func linkMessages(_ entries: [LinkGraph.Entry]) -> [Finding] {
        // Made on all cores: the generated 100k vault has 318,000 of them.
        Parallel.map(entries.count, minimumChunk: 4096) { linkMessage(entries[$0]) }
    }

    /// The finding of one resolved broken or ambiguous link with its text.
    static func linkMessage(_ entry: LinkGraph.Entry) -> Finding {
        let shown = VaultCheck.shown(entry.text)
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
