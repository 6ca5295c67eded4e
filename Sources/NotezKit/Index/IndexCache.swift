#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rebuildable on-disk cache of parsed notes, keyed by path and `FileStamp`, kept outside the
/// vault in `$XDG_CACHE_HOME/notez/<vault key>/index-v1.bin` (see `filePath`).
///
/// Outside the vault because a cache is trusted input: one that arrived by a sync tool or git could
/// make notez show tags and titles the notes do not have. The user's own cache folder (private,
/// owned by the user, checked by `UserFolders`) is reached by nobody else, and read commands
/// never write into the vault.
///
/// A cold run stats every note and reads only those whose (inode, size, mtime) differ from the
/// cached stamp. The file is memory-mapped and laid out in fixed-size records, tables and posting
/// lists (see `CacheImage`), so a query can read it without decoding every note; a file
/// that is truncated, corrupt, or written by another format or reader revision is ignored.
public struct IndexCache: Sendable {
    /// Bumped when the byte layout changes (7: text signatures of two bits per byte of text; 8:
    /// their two bits of a trigram in one 512-bit block; 9: the tag spellings' uses and a record
    /// flag for a note with a problem, so `check` answers from the cache).
    static let formatVersion: UInt32 = 9
    /// Bumped whenever `NoteReader` would derive different fields from the same bytes,
    /// so caches written by an older notez are rebuilt instead of trusted.
    static let readerRevision: UInt32 = 5

    /// The reader revision as the header keeps it, with the vault's title rule: a cache written
    /// with titles from file names is not trusted under `title_from: heading`, and the reverse.
    static func readerStamp(titleFromHeading: Bool) -> UInt32 { readerRevision | (titleFromHeading ? 0x8000_0000 : 0) }
    /// Notes modified less than this long before the cache is written are left out: a second
    /// write within the file system's timestamp granularity could keep size and mtime equal.
    static let racyWindowNanos: Int64 = 2_000_000_000
    /// The cache file's name in the vault's cache folder.
    static let fileName = "index-v1.bin"

    static let magic: [UInt8] = Array("NZIX".utf8)
    static let endMarker: [UInt8] = Array("NZND".utf8)

    /// Cached notes, sorted by path (String order, the walker's order).
    public let notes: [Note]
    /// Each note's text signature (`TextSignature`), same order; empty when unknown.
    let signatures: [[UInt8]]
    /// Each note's links in their stored form (`LinkTable.stored`), same order; the unread marker
    /// when unknown.
    let links: [[UInt8]]
    /// Each note's `BodyFacts` in their stored form, same order; `BodyFacts.unknown` when unknown.
    let facts: [[UInt8]]
    /// Whether the notes' titles were read with `title_from: heading`.
    let titleFromHeading: Bool
    /// The vault's link options, which the stored resolutions are made with.
    let linkOptions: LinkResolver.Options
    /// Each note's stored resolutions as loaded (`StoredResolution`), same order; empty when none.
    let resolutions: [[UInt8]]
    /// The header word they were written with (0: none).
    let resolutionWord: UInt64
    /// The cache this one replaces, whose resolutions `save` keeps where still valid.
    let prior: StoredResolution.Prior?

    /// Creates a cache holding `notes` (with their text signatures, when known), sorted by path.
    public init(notes: [Note]) {
        self.init(notes: notes, signatures: [], links: [])
    }

    /// `signatures`, `links` and `facts` are each empty or have one entry per note.

    init(
        notes: [Note], signatures: [[UInt8]], links: [[UInt8]], facts: [[UInt8]] = [], titleFromHeading: Bool = false,
        linkOptions: LinkResolver.Options = LinkResolver.Options(), prior: StoredResolution.Prior? = nil
    ) {
        self.titleFromHeading = titleFromHeading
        self.linkOptions = linkOptions
        self.prior = prior
        resolutions = []
        resolutionWord = 0
        let known = signatures.count == notes.count ? signatures : Array(repeating: [], count: notes.count)
        let knownLinks = links.count == notes.count ? links : Array(repeating: StoredLink.unreadMarker, count: notes.count)
        let knownFacts = facts.count == notes.count ? facts : Array(repeating: BodyFacts.unknown, count: notes.count)
        // Already sorted when they come from the walker: then only checked.
        if zip(notes, notes.dropFirst()).allSatisfy({ $0.path < $1.path }) {
            self.notes = notes
            self.signatures = known
            self.links = knownLinks
            self.facts = knownFacts
        } else {
            let order = notes.indices.sorted { notes[$0].path < notes[$1].path }
            self.notes = order.map { notes[$0] }
            self.signatures = order.map { known[$0] }
            self.links = order.map { knownLinks[$0] }
            self.facts = order.map { knownFacts[$0] }
        }
    }

