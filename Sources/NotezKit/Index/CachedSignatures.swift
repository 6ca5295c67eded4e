import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index cache's text signatures joined to the notes of a live index (a daemon's snapshot), so
/// that a warm full-text search leaves unread the notes whose signature lacks a word's trigrams,
/// as a cold search does, instead of reading every candidate body.
///
/// A note is joined only when the cache records its path with the same stamp (inode, size, mtime):
/// the proof the cold path trusts the cache with. Every other note (changed since the cache was
/// written, or never cached) stays a candidate and is read, so the join can make a search slower,
/// never different. The cache stays mapped, not copied: what this keeps is 12 bytes a note for the
/// join, remade for each new snapshot by the first full-text search on it; the signature
/// pages a search reads are released as it goes (`SignatureScan`), the rest when it ends. A cache
/// file written again since (by a cold run) is mapped again at the next search, and its signatures
/// sliced again (`SignatureSlices`), so that a search reads a few rows of bits, not every note's
/// signature.
public final class CachedSignatures: @unchecked Sendable {
    private let root: String
    private let lock = NSLock()
    // Guarded by `lock`.
    private var mapped: Mapped?
    /// Each note's signature in the cache as offset << 32 | length (`none`: no record), so a
    /// search reads the signatures alone, not the records, and the record's number (for its
    /// column in the slices).
    private var join: (version: Int, generation: UInt64, signatures: [UInt64], records: [UInt32], oversized: [Int])?
    /// The slices of the mapped cache's signatures (`value` nil: none could be made), made in the
    /// background once per cache file (`slicing`); searches until then test each signature.
    private var slices: (generation: UInt64, value: SignatureSlices?)?
    /// The generation of the cache file whose slices are being made.
    private var slicing: UInt64?
    /// Whether a `prepare` is on its way.
    private var preparing = false
    /// Held through each answer of a daemon (`answering`).
    private let answer = NSLock()
    /// Entered while slices are being made (tests wait on it).
    let slicingGroup = DispatchGroup()
    /// Whether the last search found no usable cache, or a cache that misses
    /// `IndexBuilder.deferredWriteThreshold` notes or more (each then read by every search).
    private var stale = false
    /// The document frequencies ranked searches counted on the snapshot of the last join's
    /// version (`DocumentFrequencies`: exact, bounded, dropped at any other version).
    let frequencies = DocumentFrequencies()

    /// The cache file as mapped, with the `stat` that tells when it was replaced.
    private struct Mapped {
        let file: MappedFile
        let image: CacheImage
        let identity: FileIdentity
        let titleFromHeading: Bool
    }

    /// What identifies one version of the cache file (it is replaced by rename, never changed in place).
    private struct FileIdentity: Equatable {
        let device: UInt64
        let stamp: FileStamp
    }

    /// No record for this note (it stays a candidate).
    static let none = UInt64.max
    /// No record for this note, in the join's record numbers.
    static let noRecord = UInt32.max

    /// The signatures of the cache of the vault at `root`; nothing is read until a search asks.
    public init(root: String) {
        self.root = root
    }

    /// The members of `positions` (positions in `index`, whose notes `version` names) that may
    /// contain every one of `trigrams`. A set, not a list: a search of the whole vault made a
    /// fresh list of 100,000 positions (800 KB of new pages) to hand over.
    func candidates(_ positions: PositionSet, trigrams: [UInt32], in index: VaultIndex, version: Int) -> PositionSet {
        lock.withLock {
            guard let mapped = current(titleFromHeading: index.config.titleFromHeading) else {
                stale = true
                return positions
            }
            let generation = mapped.image.generation
            startSlicing(mapped)
            let sliced = slices?.generation == generation ? slices?.value : nil
            let signatures: [UInt64]
            let records: [UInt32]
            if let join, join.version == version, join.generation == generation, join.signatures.count == index.notes.count {
                (signatures, records) = (join.signatures, join.records)
            } else {
                // The old join goes first: two are never alive at once.
                join = nil
                (signatures, records) = CachedSignatures.join(index.notes, mapped.image) { mapped.file.release() }
                join = (version, generation, signatures, records, VaultIndex.oversizedPositions(index.notes))
                stale = signatures.lazy.filter { $0 == CachedSignatures.none }.count >= IndexBuilder.deferredWriteThreshold
            }
            let result = CachedSignatures.test(
                positions, signatures: signatures, trigrams: trigrams, image: mapped.image, file: mapped.file,
                slices: sliced.map { ($0, records) })
            // Everything the checks, the join and the pass touched (records, paths, tables) is
            // given back too: a daemon keeps none of the cache resident between searches.
            mapped.file.release()
            return result
        }
    }

