import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds a `VaultIndex` from disk: walk, then read notes on all cores.
public enum IndexBuilder {
    /// Reads the whole vault at `root`; with `useCache`, reuses the cache (outside the vault, see
    /// `IndexCache`) for unchanged files and writes it back when something changed.
    public static func build(root: String, useCache: Bool = true) throws(NotezError) -> VaultIndex {
        try build(root: root, useCache: useCache, deferringLargeWrites: false)
    }

    /// As `build`; with `deferringLargeWrites`, a read of `deferredWriteThreshold` notes or more
    /// writes no cache (`VaultIndex.cacheWriteDeferred`): the caller answers first and refreshes the
    /// cache after (`refreshCache`, run by `notez index` in the background).
    static func build(root: String, useCache: Bool, deferringLargeWrites: Bool) throws(NotezError) -> VaultIndex {
        let settings = Settings(root: root)
        return build(
            root: root, settings: settings, listing: VaultWalker(root: root, ignore: settings.config.ignore).walk(), useCache: useCache,
            deferral: deferringLargeWrites ? .keepLinks : .never)
    }

    /// From this many notes to read afresh, a read that may defer the cache leaves it unwritten.
    /// Writing costs more than reading (text signatures, every link resolved, the encoding): on the
    /// 16k corpus it was 60% of a first query's samples in `perf`. Below, the write is a few milliseconds.
    static let deferredWriteThreshold = 1_000

    /// Whether a read may leave the cache unwritten, and what it still reads from each note.
    enum Deferral: Equatable {
        /// Always writes the cache when something changed.
        case never
        /// Defers; the index keeps each note's links (a full index).
        case keepLinks
        /// Defers; notes only (a query that follows no link), with their snippets unless the answer prints none.
        case notesOnly(snippets: Bool)

        /// Whether a deferred read leaves the links out.
        var leavesLinksOut: Bool {
            if case .notesOnly = self { return true }
            return false
        }
    }

    /// The notes of the vault at `root` for a query: straight from the memory-mapped cache when no
    /// note changed since it was written (`CachedIndex`: nothing is decoded but what the query
    /// reads and prints), else the full index, which writes the cache again for the next run.
    /// The cache is proven current by the folder stamps of the last walk that matched it
    /// (`WalkSnapshot`: no folder listed) or else by a walk, after which the stamps are saved.
    public static func collection(root: String) -> any NoteCollection { collection(root: root, deferringLargeWrites: false) }

    /// As `collection`; with `deferringLargeWrites`, a full read of many notes writes no cache (see
    /// `build`), and without `snippets` (an answer that prints none) makes no snippets either.
    /// With a `screen`, such a read leaves out the notes it rules out (their bytes are read, not
    /// parsed): the index then holds only the notes a query may match, for an answer that prints
    /// only their paths or count.
    static func collection(root: String, deferringLargeWrites: Bool, snippets: Bool = true, screen: NoteScreen? = nil) -> any NoteCollection {
        let settings = Settings(root: root)
        let (cached, listing) = cachedView(root: root, settings: settings)
        if let cached { return cached }
        return build(
            root: root, settings: settings, listing: listing!, useCache: true,
            deferral: deferringLargeWrites ? .notesOnly(snippets: snippets) : .never, screen: screen)
    }

    /// The cached view of the vault at `root` when the cache proves itself current (as
    /// `collection` finds it), else nil: nothing is read or built (`check` then builds the full index).
    static func cachedView(root: String) -> CachedIndex? { cachedView(root: root, settings: Settings(root: root)).cached }

    /// The cached view when current, else the walk's listing that did not match it.
    private static func cachedView(root: String, settings: Settings) -> (cached: CachedIndex?, listing: VaultWalker.Listing?) {
        let cacheFolder = IndexCache.folderPath(root: root).flatMap { (try? UserFolders.check($0)) != nil ? $0 : nil }
        let cachePath = cacheFolder.map { $0 + "/" + IndexCache.fileName }
        let known = cacheFolder.flatMap { WalkSnapshot.load(folder: $0) }
        if let cachePath, let known, let cached = CachedIndex(root: root, settings: settings, snapshot: known, cachePath: cachePath) {
            return (cached, nil)
        }
        // Without a cache file (a vault never seen) no stamp would be compared with anything: the
        // walk then takes none, and the reader's `fstat` gives each note's.
        let hasCache = cachePath.map { SystemIO.lstat($0) != nil } ?? false
        let listing = VaultWalker(root: root, ignore: settings.config.ignore).walk(stamps: hasCache)
        if let cachePath, hasCache, let cached = CachedIndex(root: root, settings: settings, listing: listing, cachePath: cachePath) {
            if let snapshot = WalkSnapshot(listing: listing, generation: cached.cacheGeneration, ignore: settings.config.ignore),
                snapshot != known
            {
                try? snapshot.save(root: root)
            }
            return (cached, nil)
        }
        return (nil, listing)
    }

