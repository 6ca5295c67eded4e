import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vault answered from its memory-mapped index cache, used when every note is exactly as the
/// cache recorded it (same paths, same inode, size and mtime): a query then reads the tag table and
/// posting lists and the fixed-size records of the notes it tests, and builds a `Note` only for
/// the notes it prints. Anything else (a note added, changed or removed since, a cache that is
/// missing, corrupt or of another version) gets the full index instead (`IndexBuilder.collection`),
/// which also writes the cache again.
public final class CachedIndex: NoteCollection, @unchecked Sendable {
    /// The absolute vault root.
    public let root: String
    /// The vault's settings.
    public let config: VaultConfig
    /// notez's own files that were not used (bad settings: the defaults were used instead).
    public let stateProblems: [FileIssue]
    /// Registry entries by key; a later entry for the same key wins, as in `VaultIndex`.
    private let registered: [TagKey: TagRegistry.Entry]
    // Immutable after `init`; the mapping lives as long as this object.
    private let file: MappedFile
    // Read by `check` (`VaultCheck.init(cached:)`) as well.
    let image: CacheImage
    private let folderNames: [String]
    private let walkedFolders: [String]
    private let colors: FolderColors
    /// Whether the folder stamps of a `WalkSnapshot` proved the cache current (no folder was listed).
    let provenWithoutWalk: Bool
    /// What the walk that proved the view could not list (none when folder stamps proved it: a
    /// snapshot is kept only of a walk without problems), as `VaultIndex.walkProblems`.
    let walkProblems: [(path: String, problem: NoteProblem)]
    /// Whether the stored resolutions answer for the vault: the view is proven current (every
    /// note's path and stamp as recorded) and they were made with the vault's link options.
    let trustsResolutions: Bool
    // Built on first use (a search needs neither); `lock` guards them.
    private let lock = NSLock()
    private var treeStorage: FolderNode?
    private var tagStorage: [TagSummary]?
    private var tagKeyTableStorage: TagKeyTable?

    /// The cached view when the cache at `cachePath` describes exactly `listing`'s notes; nil otherwise.
    convenience init?(root: String, settings: IndexBuilder.Settings, listing: VaultWalker.Listing, cachePath: String) {
        guard let file = MappedFile(path: cachePath),
            let image = CacheImage(file.contents, titleFromHeading: settings.config.titleFromHeading, passing: { file.release() }),
            image.noteCount == listing.notes.count
        else { return nil }
        for (number, path) in listing.notes.enumerated() where !PathKey.sameBytes(path, image.pathBytes(number)) { return nil }
        // The walk's stamps follow a symlinked note, as the reader does, so they agree with the full build.
        guard listing.stamps.count == listing.notes.count else { return nil }
        for (number, stamp) in listing.stamps.enumerated() where stamp != image.stamp(number) { return nil }
        self.init(
            root: root, settings: settings, file: file, image: image, folders: listing.folders, provenWithoutWalk: false,
            walkProblems: listing.problems)
    }

    /// The view of the cache at `cachePath`, not proven current: only for a caller that matches
    /// its paths and stamps against a walk itself and reads every other note (`LinkFocus`).
    static func unproven(root: String, settings: IndexBuilder.Settings, cachePath: String) -> CachedIndex? {
        guard let file = MappedFile(path: cachePath), let image = CacheImage(file.contents, titleFromHeading: settings.config.titleFromHeading)
        else { return nil }
        return CachedIndex(root: root, settings: settings, file: file, image: image, folders: [], provenWithoutWalk: false, proven: false)
    }

    /// Whether `snapshot` proves this view current: its folders and every cached note keep their
    /// stamps (`WalkSnapshot.confirms`), under the same ignore globs.
    func isConfirmed(by snapshot: WalkSnapshot) -> Bool {
        snapshot.ignore == config.ignore && snapshot.confirms(image, root: root)
    }

    /// The listing a walk would give, from `snapshot` where it still holds (`WalkSnapshot.listing`).
    func listing(from snapshot: WalkSnapshot) -> VaultWalker.Listing? {
        snapshot.listing(of: image, root: root, ignore: config.ignore)
    }

    /// A snapshot of `listing`, a walk or a `listing(from:)` of this vault, for this cache: no
    /// stamps for the folders whose notes are not the cache's (`unsettled`).
    func snapshot(of listing: VaultWalker.Listing, unsettled: Set<String>) -> WalkSnapshot? {
        WalkSnapshot(listing: listing, generation: image.generation, ignore: config.ignore, unsettled: unsettled)
    }