    /// The positions of the notes over `NoteReader.maxNoteSize` in the index of `version`, found
    /// once with its join (a pass over every note was a twentieth of a warm search, alone on one
    /// core); nil when no join of that version is kept.
    func oversized(noteCount: Int, version: Int) -> [Int]? {
        lock.withLock {
            guard let join, join.version == version, join.signatures.count == noteCount else { return nil }
            return join.oversized
        }
    }

    /// Maps the index cache and starts slicing its signatures, if not done yet for this version of
    /// the file, so that the first full-text search finds them made; on another thread, since
    /// mapping and checking the file takes tens of milliseconds. A daemon calls it after each
    /// answer (cheap once done: one `lstat`).
    public func prepare(titleFromHeading: Bool) {
        guard lock.withLock({ () -> Bool in
            guard !preparing else { return false }
            preparing = true
            return true
        })
        else { return }
        slicingGroup.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { slicingGroup.leave() }
            lock.withLock {
                preparing = false
                guard let mapped = current(titleFromHeading: titleFromHeading) else { return }
                startSlicing(mapped)
            }
        }
    }

    /// Starts making the slices of `mapped`'s signatures on another thread (about half a second
    /// of one core at 100,000 notes, which no search waits for), unless they are made or being
    /// made. Called with `lock` held.
    private func startSlicing(_ mapped: Mapped) {
        let generation = mapped.image.generation
        guard slices?.generation != generation, slicing != generation else { return }
        slices = nil
        slicing = generation
        guard let folder = IndexCache.folderPath(root: root) else { return }
        slicingGroup.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { slicingGroup.leave() }
            // After giving back its pages, the build waits for an answer or a mapping to end:
            // their memory and the build's pages are never resident together (a watch whose
            // cache was written while its warm rows ran went over its budget with both at once).
            // It stops when a newer cache file replaced this one.
            let made = SignatureSlices(image: mapped.image, folder: folder) {
                mapped.file.release()
                answer.withLock {}
                return lock.withLock { slicing == generation }
            }
            lock.withLock {
                guard slicing == generation else { return }
                slices = (generation, made)
                slicing = nil
            }
        }
    }

    /// Runs `body`, one answer of a daemon; a build of slices waits meanwhile.
    public func answering<T>(_ body: () throws -> T) rethrows -> T {
        try answer.withLock(body)
    }

    /// Whether the slices of the mapped cache are made and answer searches.
    var hasSlices: Bool { lock.withLock { slices?.value != nil } }

    /// Whether the index cache should be brought up to date for the daemon's full-text searches
    /// (`stale`): a daemon never writes it, so its front end starts a refresh.
    public var needsRefresh: Bool { lock.withLock { stale } }

    /// Positions a part of a scan takes at least: below that, one thread tests them all.
    static let scanPart = 8192

    /// How many notes ahead of the one tested a pass fetches a signature (`SignatureScan.prefetch`):
    /// enough misses in flight to cover a memory access, few enough to stay in the cache.
    static let prefetchDistance = 16

    /// The members of `positions` whose joined signature may contain every trigram, tested in
    /// parts of consecutive positions on all cores (a warm search tests 100,000 signatures; one
    /// core took a fifth of its time), each part giving back the pages it passed
    /// (`SignatureScan`). Positions ascend and the join follows path order, as the cache's
    /// records do, so each part reads its own stretch of the signatures. With `slices` (and each
    /// position's record in the cache, from the join), a sliced note is answered by one test of
    /// the slices instead.
    static func test(
        _ positions: PositionSet, signatures: [UInt64], trigrams: [UInt32], image: CacheImage, file: MappedFile,
        slices: (SignatureSlices, records: [UInt32])? = nil, part: Int = scanPart
    ) -> PositionSet {
        let ranges = positions.wordRanges(parts: max(1, min(8, positions.count / max(1, part))))
        let words = positions.words
        let sliced = slices.map { slices in trigrams.withUnsafeBufferPointer { slices.0.test($0) } } ?? []
        let columns = slices?.0.columns ?? []
        let records = slices?.records ?? []
        let found = Parallel.map(ranges.count, minimumChunk: 1) { part -> [UInt64] in
            let range = ranges[part]
            var kept = [UInt64](repeating: 0, count: range.count)
            // Buffers, not the arrays, in the loop: each call that took an array retained and
            // released it, and both cores doing so on the same arrays fought over their counts.
            words.withUnsafeBufferPointer { words in
                signatures.withUnsafeBufferPointer { signatures in
                    trigrams.withUnsafeBufferPointer { trigrams in
                        // A sliced position's answer, nil for a position tested alone.
                        @inline(__always) func slicedAnswer(_ position: Int) -> Bool? {
                            guard !records.isEmpty, case let record = Int(records[position]), record < columns.count else { return nil }
                            let column = Int(columns[record])
                            guard column != Int(SignatureSlices.unsliced) else { return nil }
                            return sliced[column >> 6] >> UInt64(column & 63) & 1 != 0
                        }
                        var current = Members(words, range)
                        var ahead = current
                        let start = current.firstJoined(signatures).map { Int($0 >> 32) } ?? 0
                        var scan = SignatureScan(image: image, file: file, from: start)
                        // The note `prefetchDistance` members ahead is fetched while this one is
                        // tested: each note's first load is a miss, and one at a time they were
                        // most of the pass.
                        for _ in 0..<prefetchDistance where ahead.next() != nil {}
                        while let position = current.next() {
                            if let later = ahead.next(), slicedAnswer(later) == nil {
                                let signature = signatures[later]
                                if signature != CachedSignatures.none {
                                    scan.prefetch(signatureAt: Int(signature >> 32), count: Int(signature & 0xFFFF_FFFF), trigrams)
                                }
                            }
                            let signature = signatures[position]
                            if let answer = slicedAnswer(position) {
                                if answer { kept[(position >> 6) - range.lowerBound] |= 1 << UInt64(position & 63) }
                            } else if signature == CachedSignatures.none
                                || scan.mayContain(signatureAt: Int(signature >> 32), count: Int(signature & 0xFFFF_FFFF), trigrams)
                            {
                                kept[(position >> 6) - range.lowerBound] |= 1 << UInt64(position & 63)
                            }
                        }
                        scan.finish()
                    }
                }
            }
            return kept
        }
        var result = [UInt64]()
        result.reserveCapacity(words.count)
        for part in found { result += part }
        return PositionSet(capacity: positions.capacity, words: result)
    }

    /// The members of a set's words `range`, ascending.
    private struct Members {
        let words: UnsafeBufferPointer<UInt64>
        let end: Int
        var index: Int
        var rest: UInt64

        init(_ words: UnsafeBufferPointer<UInt64>, _ range: Range<Int>) {
            self.words = words
            end = range.upperBound
            index = range.lowerBound
            rest = range.isEmpty ? 0 : words[range.lowerBound]
        }

        mutating func next() -> Int? {
            while rest == 0 {
                index += 1
                guard index < end else { return nil }
                rest = words[index]
            }
            let position = index << 6 + rest.trailingZeroBitCount
            rest &= rest - 1
            return position
        }

        /// The joined signature of the first remaining member that has one.
        func firstJoined(_ signatures: UnsafeBufferPointer<UInt64>) -> UInt64? {
            var copy = self
            while let position = copy.next() {
                if signatures[position] != CachedSignatures.none { return signatures[position] }
            }
            return nil
        }
    }

    /// The mapped cache, mapped again when the file was replaced; nil when there is no usable cache.
    private func current(titleFromHeading: Bool) -> Mapped? {
        guard let folder = IndexCache.folderPath(root: root), (try? UserFolders.check(folder)) != nil else {
            mapped = nil
            return nil
        }
        let path = folder + "/" + IndexCache.fileName
        guard let info = SystemIO.lstat(path) else {
            mapped = nil
            return nil
        }
        let identity = FileIdentity(device: UInt64(info.st_dev), stamp: FileStamp(info))
        if let mapped, mapped.identity == identity, mapped.titleFromHeading == titleFromHeading { return mapped }
        mapped = nil
        join = nil
        slices = nil
        slicing = nil
        // The mapping checks the file itself (regular, the user's, not a symlink). A replacement
        // between the `lstat` and the mapping only costs mapping it again at the next search.
        guard let file = MappedFile(path: path),
            let image = CacheImage(file.contents, titleFromHeading: titleFromHeading, checkingTables: false, passing: { file.release() })
        else { return nil }
        // The checks touched the records and paths: not kept resident until the join reads them.
        file.release()
        mapped = Mapped(file: file, image: image, identity: identity, titleFromHeading: titleFromHeading)
        return mapped
    }

    /// Records the join passes between two calls of its `release`.
    static let releaseEvery = 4096

    /// For each note, the signature of the cache record of the same path and stamp (`none` when
    /// there is none) and that record's number (`noRecord`), by one merge of the two path-ordered
    /// lists. `release` is called every `releaseEvery` records and at the end: the records and
    /// paths passed (tens of MB at 100,000 notes) are then given back as the merge goes, not all
    /// kept resident until it ends.
    static func join(_ notes: [Note], _ image: CacheImage, release: () -> Void = {}) -> (signatures: [UInt64], records: [UInt32]) {
        var signatures = [UInt64](repeating: none, count: notes.count)
        var records = [UInt32](repeating: noRecord, count: notes.count)
        var nextRelease = releaseEvery
        defer { release() }
        image.joinByPath(
            notes,
            passing: { record in
                guard record >= nextRelease else { return }
                release()
                nextRelease = record + releaseEvery
            },
            current: { position, record in
                let span = image.signatureSpan(record)
                signatures[position] = UInt64(span.offset) << 32 | UInt64(span.count)
                records[position] = UInt32(record)
            })
        return (signatures, records)
    }
}
