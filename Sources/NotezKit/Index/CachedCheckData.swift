/// What `notez check` takes from the index cache instead of reading every note: each note's
/// `BodyFacts` when the cache records the note with the same path and stamp, and every note's
/// stored resolutions when the cache records exactly the index's notes (same paths and stamps,
/// same order) with the vault's link options (`StoredResolution`). Notes without a current record
/// are read as before, so a missing or older cache costs time, never a finding.
struct CachedCheckData {
    /// Per note of the index: its facts, nil when the cache has no current record of it.
    let facts: [BodyFacts?]
    /// Per note of the index: its stored resolutions' bytes, when they answer for the whole index.
    let resolutions: [[UInt8]]?

    /// The data of the cache of `index`'s vault; nil when there is no usable cache. Without
    /// `facts`, only the resolutions are taken (every fact is nil).
    init?(index: VaultIndex, facts wantsFacts: Bool = true) {
        guard let folder = IndexCache.folderPath(root: index.root), (try? UserFolders.check(folder)) != nil,
            let file = MappedFile(path: folder + "/" + IndexCache.fileName),
            let image = CacheImage(file.contents, titleFromHeading: index.config.titleFromHeading, checkingTables: false)
        else { return nil }
        let notes = index.notes
        let word = image.resolutionWord
        let wanted = StoredResolution.word(LinkResolver.Options(config: index.config))
        // The image reads the mapping: it is kept alive until everything kept is copied out.
        (facts, resolutions) = withExtendedLifetime(file) {
            CachedCheckData.join(notes, image, facts: wantsFacts, resolutionsWanted: word != 0 && word == wanted)
        }
    }

    private static func join(_ notes: [Note], _ image: CacheImage, facts wantsFacts: Bool, resolutionsWanted: Bool) -> ([BodyFacts?], [[UInt8]]?) {
        var facts = [BodyFacts?](repeating: nil, count: notes.count)
        var matched = 0
        image.joinByPath(notes) { position, record in
            if wantsFacts { facts[position] = BodyFacts.decode(image.factBytes(record)) }
            if position == record { matched += 1 }
        }
        let exact = image.noteCount == notes.count && matched == notes.count
        guard exact, resolutionsWanted else { return (facts, nil) }
        return (facts, (0..<notes.count).map { Array(image.resolutionBytes($0)) })
    }
}