    /// Whether the record at `position` is of the file at `path` (exact bytes).
    func records(_ path: String, at position: Int) -> Bool { PathKey.sameBytes(path, image.pathBytes(position)) }

    /// The stamp the file at `position` had when the cache was written.
    func recordedStamp(at position: Int) -> FileStamp { image.stamp(position) }

    /// The cached view when `snapshot` names the cache at `cachePath` and its folders and every
    /// cached note still have their stamps (no folder is listed); nil otherwise.
    convenience init?(root: String, settings: IndexBuilder.Settings, snapshot: WalkSnapshot, cachePath: String) {
        guard snapshot.ignore == settings.config.ignore, let file = MappedFile(path: cachePath),
            let image = CacheImage(file.contents, titleFromHeading: settings.config.titleFromHeading, passing: { file.release() }),
            snapshot.confirms(image, root: root)
        else { return nil }
        self.init(
            root: root, settings: settings, file: file, image: image, folders: Array(snapshot.folders.dropFirst()), provenWithoutWalk: true)
    }

    private init(
        root: String, settings: IndexBuilder.Settings, file: MappedFile, image: CacheImage, folders: [String], provenWithoutWalk: Bool,
        proven: Bool = true, walkProblems: [(path: String, problem: NoteProblem)] = []
    ) {
        self.root = root
        self.walkProblems = walkProblems
        self.provenWithoutWalk = provenWithoutWalk
        trustsResolutions = proven && image.resolutionWord != 0
            && image.resolutionWord == StoredResolution.word(LinkResolver.Options(config: settings.config))
        config = settings.config
        registered = VaultIndex.registeredEntries(settings.registry)
        stateProblems = settings.problems
        self.file = file
        self.image = image
        folderNames = (0..<image.folderCount).map { image.folder(number: $0) }
        walkedFolders = folders
        colors = settings.colors
        // The checks and the proof touched every record and path (tens of MB at 100,000 notes);
        // a query reads again only what it needs (docs/performance.md, "Full text").
        file.release()
    }

    /// The generation of the cache file this view maps (`WalkSnapshot`).
    var cacheGeneration: UInt64 { image.generation }

    /// Counted from the records' folders, with the walk's (possibly empty) folders.
    public var folderTree: FolderNode {
        lock.withLock {
            if let treeStorage { return treeStorage }
            var perNumber = [Int](repeating: 0, count: folderNames.count)
            for position in 0..<noteCount { perNumber[image.folderNumber(position)] += 1 }
            var direct: [PathKey: Int] = [:]
            for (number, count) in perNumber.enumerated() where count > 0 { direct[PathKey(folderNames[number]), default: 0] += count }
            let tree = VaultIndex.buildTree(direct: direct, folders: walkedFolders, colors: colors)
            treeStorage = tree
            return tree
        }
    }

    /// From the tag table's counts, with the registry's spellings, colors and unused tags.
    public var tags: [TagSummary] {
        lock.withLock {
            if let tagStorage { return tagStorage }
            var summaries: [TagSummary] = []
            summaries.reserveCapacity(image.tagCount + registered.count)
            var cachedKeys = Set<TagKey>()
            for tag in 0..<image.tagCount {
                let key = TagKey(normalized: image.tagKey(tag))
                cachedKeys.insert(key)
                summaries.append(
                    TagSummary(
                        key: key, commonName: image.tagName(tag), count: image.postingCount(tag),
                        frontMatterCount: image.frontMatterCount(tag), inlineCount: image.inlineCount(tag), registered: registered[key]))
            }
            for (key, entry) in registered where !cachedKeys.contains(key) {
                summaries.append(TagSummary(key: key, commonName: entry.name, count: 0, frontMatterCount: 0, inlineCount: 0, registered: entry))
            }
            let tags = TagSummary.sortedByName(summaries)
            tagStorage = tags
            return tags
        }
    }

    /// Read from the trash when asked (a search never asks).
    public var trashCount: Int { TrashStore(root: root).read().items.count }

    /// Notes pinned anywhere, in list order.
    public var pinnedNotes: [Note] { notesInListOrder((0..<noteCount).filter { image.pinned($0) }, limit: nil) }

    /// Notes at the root, in list order.
    public var unsortedNotes: [Note] { notes(inFolder: "", recursive: false) }

    /// By the records' folder numbers: each folder of the table is tested once.
    public func positions(inFolder folder: String, recursive: Bool) -> [Int] {
        if folder.isEmpty && recursive { return Array(0..<noteCount) }
        let inside = folderNames.map { PathKey.sameBytes($0, folder) || (recursive && PathKey.isSelfOrInside($0, folder: folder)) }
        return (0..<noteCount).filter { inside[image.folderNumber($0)] }
    }