    private static func build(
        root: String, settings: Settings, listing: VaultWalker.Listing, useCache: Bool, deferral: Deferral, screen: NoteScreen? = nil
    ) -> VaultIndex {
        @Sendable func index(_ notes: [Note]) -> VaultIndex {
            settings.index(notes: notes, folders: listing.folders, symlinkedNotes: listing.symlinkedNotes, walkProblems: listing.problems)
        }
        let titleFromHeading = settings.config.titleFromHeading
        guard useCache else { return index(readNotes(listing.notes, root: root, titleFromHeading: titleFromHeading)) }
        let read = readNotesUsingCache(
            listing.notes, stamps: listing.stamps, symlinked: listing.symlinkedNotes, root: root, titleFromHeading: titleFromHeading,
            linkOptions: LinkResolver.Options(config: settings.config), deferral: deferral, screen: screen)
        let writes = read.writes
        // The index is built while the cache and the title table are written: each job on a core.
        let built = ResultSlots<VaultIndex>(count: 1)
        Parallel.forEach(writes.count + 1, minimumChunk: 1) { job in
            guard job == writes.count else { return writes[job]() }
            var made = index(read.notes)
            if let links = read.links { made.linkTable = LinkTable(stored: links) }
            made.cacheWriteDeferred = read.deferred
            made.notesRead = read.readCount
            built.set(0, made)
        }
        return built.takeValues()[0]
    }

    /// The vault's settings, tag registry, folder colors and trash in an index without notes or
    /// folders (nothing is walked or read): enough to plan a capture, which only creates a note.
    public static func settingsIndex(root: String) -> VaultIndex {
        Settings(root: root).index(notes: [], folders: [], symlinkedNotes: [], walkProblems: [])
    }

    /// The vault's folders (walked; no note is read) and settings in an index without notes: enough
    /// to resolve a folder argument by the one folder rule (`VaultIndex.resolveFolder`).
    static func folderIndex(root: String) -> VaultIndex {
        let settings = Settings(root: root)
        let listing = VaultWalker(root: root, ignore: settings.config.ignore).walk(stamps: false)
        return settings.index(notes: [], folders: listing.folders, symlinkedNotes: [], walkProblems: listing.problems)
    }

    /// notez's own files of a vault, read with the rule that a bad file degrades to the defaults
    /// with a warning and never stops notez.
    struct Settings {
        let root: String
        var problems: [FileIssue] = []
        var config = VaultConfig()
        var registry = TagRegistry()
        var colors = FolderColors()

        init(root: String) {
            self.root = root
            config = loaded(".notez/config.yaml", VaultConfig()) { () throws(NotezError) in try VaultConfig.load(root: root) }
            registry = loaded(".notez/tags.yaml", TagRegistry()) { () throws(NotezError) in try TagRegistry.load(root: root) }
            colors = loaded(".notez/folders.yaml", FolderColors()) { () throws(NotezError) in try FolderColors.load(root: root) }
            for name in [".notez/tags.yaml", ".notez/folders.yaml"] { problems += NotezStateFile.colorProblems(root: root, relative: name) }
        }

        private mutating func loaded<Value>(_ name: String, _ fallback: Value, _ load: () throws(NotezError) -> Value) -> Value {
            do {
                return try load()
            } catch .unreadable(let path, let reason) {
                problems.append(FileIssue(path: path, reason: reason + "; using the defaults"))
                return fallback
            } catch {
                problems.append(FileIssue(path: name, reason: error.description + "; using the defaults"))
                return fallback
            }
        }

        func index(
            notes: [Note], folders: [String], symlinkedNotes: Set<String>, walkProblems: [(path: String, problem: NoteProblem)]
        ) -> VaultIndex {
            let trash = TrashStore(root: root).read()
            return VaultIndex(
                root: root, config: config, notes: notes, folders: folders, symlinkedNotes: symlinkedNotes,
                registry: registry, folderColors: colors, trashCount: trash.items.count, walkProblems: walkProblems,
                stateProblems: problems + trash.ignored)
        }
    }

