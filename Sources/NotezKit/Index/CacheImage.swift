#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of an index cache file, checked once so that every later read is in bounds: fixed-size
/// note records, a folder table, a tag table with posting lists, a string table and each note's
/// full entry (`IndexCache.encodeEntry`). Readers touch only what they need: a tag query reads the
/// tag table and its postings, never a note's entry.
///
/// Layout (little-endian), header of 160 bytes: `NZIX`, u32 format version, u32 reader revision,
/// u32 link reader version (`LinkTable.readerVersion`), u64 note count N, folder count F, tag count
/// T, posting count P, string bytes S, entry bytes E, signature bytes G, u64 generation (random,
/// never zero: names this file for the `WalkSnapshot` beside it), u64 link bytes L, link key count
/// K, link posting count Q, resolution bytes R, u64 resolution word (`StoredResolution.word`, 0:
/// none stored), body facts bytes B, u64 graph flag (1: the link graph is stored, 0: not), edge
/// count D, unread count U, tag spelling bytes V. Then N records of 96 bytes (inode u64, size i64, mtime ns
/// i64, created f64, modified f64, path offset u32 and length u32 in the strings, entry offset u32
/// and length u32 in the entries, folder number u32, flags u32: 1 pinned, 2 a problem, text signature offset
/// u32 and length u32, links offset u32 and length u32, resolutions offset u32 and length u32, body facts offset u32 and
/// length u32), F folders of 8 bytes (offset, length), T
/// tags of 32 bytes sorted by key bytes (key offset, length, display name offset, length, first
/// posting, posting count, notes with it in front matter, notes with it inline, all u32), P
/// postings (u32 note numbers, ascending per tag), the strings, the entries, the text signatures
/// (`TextSignature`), the links (each note's `StoredLink.encode`), K link keys of 24 bytes sorted
/// by key bytes (key offset and length in the strings, first posting and count of the notes with
/// a link filed under the key, first posting and count of the notes called by it, all u32), Q
/// link postings (u32 note numbers, ascending per list), the resolutions (each note's
/// `StoredResolution.encode`), the body facts (each note's `BodyFacts`), with the graph flag the
/// link graph (`StoredGraph`: N + 1 u32 offsets and D u32 targets of the edges out of each note,
/// the same for the edges into each note, and U u32 numbers of the notes whose links are
/// unknown), the tag spellings (`TagSpellings`), and `NZND`.
// Unchecked: it only reads bytes its owner (a `MappedFile` or a caller's buffer) keeps alive and unchanged.
struct CacheImage: @unchecked Sendable {
    static let headerSize = 160
    static let recordSize = 96
    static let linkKeySize = 24
    static let folderSize = 8
    static let tagSize = 32

    let bytes: UnsafeRawBufferPointer
    let noteCount: Int
    let folderCount: Int
    let tagCount: Int
    let records: Int
    let folders: Int
    let tags: Int
    let postings: Int
    let strings: Int
    let stringsLength: Int
    let entries: Int
    let entriesLength: Int
    let signatures: Int
    let signaturesLength: Int
    let links: Int
    let linksLength: Int
    let linkKeys: Int
    let linkKeyCount: Int
    let linkPostings: Int
    let linkPostingCount: Int
    let resolutions: Int
    let resolutionsLength: Int
    /// The options and resolver revision the resolutions were made with (0: none stored).
    let resolutionWord: UInt64
    let facts: Int
    let factsLength: Int
    /// Where the link graph starts (`StoredGraph`), its edge and unread counts; nil when not stored.
    let graph: (offset: Int, edgeCount: Int, unreadCount: Int)?
    /// The random number this file was written with.
    let generation: UInt64
    /// Where the tag spellings section (`TagSpellings`) starts, and its length.
    let spellings: Int
    let spellingsLength: Int