    /// By the one folder rule, over this vault's folder tree.
    public func resolveFolder(_ argument: String) throws(NotezError) -> FolderNode {
        try folderTree.resolve(argument)
    }

    /// The number of notes.
    public var noteCount: Int { image.noteCount }

    /// The vault-relative path of the note at `position`.
    public func path(at position: Int) -> String { image.path(position) }

    /// The folder of the note at `position`.
    public func folder(at position: Int) -> String { folderNames[image.folderNumber(position)] }

    /// The title of the note at `position`, read from its entry without decoding the rest.
    public func title(at position: Int) -> String {
        var input = ByteReader(buffer: image.entryBytes(position))
        guard let pathLength = input.u32(), input.skip(Int(pathLength) + 24), let title = input.string() else {
            return note(atPosition: position).title
        }
        return title
    }

    /// Whether the note at `position` is pinned.
    public func isPinned(at position: Int) -> Bool { image.pinned(position) }

    /// The creation time of the note at `position`.
    public func created(at position: Int) -> Double { image.created(position) }

    /// The modification time of the note at `position`.
    public func modified(at position: Int) -> Double { image.modified(position) }

    /// The file size of the note at `position`.
    public func fileSize(at position: Int) -> Int64 { image.stamp(position).size }

    /// The note at `position`, from its cached entry; an entry that does not decode is read from
    /// the file instead, so a damaged cache costs time, never a wrong answer.
    public func note(atPosition position: Int) -> Note {
        IndexCache.decodeEntry(image, position)
            ?? NoteReader.note(relativePath: image.path(position), root: root, titleFromHeading: config.titleFromHeading)
    }

    /// False for a note the cache knows as a symlink (a record never read).
    public func isExposed(at position: Int) -> Bool { !isSymlinked(at: position) }