    /// Reads notes in parallel; order of the result follows `paths`.
    static func readNotes(_ paths: [String], root: String, titleFromHeading: Bool = false) -> [Note] {
        let results = ResultSlots<Note>(count: paths.count)
        Parallel.forEach(paths.count) { index in
            results.set(index, NoteReader.note(relativePath: paths[index], root: root, titleFromHeading: titleFromHeading))
        }
        return results.values()
    }
}

extension IndexBuilder {
    /// What `readNotesUsingCache` read: the notes, their links (`LinkTable.stored`, same order; nil
    /// when a deferred read left them out), the writes to make, whether the cache write was
    /// deferred, and how many notes were read afresh.
    struct CacheRead {
        let notes: [Note]
        let links: [[UInt8]]?
        let writes: [@Sendable () -> Void]
        let deferred: Bool
        let readCount: Int
    }

    /// Stats every path and reads only notes whose stamp differs from the cache; returns the notes,
    /// their links and the writes to make: the cache, when a storable note was read or a cached one
    /// disappeared, and the title table, when a note was read. A cache that cannot be written is
    /// not an error: the index is complete without it. With a `deferral` and at least
    /// `deferredWriteThreshold` notes to read, nothing is written and each note is read only for
    /// what the index needs (no text signature, no body facts; links when `.keepLinks`; no snippet
    /// when `.notesOnly(snippets: false)`).
    /// `stamps` are the walk's (taken the same way), used when there is one per path. With
    /// `symlinked` (the walk's symlinked notes), `paths` come from that walk, which saw every other
    /// one as a regular file: the reader then opens it without a `stat` first. With a `screen` and
    /// a deferred read, a note read afresh that the screen rules out (by its folder before it is
    /// opened, else by its bytes) is left out of the notes.
    static func readNotesUsingCache(
        _ paths: [String], stamps: [FileStamp?] = [], symlinked: Set<String>? = nil, root: String, titleFromHeading: Bool = false,
        linkOptions: LinkResolver.Options = LinkResolver.Options(), deferral: Deferral = .never, screen: NoteScreen? = nil
    ) -> CacheRead {
        let cache = IndexCache.load(root: root, titleFromHeading: titleFromHeading)
        let cached = cache?.notes ?? []
        let matches = cache?.positions(matching: paths) ?? []
        // Which cached entry each path reuses (-1: read afresh); `stat` follows a symlinked note,
        // as the reader's `fstat` does, so stamps agree.
        let reuseSlots = ResultSlots<Int>(count: paths.count)
        Parallel.forEach(paths.count) { index in
            guard !matches.isEmpty, matches[index] >= 0,
                let stamp = stamps.count == paths.count ? stamps[index] : stamp(root + "/" + paths[index]),
                cached[matches[index]].stamp == stamp
            else { return reuseSlots.set(index, -1) }
            reuseSlots.set(index, matches[index])
        }
        let reuse = reuseSlots.takeValues()
        let readCount = reuse.lazy.filter { $0 < 0 }.count
        let deferred = deferral != .never && readCount >= deferredWriteThreshold
        let results = ResultSlots<Note>(count: paths.count)
        let signatures = ResultSlots<[UInt8]>(count: deferred ? 0 : paths.count)
        let links = ResultSlots<[UInt8]>(count: deferral.leavesLinksOut && deferred ? 0 : paths.count)
        // Snippets cost a twelfth of a first run; an answer that prints none needs none (nothing is written).
        let snippets = !(deferred && deferral == .notesOnly(snippets: false))
        let facts = ResultSlots<[UInt8]>(count: deferred ? 0 : paths.count)
        // Only a read that writes nothing may leave notes out: the next run reads them all again.
        let screening = deferred && deferral.leavesLinksOut ? screen : nil
        // Notes are opened relative to their folder (`FolderOpener`), below the open root.
        let rootFolder = readCount > 0 ? SystemIO.openFolder(root, following: true) : nil
        defer { if let rootFolder { close(rootFolder) } }
        // In runs of notes, each run on one thread with its own opener: notes come sorted, so a
        // folder's notes are together and its folder is opened once a run.
        let run = 64
        // A screen's test for a folder, kept for the folder's next notes (they come together).
        typealias FolderTest = (folder: String, test: NoteScreen.Test?)
        @Sendable func readOne(_ index: Int, _ opener: FolderOpener, _ lastTest: inout FolderTest?) {
            let position = reuse[index]
            if position >= 0 {
                results.set(index, cached[position])
                guard !deferred else {
                    if deferral == .keepLinks { links.set(index, cache!.links[position]) }
                    return
                }
                signatures.set(index, cache!.signatures[position])
                links.set(index, cache!.links[position])
                facts.set(index, cache!.facts[position])
                return
            }
            let listedAsRegular = symlinked.map { $0.isEmpty || !$0.contains(paths[index]) } ?? false
            if let screening {
                if lastTest == nil || !VaultPath.isFolder(lastTest!.folder, of: paths[index]) {
                    let folder = VaultPath.folder(of: paths[index])
                    lastTest = (folder, screening.test(forFolder: folder))
                }
                // Ruled out by its folder: not opened.
                guard let test = lastTest!.test else { return }
                let note: Note
                switch NoteReader.indexRead(
                    relativePath: paths[index], root: root, listedAsRegular: listedAsRegular, openAt: opener.location(of: paths[index]))
                {
                case .read(let contents):
                    // A prefix of a note too large to read whole is parsed as ever.
                    guard !contents.isComplete || NoteScreen.admits(contents.bytes, test) else { return }
                    note = NoteReader.parse(contents, relativePath: paths[index], titleFromHeading: titleFromHeading, snippet: snippets)
                case .unreadable(let unread):
                    note = unread
                }
                return results.set(index, screening.keepingQueryTags(note))
            }
            let (note, contents) = NoteReader.noteAndContents(
                relativePath: paths[index], root: root, titleFromHeading: titleFromHeading, listedAsRegular: listedAsRegular,
                openAt: opener.location(of: paths[index]), snippet: snippets)
            results.set(index, note)
            let stored = { LinkTable.storedForm(of: contents.flatMap { $0.isComplete ? $0.bytes : nil }) }
            guard !deferred else {
                if deferral == .keepLinks { links.set(index, stored()) }
                return
            }
            signatures.set(index, TextSignature.of(note, contents: contents))
            links.set(index, stored())
            // What `check` would read the note for, from the same bytes.
            facts.set(index, BodyFacts.record(contents))
        }
        Parallel.forEach((paths.count + run - 1) / run, minimumChunk: 1) { part in
            let opener = FolderOpener(root: rootFolder)
            var lastTest: FolderTest?
            for index in (part * run)..<min(paths.count, part * run + run) { readOne(index, opener, &lastTest) }
        }
        let notes = screening == nil ? results.takeValues() : results.takeSetValues()
        if deferred {
            return CacheRead(
                notes: notes, links: deferral == .keepLinks ? links.takeValues() : nil, writes: [], deferred: true, readCount: readCount)
        }
        let stored = links.takeValues()
        let now = SystemIO.currentTimeNanos()
        let reused = paths.count - readCount
        let readStorable = zip(notes, reuse).contains { $0.1 < 0 && IndexCache.isStorable($0.0, now: now) }
        let dropped = cached.count - reused
        // A note changed too recently to be stored keeps its old entry, whose stamp no longer
        // matches: the next run reads it again. Only a removed note needs the cache rewritten
        // without it (so an edit costs one rewrite, once the note is old enough to be stored).
        let removed = cached.count - (matches.isEmpty ? 0 : matches.lazy.filter { $0 >= 0 }.count)
        var writes: [@Sendable () -> Void] = []
        if readStorable || removed > 0 {
            let prior = cache.map { StoredResolution.Prior(notes: $0.notes, lists: $0.resolutions, word: $0.resolutionWord) }
            let written = IndexCache(
                notes: notes, signatures: signatures.takeValues(), links: stored, facts: facts.takeValues(), titleFromHeading: titleFromHeading,
                linkOptions: linkOptions, prior: prior)
            writes.append { try? written.save(root: root) }
        }
        // The title table has no stamps: any note read afresh (even one too new for the cache) may change it.
        if reused < notes.count || dropped > 0 || !TitleTable.exists(root: root) {
            writes.append { try? TitleTable.save(notes, root: root) }
        }
        return CacheRead(notes: notes, links: stored, writes: writes, deferred: false, readCount: readCount)
    }

    /// The stamp of a file from `stat`, nil when it cannot be stat'ed.
    static func stamp(_ absolutePath: String) -> FileStamp? {
        SystemIO.statFollowing(absolutePath).map { FileStamp($0) }
    }
}
