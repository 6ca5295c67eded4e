extension VaultCheck {
    /// `init(index:extra:)` answered from the cached view, without the full index: each note's
    /// problem from its entry (decoded only for the notes whose record says they have one), the
    /// size limit from its stamp, the walk's problems, the folder clashes from the records'
    /// folders, the tag variants from the spellings section (`TagSpellings`). The same findings in
    /// the same order (`CheckFromCachedViewTests`); nil when the spellings section does not read.
    public init?(cached: CachedIndex, extra: [FileIssue] = []) {
        guard let spellings = TagSpellings.read(cached.image) else { return nil }
        let image = cached.image
        // notez's own files as the full index has them (with the trash's ignored items), then `extra`.
        var findings: [Finding] = []
        for issue in cached.stateProblems + TrashStore(root: cached.root).read().ignored + extra {
            findings.append(Finding(path: issue.path, message: issue.reason))
        }
        for position in 0..<cached.noteCount {
            let size = image.stamp(position).size
            guard image.hasProblem(position) || size > Int64(NoteReader.maxNoteSize) else { continue }
            let path = image.path(position)
            if image.hasProblem(position), let problem = cached.note(atPosition: position).problem {
                findings.append(Finding(path: path, line: problem.line, column: problem.column, message: problem.message))
            }
            if size > Int64(NoteReader.maxNoteSize) { findings.append(Finding(path: path, message: VaultCheck.oversizedMessage(size))) }
        }
        for (path, problem) in cached.walkProblems {
            findings.append(Finding(path: path, line: problem.line, column: problem.column, message: problem.message))
        }
        findings.sort { $0.path < $1.path }
        findings += VaultCheck.folderClashes(cached.folderTree)
        let keys = (0..<image.tagCount).map { TagKey(normalized: image.tagKey($0)) }
        findings += VaultCheck.tagVariants(spellings.map(\.uses), keys: keys) { cached.displayName(of: $0) }
        self.findings = findings
    }

    /// `bodyAndLinkFindings(_:links:attachments:)` answered from the cached view: each note's dates
    /// and conflict marker from its body facts (its file read when the cache has none), the links
    /// from the stored links and resolutions. Nil with `links` when the resolutions are not trusted
    /// or a note's stored list does not fit its links (the full index answers then).
    public static func bodyAndLinkFindings(_ cached: CachedIndex, links: Bool, attachments: Bool)
        -> (dates: [Finding], markers: [Int?], links: [Finding])?
    {
        guard !links || cached.trustsResolutions else { return nil }
        let image = cached.image
        let (count, root) = (cached.noteCount, cached.root)
        let slots = ResultSlots<([Finding], Int?)>(count: count)
        Parallel.forEach(count, minimumChunk: 512) { position in
            slots.set(position, VaultCheck.bodyFacts(cached, image, position, root: root))
        }
        let found = slots.values()
        var linkFindings: [Finding] = []
        if links {
            guard let made = VaultCheck.cachedLinkFindings(cached, attachments: attachments) else { return nil }
            linkFindings = made
        }
        return (found.flatMap(\.0), found.map(\.1), linkFindings)
    }

    /// Whether `check` can be answered from `cached`: its tag spellings section reads, and with
    /// `links` its stored resolutions are trusted (the view was proven current and made with the
    /// vault's link options).
    public static func answers(from cached: CachedIndex, links: Bool) -> Bool {
        (!links || cached.trustsResolutions) && TagSpellings.read(cached.image) != nil
    }

    /// The note's unreadable dates (none for a note with a problem) and first conflict-marker
    /// line, as `bodyFindings` finds them: from its body facts, else from its file. A symlinked
    /// note and one over the size limit are not read.
    private static func bodyFacts(_ cached: CachedIndex, _ image: CacheImage, _ position: Int, root: String) -> ([Finding], Int?) {
        guard image.stamp(position).size <= Int64(NoteReader.maxNoteSize) else { return ([], nil) }
        let problem = image.hasProblem(position) ? cached.note(atPosition: position).problem : nil
        guard problem?.kind != .symlink else { return ([], nil) }
        let path = image.path(position)
        if let stored = BodyFacts.decode(image.factBytes(position)) {
            let dates = problem == nil ? stored.dates.map { Finding(path: path, line: $0.line, column: $0.column, message: $0.message) } : []
            return (dates, stored.markerLine)
        }
        guard let contents = try? NoteReader.readAll(root + "/" + path) else { return ([], nil) }
        return (problem == nil ? unreadableDates(contents.bytes, path: path) : [], ConflictMarkers.firstLine(contents.bytes))
    }

    /// `linkFindings(_:attachments:cached:)` from the cached view's stored links and resolutions,
    /// the same findings in the same order: the broken and ambiguous links, then with
    /// `attachments` the missing and orphaned attachments. The stored links are resolved as
    /// `LinkGraph.storedLinks(in:resolutions:files:keep:)` resolves the full index's (a link
    /// stored as broken that names one of the vault's other files is an attachment link), and each
    /// note's findings are made as its links are decoded, on all cores, with their text from the
    /// stored parts or (`LinkGraph.withText`) the note's bytes: no array of every broken link is
    /// built and copied (318,000 at 100,000 notes). The whole vault's resolver is made only for a
    /// note that changed since the view was proven (it is then read and resolved afresh).
    /// Nil when a note's stored list does not fit its links (the full index answers then).
    private static func cachedLinkFindings(_ cached: CachedIndex, attachments: Bool) -> [Finding]? {
        let scan = attachments ? AttachmentScan(index: cached) : nil
        let resolver = OnDemandResolver {
            LinkResolver(targets: (0..<cached.noteCount).map { cached.linkTarget(at: $0) }, options: cached.linkOptions, files: scan)
        }
        let keep: @Sendable (NoteLink, LinkResolver.Resolution) -> Bool = { isFinding($1) }
        let (image, count, root) = (cached.image, cached.noteCount, cached.root)
        let chunk = 1024
        let parts = Parallel.map((count + chunk - 1) / chunk, minimumChunk: 1) { part -> (findings: [Finding], attached: [LinkGraph.Entry])? in
            var findings: [Finding] = []
            var attached: [LinkGraph.Entry] = []
            var group: [LinkGraph.Entry] = []
            for position in part * chunk..<min(count, (part + 1) * chunk) {
                let bytes = image.resolutionBytes(position)
                if bytes.isEmpty {
                    // No link, or links unknown; a list missing for known links is not this view's.
                    if let links = StoredLink.decode(image.linkBytes(position)), !links.isEmpty { return nil }
                    continue
                }
                guard let stored = StoredResolution.decode(bytes, noteCount: count) else { return nil }
                // Most notes' links all open a note: their links are not even decoded.
                if stored.allSatisfy({ if case .note = $0 { return true } else { return false } }) { continue }
                guard let links = StoredLink.decode(image.linkBytes(position)), links.count == stored.count else { return nil }
                let source = image.path(position)
                group.removeAll(keepingCapacity: true)
                var exact = true
                for (storedLink, item) in zip(links, stored) {
                    if case .note = item { continue }
                    var resolution = item.resolution { image.path($0) }
                    if resolution == .broken, scan?.resolve(storedLink.link, from: source).exists == true { resolution = .attachment }
                    if isFinding(resolution) {
                        let text = storedLink.link.textFromParts
                        if text == nil { exact = false }
                        group.append(
                            LinkGraph.Entry(
                                source: source, line: storedLink.line, link: storedLink.link, resolution: resolution, context: nil, text: text ?? ""))
                    } else if scan != nil, resolution == .attachment {
                        attached.append(
                            LinkGraph.Entry(source: source, line: storedLink.line, link: storedLink.link, resolution: resolution, context: nil, text: ""))
                    }
                }
                if group.isEmpty { continue }
                // A link whose text is not its parts is taken from the note's bytes, as the full index's path takes it.
                let texted = exact ? group : LinkGraph.withText(group, root: root, resolver: resolver, keep: keep).entries
                for entry in texted { findings.append(linkMessage(entry)) }
            }
            return (findings, attached)
        }
        var findings: [Finding] = []
        var attached: [LinkGraph.Entry] = []
        for part in parts {
            guard let part else { return nil }
            findings += part.findings
            attached += part.attached
        }
        guard let scan else { return findings }
        let unread = cached.unreadPositions.map { image.path($0) }
        let references = LinkGraph.attachmentReferences(scan, root: root, resolver: resolver, stored: (attached, unread))
        findings += attachmentMessages(references.references, scan: scan, notes: cached)
        return findings
    }
}