    /// Checks the header, the section sizes and every offset, string and posting; nil when anything
    /// is out of place (truncated, corrupt, another version).
    /// `titleFromHeading`: the title rule the cache must have been written with. `checkingTables`
    /// false skips the tag and link tables (a reader of paths, stamps and signatures only, which
    /// must then never read them: `CachedSignatures`), so their pages are not touched.
    /// `passing` is called every few thousand records the checks pass (a caller that mapped the
    /// file gives their pages back as the checks go).
    init?(
        _ bytes: UnsafeRawBufferPointer, titleFromHeading: Bool = false, checkingTables: Bool = true,
        passing: (@Sendable () -> Void)? = nil
    ) {
        let size = bytes.count
        guard size >= CacheImage.headerSize + IndexCache.endMarker.count,
            zip(IndexCache.magic, bytes.prefix(4)).allSatisfy({ $0 == $1 }),
            CacheImage.u32(bytes, 4) == IndexCache.formatVersion, CacheImage.u32(bytes, 8) == IndexCache.readerStamp(titleFromHeading: titleFromHeading),
            CacheImage.u32(bytes, 12) == LinkTable.readerVersion,
            zip(IndexCache.endMarker, bytes.suffix(4)).allSatisfy({ $0 == $1 })
        else { return nil }
        // Each count is bounded by the file size before anything is multiplied, so nothing overflows.
        let counts = (stride(from: 16, to: 72, by: 8).map { $0 } + [80, 88, 96, 104, 120, 136, 144, 152]).map { CacheImage.u64(bytes, $0) }
        guard counts.allSatisfy({ $0 <= UInt64(size) }) else { return nil }
        let (l, k, q, r, b) = (Int(counts[7]), Int(counts[8]), Int(counts[9]), Int(counts[10]), Int(counts[11]))
        let (n, f, t, p, s, e, g) = (
            Int(counts[0]), Int(counts[1]), Int(counts[2]), Int(counts[3]), Int(counts[4]), Int(counts[5]), Int(counts[6])
        )
        self.bytes = bytes
        generation = CacheImage.u64(bytes, 72)
        resolutionWord = CacheImage.u64(bytes, 112)
        noteCount = n
        folderCount = f
        tagCount = t
        records = CacheImage.headerSize
        folders = records + n * CacheImage.recordSize
        tags = folders + f * CacheImage.folderSize
        postings = tags + t * CacheImage.tagSize
        strings = postings + p * 4
        stringsLength = s
        entries = strings + s
        entriesLength = e
        signatures = entries + e
        signaturesLength = g
        links = signatures + g
        linksLength = l
        linkKeys = links + l
        linkKeyCount = k
        linkPostings = linkKeys + k * CacheImage.linkKeySize
        linkPostingCount = q
        resolutions = linkPostings + q * 4
        resolutionsLength = r
        facts = resolutions + r
        factsLength = b
        let (d, u, v) = (Int(counts[12]), Int(counts[13]), Int(counts[14]))
        let graphFlag = CacheImage.u64(bytes, 128)
        guard graphFlag <= 1, graphFlag == 1 || (d == 0 && u == 0) else { return nil }
        let graphLength = graphFlag == 1 ? (2 * (n + 1) + 2 * d + u) * 4 : 0
        graph = graphFlag == 1 ? (offset: facts + b, edgeCount: d, unreadCount: u) : nil
        spellings = facts + b + graphLength
        spellingsLength = v
        guard spellings + v + IndexCache.endMarker.count == size, b <= UInt32.max, n <= UInt32.max, s <= UInt32.max, e <= UInt32.max,
            g <= UInt32.max, l <= UInt32.max, r <= UInt32.max
        else { return nil }
        guard validFolders() else { return nil }
        // Every cold command opens the cache before anything else: at 100,000 notes the records'
        // checks took 15-20 ms on one core, so a large cache is checked in parts on all cores, the
        // tables as one more part (parts of paths with more non-ASCII take longer to check).
        let image = self
        let tables = { @Sendable in !checkingTables || (image.validTags(postingCount: p) && image.validLinkKeys()) }
        guard n >= CacheImage.parallelCheckNotes else {
            guard validRecords(0..<n, passing: passing), tables() else { return nil }
            return
        }
        let parts = 8
        let passed = Parallel.map(parts + 1, minimumChunk: 1) { part in
            part == parts ? tables() : image.validRecords(n * part / parts..<n * (part + 1) / parts, passing: passing)
        }
        guard !passed.contains(false) else { return nil }
    }

    /// From this many notes the records are checked in parts on all cores.
    static let parallelCheckNotes = 16_384

    // MARK: - Reading