    private init(
        sorted: [Note], signatures: [[UInt8]], links: [[UInt8]], facts: [[UInt8]], titleFromHeading: Bool, resolutions: [[UInt8]],
        resolutionWord: UInt64
    ) {
        self.facts = facts
        self.titleFromHeading = titleFromHeading
        linkOptions = LinkResolver.Options()
        prior = nil
        self.resolutions = resolutions
        self.resolutionWord = resolutionWord
        notes = sorted
        self.signatures = signatures
        self.links = links
    }

    /// The number of cached notes.
    public var count: Int { notes.count }

    /// The position of `path` in `notes` (exact bytes), by binary search.
    public func position(of path: String) -> Int? {
        var low = 0
        var high = notes.count
        while low < high {
            let middle = (low + high) / 2
            if notes[middle].path < path { low = middle + 1 } else { high = middle }
        }
        // Canonically equivalent spellings (NFC and NFD names) compare equal: scan them for exact bytes.
        var index = low
        while index < notes.count, !(path < notes[index].path) {
            if PathKey.sameBytes(notes[index].path, path) { return index }
            index += 1
        }
        return nil
    }

    /// The cached note for `path` when its stamp still equals `stamp`, else nil.
    public func note(for path: String, stamp: FileStamp) -> Note? {
        guard let index = position(of: path), notes[index].stamp == stamp else { return nil }
        return notes[index]
    }

    /// For each of `paths` (sorted like the walker sorts), the position of the same path in
    /// `notes`, or -1: one merge pass, no hashing.
    public func positions(matching paths: [String]) -> [Int] {
        var result = [Int](repeating: -1, count: paths.count)
        var cursor = 0
        for (index, path) in paths.enumerated() {
            while cursor < notes.count, notes[cursor].path < path { cursor += 1 }
            if cursor < notes.count, PathKey.sameBytes(notes[cursor].path, path) {
                result[index] = cursor
                cursor += 1
            }
        }
        return result
    }

    /// True when a note may be stored: it has a real stamp that is old enough not to be racy.
    static func isStorable(_ note: Note, now: Int64) -> Bool {
        if note.problem?.kind == .unreadable { return false }
        if note.stamp.inode == 0 && note.stamp.size == 0 && note.stamp.mtimeNanos == 0 { return false }
        return note.stamp.mtimeNanos < now - racyWindowNanos
    }