    /// Whether the note at `position` is a symlink (never read, so never a search result). Only a
    /// note whose links the cache marks unread can be one, so the entry is decoded for those alone;
    /// an entry that does not decode is asked of the file system (`lstat`: the link is not followed).
    func isSymlinked(at position: Int) -> Bool {
        let links = image.linkBytes(position)
        guard links.count == StoredLink.unreadMarker.count, links[0] == StoredLink.unreadMarker[0] else { return false }
        if let note = IndexCache.decodeEntry(image, position) { return note.problem?.kind == .symlink }
        guard let info = SystemIO.lstat(root + "/" + image.path(position)) else { return false }
        return (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Sorted by the records' keys; long lists are decoded on all cores (`ls -r` decodes every note).
    public func notesInListOrder(_ positions: [Int], limit: Int?) -> [Note] {
        let ordered = listOrder(positions, limit: limit)
        guard ordered.count >= 4096 else { return ordered.map { note(atPosition: $0) } }
        return Parallel.map(ordered.count, minimumChunk: 512) { self.note(atPosition: ordered[$0]) }
    }

    /// From the note's text signature in the cache.
    public func mayContainText(_ trigrams: [UInt32], at position: Int) -> Bool {
        TextSignature.mayContain(image.signature(position), trigrams)
    }

    /// From the notes' text signatures in the cache, releasing the pages read as the pass goes
    /// (`SignatureScan`): the signatures are most of what a full-text search maps.
    public func positions(mayContainText trigrams: [UInt32], among positions: [Int]) -> [Int] {
        var scan = SignatureScan(image: image, file: file)
        defer { scan.finish() }
        return positions.filter { scan.mayContain(record: $0, trigrams) }
    }

    /// From the tag table, which is sorted by the keys' bytes: the key's children (`key/…`) follow
    /// it among the keys that start with its bytes.
    public func positions(taggedWith key: TagKey) -> [Int] {
        let wanted = Array(key.rawValue.utf8)
        var result: [Int] = []
        var tag = firstTag(notBefore: wanted)
        while tag < image.tagCount {
            let candidate = image.tagKeyBytes(tag)
            guard candidate.starts(with: wanted) else { break }
            // Bytes find the candidates; the key's own rule decides (it compares Unicode text).
            if candidate.count == wanted.count || candidate[wanted.count] == 0x2F,
                TagKey(normalized: image.tagKey(tag)).isSelfOrDescendant(of: key)
            {
                let postings = image.postings(tag)
                for index in 0..<postings.count / 4 {
                    result.append(Int(UInt32(littleEndian: postings.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))))
                }
            }
            tag += 1
        }
        return result
    }

    /// The registry's spelling, else the cached most common one (a binary search of the tag
    /// table by the key's bytes: no lock and no allocation, so listing workers run it side by side).
    public func displayName(of key: TagKey) -> String? {
        if !registered.isEmpty, let entry = registered[key] { return entry.name }
        var text = key.rawValue
        let tag = text.withUTF8 { firstTag(notBefore: UnsafeRawBufferPointer($0)) }
        guard tag < image.tagCount, PathKey.sameBytes(text, image.tagKeyBytes(tag)) else { return nil }
        return image.tagName(tag)
    }

    /// The first tag whose key bytes are not less than `bytes` (binary search).
    private func firstTag(notBefore bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { firstTag(notBefore: $0) }
    }

    private func firstTag(notBefore wanted: UnsafeRawBufferPointer) -> Int {
        var (low, high) = (0, image.tagCount)
        while low < high {
            let middle = (low + high) / 2
            if PathKey.bytesPrecede(image.tagKeyBytes(middle), wanted) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension CachedIndex: LinkStore {
    /// From the records' link bytes.
    func storedLinks(at position: Int) -> [StoredLink]? { StoredLink.decode(image.linkBytes(position)) }

    /// The stored form of the note's links as recorded (`LinkTable.stored`).
    func storedLinkBytes(at position: Int) -> [UInt8] { Array(image.linkBytes(position)) }

    /// The folders of the walk (or snapshot) that proved this view, without the root.
    var folders: [String] { walkedFolders }

    /// The notes whose stored links are the unread marker.
    var unreadPositions: [Int] {
        (0..<noteCount).filter { position in
            let bytes = image.linkBytes(position)
            return bytes.count == 1 && bytes[0] == StoredLink.unreadMarker[0]
        }
    }

    /// From the link key table (binary search by the key's bytes).
    func positions(linkingUnder key: String) -> [Int] { linkPositions(key, named: false) }

    /// From the link key table (binary search by the key's bytes).
    func positions(namedBy key: String) -> [Int] { linkPositions(key, named: true) }

    /// The path and title from the record and entry; the aliases from the decoded entry, only
    /// when the entry has any.
    func linkTarget(at position: Int) -> LinkResolver.Target {
        let note = note(atPosition: position)
        return LinkResolver.Target(path: note.path, title: note.title, aliases: note.aliases)
    }

    var linkOptions: LinkResolver.Options { LinkResolver.Options(config: config) }

    /// From the resolutions section, when trusted (`trustsResolutions`).
    func storedResolutions(at position: Int) -> [StoredResolution]? {
        guard trustsResolutions else { return nil }
        return StoredResolution.decode(image.resolutionBytes(position), noteCount: noteCount)
    }

    /// The link graph stored with the resolutions (`StoredGraph`), when trusted and well formed.
    func storedGraph() -> NoteGraph? {
        guard trustsResolutions else { return nil }
        return StoredGraph.read(image) { image.path($0) }
    }

    /// Every edge of the graph (`source << 32 | opened note`) from the stored resolutions, nothing
    /// decoded but them; nil when they are not trusted or one does not decode.
    func storedEdges() -> [UInt64]? {
        guard trustsResolutions else { return nil }
        let (image, noteCount) = (image, noteCount)
        return NoteGraph.edges(noteCount: noteCount) { StoredResolution.opened(image.resolutionBytes($0), noteCount: noteCount) }
    }

    private func linkPositions(_ key: String, named: Bool) -> [Int] {
        var text = key
        return text.withUTF8 { utf8 -> [Int] in
            let wanted = UnsafeRawBufferPointer(utf8)
            var (low, high) = (0, image.linkKeyCount)
            while low < high {
                let middle = (low + high) / 2
                if PathKey.bytesPrecede(image.linkKeyBytes(middle), wanted) { low = middle + 1 } else { high = middle }
            }
            guard low < image.linkKeyCount, PathKey.sameBytes(key, image.linkKeyBytes(low)) else { return [] }
            let postings = image.linkPostings(low, named: named)
            return (0..<postings.count / 4).map { Int(UInt32(littleEndian: postings.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }
}

extension CachedIndex {
    /// From the note's cache entry, without building the note: the entry is checked as
    /// `IndexCache.decodeEntry` checks it (its path and stamp are the record's, its strings UTF-8,
    /// nothing after its end), and the tags are named from the tag table. A note with a problem,
    /// a vault with a tag registry, or an entry that does not check out gives the whole note
    /// (`note(atPosition:)`, which reads the file when the entry does not decode).
    public func withRowFields<R>(at position: Int, _ body: (NoteRowFields) -> R) -> R {
        withRowFields(at: position, tags: registered.isEmpty ? tagKeyTable() : nil, body)
    }

    /// As `withRowFields(at:)` for each position, the tag table looked up once for the run.
    public func forEachRowFields(at positions: ArraySlice<Int>, _ body: (NoteRowFields) -> Void) {
        let table = registered.isEmpty ? tagKeyTable() : nil
        for position in positions { withRowFields(at: position, tags: table, body) }
    }

    /// Straight from the records (their paths were checked UTF-8 when the cache was opened).
    public func forEachPath(at positions: ArraySlice<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
        for position in positions { body(image.pathBytes(position)) }
    }

    /// The tag table by key, built at the first row that needs it.
    private func tagKeyTable() -> TagKeyTable {
        lock.withLock {
            if let tagKeyTableStorage { return tagKeyTableStorage }
            let table = TagKeyTable(image)
            tagKeyTableStorage = table
            return table
        }
    }

    /// `withRowFields(at:)`, the tags named through `tags` (nil: a registry names them, so the
    /// whole note is decoded).
    private func withRowFields<R>(at position: Int, tags table: TagKeyTable?, _ body: (NoteRowFields) -> R) -> R {
        let entry = image.entryBytes(position)
        guard let table, let row = CachedIndex.rowEntry(entry, path: image.pathBytes(position), stamp: image.stamp(position)) else {
            return withRowFields(of: note(atPosition: position), body)
        }
        let folder = UnsafeRawBufferPointer(rebasing: row.path[..<(row.path.lastIndex(of: 0x2F) ?? row.path.startIndex)])
        return withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: row.tagCount) { slots in
            var tags = ByteReader(buffer: entry, position: row.tags)
            for number in 0..<row.tagCount {
                // Checked by `rowEntry`: each tag is a name, a key (empty when the name is its own) and an origin.
                let name = tags.field()!
                let key = tags.field()!
                _ = tags.u8()
                // The cache's most common spelling, else the note's own (checked UTF-8 when read).
                let tag = table.tag(key.isEmpty ? name : key, in: image)
                slots.initializeElement(at: number, to: tag.map { image.tagNameBytes($0) } ?? name)
            }
            return body(
                NoteRowFields(
                    pinned: row.pinned, modified: row.modified, title: row.title, folder: folder, snippet: row.snippet,
                    tagNames: UnsafeBufferPointer(rebasing: slots[0..<row.tagCount])))
        }
    }

    /// The parts of an entry a row shows, when the entry is of `path` and `stamp`, well formed and
    /// without a problem; nil otherwise.
    private static func rowEntry(_ entry: UnsafeRawBufferPointer, path: UnsafeRawBufferPointer, stamp: FileStamp) -> (
        path: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer, tags: Int, tagCount: Int, pinned: Bool, modified: Double,
        snippet: UnsafeRawBufferPointer
    )? {
        var input = ByteReader(buffer: entry)
        guard let entryPath = input.text(), sameBytes(entryPath, path), let inode = input.u64(), let size = input.u64(),
            let mtime = input.u64(), FileStamp(inode: inode, size: Int64(bitPattern: size), mtimeNanos: Int64(bitPattern: mtime)) == stamp,
            let title = input.text(), let tagCount = input.u16()
        else { return nil }
        let tags = input.position
        for _ in 0..<tagCount {
            guard input.text() != nil, input.text() != nil, input.u8() != nil else { return nil }
        }
        // A problem (flag 2) is rare: the whole note is decoded for it, as before.
        guard let flags = input.u8(), flags & 2 == 0, input.skip(8), let modified = input.u64(), let snippet = input.text() else { return nil }
        if flags & 4 != 0 {
            guard let aliasCount = input.u16() else { return nil }
            for _ in 0..<aliasCount where input.text() == nil { return nil }
        }
        guard input.atEnd else { return nil }
        return (entryPath, title, tags, Int(tagCount), flags & 1 != 0, Double(bitPattern: modified), snippet)
    }

    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}

extension ByteReader {
    /// A length-prefixed field's bytes, unchecked; nil when it runs past the end.
    mutating func field() -> UnsafeRawBufferPointer? {
        guard let length = u32(), buffer.count - position >= Int(length) else { return nil }
        defer { position += Int(length) }
        return UnsafeRawBufferPointer(rebasing: buffer[position..<position + Int(length)])
    }

    /// A length-prefixed field's bytes when they are UTF-8 (ASCII is told a word at a time).
    mutating func text() -> UnsafeRawBufferPointer? {
        guard let bytes = field() else { return nil }
        if ASCIIBytes.only(bytes) { return bytes }
        return ByteReader.validString(bytes.assumingMemoryBound(to: UInt8.self)) == nil ? nil : bytes
    }
}