    static func u32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    static func u64(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    func u32(_ offset: Int) -> Int { Int(CacheImage.u32(bytes, offset)) }

    func u64(_ offset: Int) -> UInt64 { CacheImage.u64(bytes, offset) }

    /// The bytes of a string-table range.
    func stringBytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[strings + offset..<strings + offset + length])
    }

    func string(_ offset: Int, _ length: Int) -> String {
        String(decoding: stringBytes(offset, length), as: UTF8.self)
    }

    func record(_ note: Int) -> Int { records + note * CacheImage.recordSize }

    /// A note's bytes in a section: the record's u32 offset (into `section`) at `field` and the u32
    /// length after it.
    private func span(of note: Int, in section: Int, field: Int) -> UnsafeRawBufferPointer {
        let at = record(note)
        let offset = section + u32(at + field)
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + u32(at + field + 4)])
    }

    func stamp(_ note: Int) -> FileStamp {
        let at = record(note)
        return FileStamp(inode: u64(at), size: Int64(bitPattern: u64(at + 8)), mtimeNanos: Int64(bitPattern: u64(at + 16)))
    }

    func created(_ note: Int) -> Double { Double(bitPattern: u64(record(note) + 24)) }

    func modified(_ note: Int) -> Double { Double(bitPattern: u64(record(note) + 32)) }

    func pathBytes(_ note: Int) -> UnsafeRawBufferPointer { stringBytes(u32(record(note) + 40), u32(record(note) + 44)) }

    func path(_ note: Int) -> String { string(u32(record(note) + 40), u32(record(note) + 44)) }

    func entryBytes(_ note: Int) -> UnsafeRawBufferPointer { span(of: note, in: entries, field: 48) }

    func folderNumber(_ note: Int) -> Int { u32(record(note) + 56) }

    /// Where a note's text signature is: its offset in the signatures section and its length.
    func signatureSpan(_ note: Int) -> (offset: Int, count: Int) { (u32(record(note) + 64), u32(record(note) + 68)) }

    /// A note's text signature (empty: unknown).
    func signature(_ note: Int) -> UnsafeRawBufferPointer { span(of: note, in: signatures, field: 64) }

    /// A note's stored links (`StoredLink.encode`, or the unread marker).
    func linkBytes(_ note: Int) -> UnsafeRawBufferPointer { span(of: note, in: links, field: 72) }

    /// A note's stored resolutions (`StoredResolution.encode`; empty: none, or no links).
    func resolutionBytes(_ note: Int) -> UnsafeRawBufferPointer { span(of: note, in: resolutions, field: 80) }

    /// A note's body facts (`BodyFacts`; empty: unknown).
    func factBytes(_ note: Int) -> UnsafeRawBufferPointer { span(of: note, in: facts, field: 88) }

    func linkKeyBytes(_ key: Int) -> UnsafeRawBufferPointer {
        let at = linkKeys + key * CacheImage.linkKeySize
        return stringBytes(u32(at), u32(at + 4))
    }

    /// The note numbers of a link key's list: `named` false, the notes with a link filed under
    /// it; true, the notes called by it.
    func linkPostings(_ key: Int, named: Bool) -> UnsafeRawBufferPointer {
        let at = linkKeys + key * CacheImage.linkKeySize + (named ? 16 : 8)
        let start = linkPostings + u32(at) * 4
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + u32(at + 4) * 4])
    }

    func pinned(_ note: Int) -> Bool { u32(record(note) + 60) & 1 != 0 }

    /// Whether the note's entry has a problem (`Note.problem`), from its record's flags.
    func hasProblem(_ note: Int) -> Bool { u32(record(note) + 60) & 2 != 0 }

    /// The tag spellings section (`TagSpellings`), unchecked until read.
    var spellingBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[spellings..<spellings + spellingsLength]) }

    func folder(number: Int) -> String {
        let at = folders + number * CacheImage.folderSize
        return string(u32(at), u32(at + 4))
    }

    func tagKeyBytes(_ tag: Int) -> UnsafeRawBufferPointer {
        let at = tags + tag * CacheImage.tagSize
        return stringBytes(u32(at), u32(at + 4))
    }

    func tagKey(_ tag: Int) -> String {
        let at = tags + tag * CacheImage.tagSize
        return string(u32(at), u32(at + 4))
    }

    /// The tag's most common spelling, as bytes (checked UTF-8 when the image was opened).
    func tagNameBytes(_ tag: Int) -> UnsafeRawBufferPointer {
        let at = tags + tag * CacheImage.tagSize
        return stringBytes(u32(at + 8), u32(at + 12))
    }

    func tagName(_ tag: Int) -> String {
        let at = tags + tag * CacheImage.tagSize
        return string(u32(at + 8), u32(at + 12))
    }

    /// How many notes write the tag in their front matter.
    func frontMatterCount(_ tag: Int) -> Int { u32(tags + tag * CacheImage.tagSize + 24) }

    /// How many notes write the tag inline (`#tag`).
    func inlineCount(_ tag: Int) -> Int { u32(tags + tag * CacheImage.tagSize + 28) }

    /// How many notes carry the tag.
    func postingCount(_ tag: Int) -> Int { u32(tags + tag * CacheImage.tagSize + 20) }

    /// The note numbers that carry a tag, ascending.
    func postings(_ tag: Int) -> UnsafeRawBufferPointer {
        let at = tags + tag * CacheImage.tagSize
        let start = postings + u32(at + 16) * 4
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + u32(at + 20) * 4])
    }

    // MARK: - Validation

    private func inStrings(_ offset: Int, _ length: Int) -> Bool { offset + length <= stringsLength }

    private func validUTF8(_ offset: Int, _ length: Int) -> Bool {
        let text = stringBytes(offset, length)
        if !text.contains(where: { $0 >= 0x80 }) { return true }
        return String(validating: text.assumingMemoryBound(to: UInt8.self), as: UTF8.self) != nil
    }

    private func validFolders() -> Bool {
        for number in 0..<folderCount {
            let at = folders + number * CacheImage.folderSize
            guard inStrings(u32(at), u32(at + 4)), validUTF8(u32(at), u32(at + 4)) else { return false }
        }
        return true
    }

    /// Every record in `range` has its ranges in bounds, its path UTF-8 and its folder exactly its path's
    /// folder (what a reader would derive from the path), so no later read can disagree.
    private func validRecords(_ range: Range<Int>, passing: (@Sendable () -> Void)?) -> Bool {
        for note in range {
            if let passing, (note - range.lowerBound) % 8192 == 8191 { passing() }
            let at = record(note)
            let (pathOffset, pathLength) = (u32(at + 40), u32(at + 44))
            guard inStrings(pathOffset, pathLength), pathLength > 0, u32(at + 48) + u32(at + 52) <= entriesLength,
                u32(at + 64) + u32(at + 68) <= signaturesLength, u32(at + 72) + u32(at + 76) <= linksLength,
                u32(at + 80) + u32(at + 84) <= resolutionsLength, u32(at + 88) + u32(at + 92) <= factsLength,
                u32(at + 56) < folderCount, validUTF8(pathOffset, pathLength)
            else { return false }
            let path = stringBytes(pathOffset, pathLength)
            let folderAt = folders + u32(at + 56) * CacheImage.folderSize
            let folder = stringBytes(u32(folderAt), u32(folderAt + 4))
            let slash = path.lastIndex(of: 0x2F)
            if let slash {
                guard folder.count == slash, memcmp(folder.baseAddress!, path.baseAddress!, slash) == 0 else { return false }
            } else if !folder.isEmpty {
                return false
            }
        }
        return true
    }

    private func validTags(postingCount: Int) -> Bool {
        for tag in 0..<tagCount {
            let at = tags + tag * CacheImage.tagSize
            guard inStrings(u32(at), u32(at + 4)), inStrings(u32(at + 8), u32(at + 12)), u32(at + 16) + u32(at + 20) <= postingCount,
                validUTF8(u32(at), u32(at + 4)), validUTF8(u32(at + 8), u32(at + 12))
            else { return false }
            var previous = -1
            for index in 0..<u32(at + 20) {
                let note = u32(postings + (u32(at + 16) + index) * 4)
                guard note > previous, note < noteCount else { return false }
                previous = note
            }
        }
        return true
    }

    /// Every link key in bounds, UTF-8 and after the one before (byte order), and every list of
    /// note numbers in bounds and ascending.
    private func validLinkKeys() -> Bool {
        for key in 0..<linkKeyCount {
            let at = linkKeys + key * CacheImage.linkKeySize
            guard inStrings(u32(at), u32(at + 4)), validUTF8(u32(at), u32(at + 4)) else { return false }
            if key > 0, !PathKey.bytesPrecede(linkKeyBytes(key - 1), linkKeyBytes(key)) { return false }
            for list in [at + 8, at + 16] {
                guard u32(list) + u32(list + 4) <= linkPostingCount else { return false }
                var previous = -1
                for index in 0..<u32(list + 4) {
                    let note = u32(linkPostings + (u32(list) + index) * 4)
                    guard note > previous, note < noteCount else { return false }
                    previous = note
                }
            }
        }
        return true
    }
}

extension CacheImage {
    /// Calls `current(position, record)` for each note whose record has the same path and stamp,
    /// by one merge of the two path-ordered lists; `passing(record)` is called before each step
    /// (to give pages back as the merge goes).
    func joinByPath(_ notes: [Note], passing: (Int) -> Void = { _ in }, current: (_ position: Int, _ record: Int) -> Void) {
        var (position, record) = (0, 0)
        while position < notes.count, record < noteCount {
            passing(record)
            let note = notes[position]
            if PathKey.sameBytes(note.path, pathBytes(record)) {
                if note.stamp == stamp(record) { current(position, record) }
                position += 1
                record += 1
            } else if note.path < path(record) {
                position += 1
            } else {
                record += 1
            }
        }
    }
}