    /// The cache folder of the vault at `root`: `$XDG_CACHE_HOME/notez/` and 32 hex digits of the
    /// SHA-256 of the vault's real path; nil without a cache home.
    public static func folderPath(root: String) -> String? {
        guard let base = UserFolders.cachePath() else { return nil }
        let real = realpath(root, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? root
        return base + "/" + String(SHA256.hex(SHA256.hash(Array(real.utf8))).prefix(32))
    }

    /// The absolute path of the cache file of the vault at `root`; nil without a cache home.
    public static func filePath(root: String) -> String? { folderPath(root: root).map { $0 + "/" + fileName } }

    /// Loads the cache of the vault at `root`; nil when absent, unreadable, unsafe, corrupt or of another version.
    public static func load(root: String, titleFromHeading: Bool = false) -> IndexCache? {
        guard let folder = folderPath(root: root), (try? UserFolders.check(folder)) != nil,
            let file = MappedFile(path: folder + "/" + fileName), let image = CacheImage(file.contents, titleFromHeading: titleFromHeading),
            let notes = decodeAll(image)
        else { return nil }
        return IndexCache(
            sorted: notes, signatures: (0..<image.noteCount).map { Array(image.signature($0)) },
            links: (0..<image.noteCount).map { Array(image.linkBytes($0)) },
            facts: (0..<image.noteCount).map { Array(image.factBytes($0)) }, titleFromHeading: titleFromHeading,
            resolutions: (0..<image.noteCount).map { Array(image.resolutionBytes($0)) }, resolutionWord: image.resolutionWord)
    }

    /// Writes the cache atomically (a new temporary file, then rename) into the vault's cache folder.
    /// Notes that are not `isStorable` are left out.
    public func save(root: String) throws(NotezError) {
        let now = SystemIO.currentTimeNanos()
        let kept = notes.indices.filter { IndexCache.isStorable(notes[$0], now: now) }
        guard
            let parts = IndexCache.encodeSections(
                kept.map { notes[$0] }, signatures: kept.map { signatures[$0] }, links: kept.map { links[$0] },
                facts: kept.map { facts[$0] }, titleFromHeading: titleFromHeading, linkOptions: linkOptions, prior: prior)
        else { return }
        try IndexCache.writeFile(parts, name: IndexCache.fileName, root: root)
    }

    /// Writes `bytes` as `name` in the vault's cache folder atomically (a new temporary file, then rename).
    static func writeFile(_ bytes: [UInt8], name: String, root: String) throws(NotezError) {
        try writeFile([bytes], name: name, root: root)
    }

    /// Writes `parts`, one after the other, as `name` in the vault's cache folder atomically.
    static func writeFile(_ parts: [[UInt8]], name: String, root: String) throws(NotezError) {
        guard let folder = IndexCache.folderPath(root: root) else { return }
        try UserFolders.ensure(folder)
        let target = folder + "/" + name
        let temporary = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw NotezError.writeFailed(path: temporary, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        for part in parts where failure == 0 { failure = SystemIO.writeAll(fd, part) ?? 0 }
        close(fd)
        // No fsync: the cache is derived; a torn file after a crash fails the end-marker check and is rebuilt.
        guard failure == 0, rename(temporary, target) == 0 else {
            let code = failure != 0 ? failure : errno
            unlink(temporary)
            throw NotezError.writeFailed(path: target, reason: String(cString: strerror(code)))
        }
    }

    // MARK: - Format

    /// Serializes notes in the layout `CacheImage` documents: records, folders, tags with their
    /// posting lists and display names, strings, and each note's full entry. Tags are ordered by
    /// key; a tag's display name is its most common spelling (`TagSummary.preferredSpelling`).
    /// Nil when a table would outgrow its 32-bit offsets (a vault of several GB of titles).
    public static func encode(_ notes: [Note]) -> [UInt8]? {
        encode(notes, signatures: [], links: [])
    }

    /// `encode` with each note's text signature and stored links (empty: none known).
    static func encode(_ notes: [Note], signatures: [[UInt8]], links: [[UInt8]]) -> [UInt8]? {
        encodeSections(notes, signatures: signatures, links: links).map { Array($0.joined()) }
    }

    /// The file's parts in order (header, the sections, the end marker), written one after the
    /// other by `save` rather than copied into one buffer of the cache's size. The big sections
    /// are sized up front, so none grows by copying.
    static func encodeSections(
        _ notes: [Note], signatures: [[UInt8]], links: [[UInt8]], facts: [[UInt8]] = [], titleFromHeading: Bool = false,
        linkOptions: LinkResolver.Options = LinkResolver.Options(), prior: StoredResolution.Prior? = nil
    ) -> [[UInt8]]? {
        let facts = facts.count == notes.count ? facts : Array(repeating: BodyFacts.unknown, count: notes.count)
        var factTable = ByteWriter()
        factTable.bytes.reserveCapacity(facts.reduce(0) { $0 + $1.count })
        let links = links.count == notes.count ? links : Array(repeating: StoredLink.unreadMarker, count: notes.count)
        // The link lookups first, on all cores: folding every link's names is the costly part.
        let keyed = Parallel.map(notes.count, minimumChunk: 256) { number in
            IndexCache.linkKeys(of: notes[number], stored: links[number])
        }
        var byKey: [String: (linking: [UInt32], named: [UInt32])] = [:]
        for (number, keys) in keyed.enumerated() {
            for key in keys.linking { byKey[key, default: ([], [])].linking.append(UInt32(number)) }
            for key in keys.named { byKey[key, default: ([], [])].named.append(UInt32(number)) }
        }
        // Every link resolved now (or kept from the cache before), so a current cache answers
        // graph questions without a resolution pass (`StoredResolution`).
        let resolved = StoredResolution.resolveAll(
            notes: notes, links: links, keyed: keyed, named: byKey.mapValues(\.named), options: linkOptions, prior: prior)
        var resolutionTable = ByteWriter()
        resolutionTable.bytes.reserveCapacity(resolved.reduce(0) { $0 + $1.count })
        // The graph of those lists, laid out for graph terms to copy (`StoredGraph`).
        let unread = links.indices.filter { links[$0] == StoredLink.unreadMarker }
        let graph = StoredGraph.encode(lists: resolved, unread: unread)
        var strings = ByteWriter()
        var entries = ByteWriter()
        var signatureTable = ByteWriter()
        var records = ByteWriter()
        records.bytes.reserveCapacity(notes.count * CacheImage.recordSize)
        var textBytes = 0
        var entryBytes = 0
        for note in notes {
            textBytes += note.path.utf8.count + note.folder.utf8.count
            entryBytes += 80 + note.path.utf8.count + note.title.utf8.count + note.snippet.utf8.count
            for (tag, key) in zip(note.tags, note.tagKeys) { entryBytes += 9 + tag.utf8.count + key.rawValue.utf8.count }
            for alias in note.aliases { entryBytes += 4 + alias.utf8.count }
        }
        strings.bytes.reserveCapacity(textBytes)
        entries.bytes.reserveCapacity(entryBytes)
        signatureTable.bytes.reserveCapacity(signatures.reduce(0) { $0 + $1.count })
        var linkTable = ByteWriter()
        linkTable.bytes.reserveCapacity(links.reduce(0) { $0 + $1.count })
        var folderNumbers: [PathKey: Int] = [:]
        var folderTable = ByteWriter()
        var postings: [TagKey: [UInt32]] = [:]
        var spellings: [TagKey: [String: Int]] = [:]
        // Per tag, the notes writing each spelling, counted as `VaultIndex.summary` counts them (a
        // note's first tag of the key): what `check`'s tag variants report (`TagSpellings`).
        var spellingUses: [TagKey: [String: Int]] = [:]
        var origins: [TagKey: (frontMatter: UInt32, inline: UInt32)] = [:]
        func addString(_ text: String) -> (UInt32, UInt32) {
            let offset = UInt32(truncatingIfNeeded: strings.bytes.count)
            var copy = text
            copy.withUTF8 { strings.bytes.append(contentsOf: $0) }
            return (offset, UInt32(truncatingIfNeeded: strings.bytes.count) - offset)
        }
        for (number, note) in notes.enumerated() {
            let folder: Int
            if let known = folderNumbers[PathKey(note.folder)] {
                folder = known
            } else {
                folder = folderNumbers.count
                folderNumbers[PathKey(note.folder)] = folder
                let (offset, length) = addString(note.folder)
                folderTable.u32(offset)
                folderTable.u32(length)
            }
            let (pathOffset, pathLength) = addString(note.path)
            let entryOffset = entries.bytes.count
            encodeEntry(note, into: &entries)
            records.u64(note.stamp.inode)
            records.u64(UInt64(bitPattern: note.stamp.size))
            records.u64(UInt64(bitPattern: note.stamp.mtimeNanos))
            records.u64(note.created.bitPattern)
            records.u64(note.modified.bitPattern)
            records.u32(pathOffset)
            records.u32(pathLength)
            records.u32(UInt32(truncatingIfNeeded: entryOffset))
            records.u32(UInt32(truncatingIfNeeded: entries.bytes.count - entryOffset))
            records.u32(UInt32(folder))
            records.u32((note.pinned ? 1 : 0) | (note.problem != nil ? 2 : 0))
            let signature = number < signatures.count ? signatures[number] : []
            records.u32(UInt32(truncatingIfNeeded: signatureTable.bytes.count))
            records.u32(UInt32(signature.count))
            signatureTable.bytes += signature
            records.u32(UInt32(truncatingIfNeeded: linkTable.bytes.count))
            records.u32(UInt32(truncatingIfNeeded: links[number].count))
            linkTable.bytes += links[number]
            records.u32(UInt32(truncatingIfNeeded: resolutionTable.bytes.count))
            records.u32(UInt32(truncatingIfNeeded: resolved[number].count))
            resolutionTable.bytes += resolved[number]
            records.u32(UInt32(truncatingIfNeeded: factTable.bytes.count))
            records.u32(UInt32(truncatingIfNeeded: facts[number].count))
            factTable.bytes += facts[number]
            for (position, (tag, key)) in zip(note.tags, note.tagKeys).enumerated() {
                postings[key, default: []].append(UInt32(truncatingIfNeeded: number))
                spellings[key, default: [:]][tag, default: 0] += 1
                if note.tagKeys.firstIndex(of: key) == position { spellingUses[key, default: [:]][tag, default: 0] += 1 }
                let origin = note.origin(ofTagAt: position)
                var counts = origins[key] ?? (0, 0)
                if origin.contains(.frontMatter) { counts.frontMatter += 1 }
                if origin.contains(.inline) { counts.inline += 1 }
                origins[key] = counts
            }
            if strings.bytes.count > UInt32.max || entries.bytes.count > UInt32.max || signatureTable.bytes.count > UInt32.max
                || linkTable.bytes.count > UInt32.max || resolutionTable.bytes.count > UInt32.max
                || factTable.bytes.count > UInt32.max
            {
                return nil
            }
        }
        var tagTable = ByteWriter()
        var postingTable = ByteWriter()
        var postingCount: UInt32 = 0
        var spellingTable = ByteWriter()
        for (tag, key) in postings.keys.sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }).enumerated() {
            let list = postings[key]!
            if let uses = spellingUses[key], uses.count > 1 { TagSpellings.append(tag: tag, uses: uses, to: &spellingTable) }
            let (keyOffset, keyLength) = addString(key.rawValue)
            let (nameOffset, nameLength) = addString(TagSummary.preferredSpelling(spellings[key]!))
            let counts = origins[key]!
            for value in [keyOffset, keyLength, nameOffset, nameLength, postingCount, UInt32(list.count), counts.frontMatter, counts.inline] {
                tagTable.u32(value)
            }
            for number in list { postingTable.u32(number) }
            postingCount += UInt32(list.count)
        }
        var linkKeyTable = ByteWriter()
        var linkPostingTable = ByteWriter()
        var linkPostingCount: UInt32 = 0
        for key in byKey.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let lists = byKey[key]!
            let (keyOffset, keyLength) = addString(key)
            linkKeyTable.u32(keyOffset)
            linkKeyTable.u32(keyLength)
            for list in [lists.linking, lists.named] {
                linkKeyTable.u32(linkPostingCount)
                linkKeyTable.u32(UInt32(list.count))
                for number in list { linkPostingTable.u32(number) }
                linkPostingCount += UInt32(list.count)
            }
        }
        if strings.bytes.count > UInt32.max { return nil }
        var out = ByteWriter()
        out.bytes.reserveCapacity(CacheImage.headerSize)
        out.bytes += magic
        out.u32(formatVersion)
        out.u32(readerStamp(titleFromHeading: titleFromHeading))
        out.u32(LinkTable.readerVersion)
        for count in [
            notes.count, folderNumbers.count, postings.count, Int(postingCount), strings.bytes.count, entries.bytes.count,
            signatureTable.bytes.count,
        ] {
            out.u64(UInt64(count))
        }
        // Names this file for the folder stamps written beside it (`WalkSnapshot`); never zero.
        out.u64(UInt64.random(in: 1...UInt64.max))
        for count in [linkTable.bytes.count, byKey.count, Int(linkPostingCount), resolutionTable.bytes.count] { out.u64(UInt64(count)) }
        out.u64(StoredResolution.word(linkOptions))
        out.u64(UInt64(factTable.bytes.count))
        for value in [graph == nil ? 0 : 1, graph?.edgeCount ?? 0, graph?.unreadCount ?? 0] { out.u64(UInt64(value)) }
        out.u64(UInt64(spellingTable.bytes.count))
        return [out.bytes]
            + [
                records, folderTable, tagTable, postingTable, strings, entries, signatureTable, linkTable, linkKeyTable, linkPostingTable,
                resolutionTable, factTable,
            ]
            .map(\.bytes) + [graph?.bytes ?? [], spellingTable.bytes, endMarker]
    }

    /// The folded names a note's links are filed under and the names it is called by, each once
    /// (sorted: the note numbers of a key's lists stay ascending either way).
    static func linkKeys(of note: Note, stored: [UInt8]) -> (linking: [String], named: [String]) {
        var linking = Set<String>()
        for link in StoredLink.decode(stored) ?? [] { linking.formUnion(StoredLink.targetKeys(link.link, source: note.path)) }
        return (linking.sorted(), StoredLink.nameKeys(path: note.path, title: note.title, aliases: note.aliases))
    }

    /// Appends one note's full entry: path, inode u64, size i64, mtime ns i64, title, u16 tag count
    /// and per tag its spelling, key (empty when equal to the spelling) and u8 origin, u8 flags (1
    /// pinned, 2 problem, 4 aliases), created and modified as f64 bits, snippet, with flag 2 the
    /// problem's kind, line and column (i32, -1 for none) and message, with flag 4 a u16 count and
    /// the aliases. Strings are u32 length + UTF-8 bytes.
    static func encodeEntry(_ note: Note, into out: inout ByteWriter) {
        out.string(note.path)
        out.u64(note.stamp.inode)
        out.u64(UInt64(bitPattern: note.stamp.size))
        out.u64(UInt64(bitPattern: note.stamp.mtimeNanos))
        out.string(note.title)
        let tagCount = min(note.tags.count, Int(UInt16.max))
        out.u16(UInt16(tagCount))
        for index in 0..<tagCount {
            out.string(note.tags[index])
            let key = note.tagKeys[index].rawValue
            // Compared by bytes: an NFD spelling's NFC key is canonically equal but must be kept.
            out.string(key.utf8.elementsEqual(note.tags[index].utf8) ? "" : key)
            out.bytes.append(note.origin(ofTagAt: index).rawValue)
        }
        out.bytes.append((note.pinned ? 1 : 0) | (note.problem != nil ? 2 : 0) | (note.aliases.isEmpty ? 0 : 4))
        out.u64(note.created.bitPattern)
        out.u64(note.modified.bitPattern)
        out.string(note.snippet)
        if let problem = note.problem {
            out.string(problem.kind.rawValue)
            out.u32(UInt32(bitPattern: Int32(clamping: problem.line ?? -1)))
            out.u32(UInt32(bitPattern: Int32(clamping: problem.column ?? -1)))
            out.string(problem.message)
        }
        if !note.aliases.isEmpty {
            out.u16(UInt16(min(note.aliases.count, Int(UInt16.max))))
            for alias in note.aliases.prefix(Int(UInt16.max)) { out.string(alias) }
        }
    }

    /// Parses bytes written by `encode`; nil when they are not a complete cache of this version.
    public static func decode(_ bytes: [UInt8]) -> [Note]? {
        bytes.withUnsafeBytes { buffer -> [Note]? in
            guard let image = CacheImage(buffer) else { return nil }
            return decodeAll(image)
        }
    }

    /// Every note of a checked image; nil when an entry is corrupt.
    static func decodeAll(_ image: CacheImage) -> [Note]? {
        // On all cores: after any change the full index decodes every cached entry.
        let decoded = Parallel.map(image.noteCount, minimumChunk: 512) { decodeEntry(image, $0) }
        var notes: [Note] = []
        notes.reserveCapacity(decoded.count)
        for note in decoded {
            guard let note else { return nil }
            notes.append(note)
        }
        return notes
    }

    /// The note of record `number`, from its entry; nil when the entry is corrupt or disagrees with
    /// its record.
    static func decodeEntry(_ image: CacheImage, _ number: Int) -> Note? {
        var input = ByteReader(buffer: image.entryBytes(number))
        guard let note = decodeEntry(&input), input.atEnd, note.stamp == image.stamp(number),
            PathKey.sameBytes(note.path, image.pathBytes(number))
        else { return nil }
        return note
    }

    /// Reads one entry written by `encodeEntry`.
    static func decodeEntry(_ input: inout ByteReader) -> Note? {
        guard let (path, folder) = input.path(), let inode = input.u64(), let size = input.u64(),
            let mtime = input.u64(), let title = input.string(), let tagCount = input.u16()
        else { return nil }
        var tags: [String] = []
        var keys: [TagKey] = []
        var origins: [TagOrigin] = []
        tags.reserveCapacity(Int(tagCount))
        keys.reserveCapacity(Int(tagCount))
        for _ in 0..<tagCount {
            guard let tag = input.string(), let key = input.string(), let origin = input.u8() else { return nil }
            tags.append(tag)
            keys.append(TagKey(normalized: key.isEmpty ? tag : key))
            // Front-matter-only notes keep no origins array (see `Note.tagOrigins`): start
            // one only at the first tag that is written inline.
            if origin != TagOrigin.frontMatter.rawValue, origins.isEmpty {
                origins = Array(repeating: .frontMatter, count: tags.count - 1)
                origins.append(TagOrigin(rawValue: origin))
            } else if !origins.isEmpty {
                origins.append(TagOrigin(rawValue: origin))
            }
        }
        guard let flags = input.u8(), let created = input.u64(), let modified = input.u64(),
            let snippet = input.string()
        else { return nil }
        var problem: NoteProblem?
        if flags & 2 != 0 {
            guard let kindName = input.string(), let kind = NoteProblem.Kind(rawValue: kindName),
                let line = input.u32(), let column = input.u32(), let message = input.string()
            else { return nil }
            let lineValue = Int32(bitPattern: line)
            let columnValue = Int32(bitPattern: column)
            problem = NoteProblem(
                kind: kind, line: lineValue < 0 ? nil : Int(lineValue),
                column: columnValue < 0 ? nil : Int(columnValue), message: message)
        }
        var aliases: [String] = []
        if flags & 4 != 0 {
            guard let aliasCount = input.u16() else { return nil }
            for _ in 0..<aliasCount {
                guard let alias = input.string() else { return nil }
                aliases.append(alias)
            }
        }
        return Note(
            path: path, folder: folder, title: title, tags: tags, tagKeys: keys,
            pinned: flags & 1 != 0, created: Double(bitPattern: created),
            modified: Double(bitPattern: modified), snippet: snippet,
            stamp: FileStamp(inode: inode, size: Int64(bitPattern: size), mtimeNanos: Int64(bitPattern: mtime)),
            problem: problem, tagOrigins: origins, aliases: aliases)
    }

    /// Reads a whole file with POSIX calls; nil on any error, a symlink, a non-regular file or another owner.
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), SystemIO.isRegular(info), info.st_uid == getuid(),
            case .bytes(let bytes) = SystemIO.read(fd, limit: Int(info.st_size), expected: Int(info.st_size)), bytes.count == Int(info.st_size)
        else { return nil }
        return bytes
    }
}

/// Appends little-endian integers and length-prefixed strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u16(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
}

/// A bounds-checked cursor over the cache bytes; every read returns nil past the end.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    var position = 0

    var atEnd: Bool { position == buffer.count }

    mutating func take(_ expected: [UInt8]) -> Bool {
        guard buffer.count - position >= expected.count else { return false }
        for (offset, byte) in expected.enumerated() where buffer[position + offset] != byte { return false }
        position += expected.count
        return true
    }

    /// Moves past `count` bytes; false when fewer remain.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, buffer.count - position >= count else { return false }
        position += count
        return true
    }

    mutating func u8() -> UInt8? {
        guard position < buffer.count else { return nil }
        defer { position += 1 }
        return buffer[position]
    }

    mutating func u16() -> UInt16? {
        guard buffer.count - position >= 2 else { return nil }
        defer { position += 2 }
        return UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt16.self))
    }

    mutating func u32() -> UInt32? {
        guard buffer.count - position >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    mutating func u64() -> UInt64? {
        guard buffer.count - position >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    /// A length-prefixed path and its folder (everything before the last `/`), split on the bytes.
    mutating func path() -> (String, String)? {
        guard let length = u32(), buffer.count - position >= Int(length) else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[position..<position + Int(length)])
            .assumingMemoryBound(to: UInt8.self)
        position += Int(length)
        guard let path = ByteReader.validString(bytes) else { return nil }
        guard let slash = bytes.lastIndex(of: 0x2F) else { return (path, "") }
        return (path, String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self))
    }

    /// A length-prefixed UTF-8 string; nil when it runs past the end or is not valid UTF-8.
    mutating func string() -> String? {
        guard let length = u32(), buffer.count - position >= Int(length) else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[position..<position + Int(length)])
        position += Int(length)
        return ByteReader.validString(slice.assumingMemoryBound(to: UInt8.self))
    }

    /// The bytes as a String; nil when they are not valid UTF-8. `String(decoding:)` has a
    /// specialized fast path (`String(validating:)` looked up generic metadata on every call, a
    /// tenth of `ls -r`); a repaired string is told by its bytes differing from the input.
    static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return PathKey.sameBytes(text, UnsafeRawBufferPointer(bytes)) ? text : nil
    }
}
