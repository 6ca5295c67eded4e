import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Case-insensitive, Unicode-aware substring search of titles and bodies for a fixed set of needles.
///
/// Each note's body is read at most once (whole file with POSIX calls, front matter skipped), and
/// the answer for every needle is kept as bits, so bodies are never held in memory.
final class FullTextMatcher: @unchecked Sendable {
    let notes: any NoteCollection
    /// `notes` when it is the full index, whose signature test takes a set (`members(mayContainText:among:)`).
    private let index: VaultIndex?
    let needles: [[UInt8]]
    /// Each needle's trigrams for the text signatures; nil when a needle is too short, or accents
    /// are ignored (signatures keep them).
    let needleTrigrams: [[UInt32]?]
    /// Whether `cafe` matches `café` (accents and other combining marks are ignored on both sides).
    let ignoreAccents: Bool
    private let stride: Int
    // bits[position * stride + needle / 8]; each position is written by one worker only. Bytes,
    // not words: a search of one word keeps 1 byte a note (100 KB at 100,000 notes, not 800 KB),
    // which counts in a daemon's peak memory.
    private let bits: UnsafeMutableBufferPointer<UInt8>
    private var loaded: PositionSet
    /// For each needle with trigrams, the notes whose signature ruled it out: a later pass for the
    /// same needle over more notes (a ranked search's document frequency) tests only the rest.
    private var ruledOut: [PositionSet?]
    /// A ranked search's needles (`Ranker.needles`) and the numbers of its terms among `needles`:
    /// each note read that contains every term has its `Ranker.fieldCounts` kept, so the ranker
    /// does not read its body again. Only those: counting every note that has one word of several
    /// (all read for the document frequencies) cost more than reading the results again.
    private let rankNeedles: (needles: [[UInt8]], terms: [Int])?
    /// The vault's root, open while the matcher lives (-1 when it could not be opened: notes are
    /// then opened by absolute path).
    private let rootFolder: Int32
    private let countsLock = NSLock()
    // Guarded by `countsLock`.
    private var storedCounts: [Int: [Double]] = [:]

    init(
        notes: any NoteCollection, needles: [String], ignoreAccents: Bool = false, rankNeedles: (needles: [[UInt8]], terms: [Int])? = nil
    ) {
        self.notes = notes
        index = notes as? VaultIndex
        self.ignoreAccents = ignoreAccents
        self.rankNeedles = rankNeedles
        self.needles = needles.map { TextFold.fold(Array($0.utf8)[...], ignoreAccents: ignoreAccents) }
        needleTrigrams = ignoreAccents ? self.needles.map { _ in nil } : self.needles.map(TextSignature.trigrams)
        ruledOut = needleTrigrams.map { $0 == nil ? nil : PositionSet(capacity: notes.noteCount) }
        stride = max(1, (needles.count + 7) / 8)
        bits = .allocate(capacity: max(1, notes.noteCount * stride))
        bits.initialize(repeating: 0)
        loaded = PositionSet(capacity: notes.noteCount)
        rootFolder = open(notes.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// The field counts kept for a ranked search (see `rankNeedles`), by position.
    var fieldCounts: [Int: [Double]] { countsLock.withLock { storedCounts } }

    deinit {
        bits.deallocate()
        if rootFolder >= 0 { close(rootFolder) }
    }

    /// How many notes have been read so far (tests check that cheap terms narrow the reads).
    var loadedCount: Int { loaded.count }

    /// True when `needle` occurs in `haystack` (both folded).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if needle.count > haystack.count { return false }
        // memmem is not exported by Glibc's module map; memchr for the first byte, then memcmp.
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                let base = hay.baseAddress!
                let first = Int32(pin[0])
                let last = hay.count - pin.count
                var offset = 0
                while offset <= last {
                    guard let hit = memchr(base + offset, first, last - offset + 1) else { return false }
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, pin.baseAddress!, pin.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    /// The notes among `candidates` whose title or body contains needle number `needle`.
    func matching(_ needle: Int, in candidates: PositionSet) -> PositionSet {
        var unread = candidates.subtracting(loaded)
        // A note whose signature lacks one of the needle's trigrams is left unread: it cannot match.
        if let trigrams = needleTrigrams[needle], let excluded = ruledOut[needle] {
            let untested = unread.subtracting(excluded)
            // Nothing left to test (a ranked search's second pass of a one-word query): the
            // signatures are not even looked at.
            if untested.isEmpty {
                unread = untested
            } else {
                unread = index?.members(mayContainText: trigrams, among: untested)
                    ?? PositionSet(capacity: unread.capacity, positions: notes.positions(mayContainText: trigrams, among: untested.positions))
                ruledOut[needle] = excluded.union(untested.subtracting(unread))
            }
        }
        load(unread.positions)
        return candidates.filter { has(needle, at: $0) }
    }

    /// Whether the note at `position` was read and found to contain needle number `needle`.
    private func has(_ needle: Int, at position: Int) -> Bool {
        bits[position * stride + needle >> 3] & (1 << UInt8(needle & 7)) != 0
    }

    /// Reads and matches the given notes on all cores.
    private func load(_ positions: [Int]) {
        guard !positions.isEmpty else { return }
        Parallel.forEach(positions.count, minimumChunk: 16) { index in self.match(positions[index]) }
        for position in positions { loaded.insert(position) }
    }

    private func match(_ position: Int) {
        let title = TextFold.fold(Array(notes.title(at: position).utf8)[...], ignoreAccents: ignoreAccents)
        var body: Body?
        for (number, needle) in needles.enumerated() {
            var found = FullTextMatcher.contains(title, needle)
            if !found {
                if body == nil { body = readBody(position) }
                found = body!.contains(needle, ignoreAccents: ignoreAccents)
            }
            if found { bits[position * stride + number >> 3] |= 1 << UInt8(number & 7) }
        }
        // Counted while the note is in hand; any other result is read again by the ranker.
        if let rankNeedles, rankNeedles.terms.allSatisfy({ has($0, at: position) }) {
            if body == nil { body = readBody(position) }
            let counts = Ranker.fieldCounts(
                body!.contents, bodyStart: body!.bytes.startIndex, needles: rankNeedles.needles, ignoreAccents: ignoreAccents)
            countsLock.withLock { storedCounts[position] = counts }
        }
    }

    /// A note's body after its front matter, folded only when a needle needs it: an ASCII needle
    /// is found in an ASCII body by comparing case-insensitively in place, with no folded copy.
    struct Body {
        /// The whole file, front matter included (a ranked search counts its values).
        var contents: [UInt8] = []
        /// The body: `contents` after the front matter.
        let bytes: ArraySlice<UInt8>
        let isASCII: Bool
        var folded: [UInt8]?

        mutating func contains(_ needle: [UInt8], ignoreAccents: Bool) -> Bool {
            let asciiNeedle = !needle.contains(where: { $0 >= 0x80 })
            // ASCII has no case mappings or marks outside ASCII, so folding it changes only A-Z.
            if isASCII, asciiNeedle { return FullTextMatcher.containsIgnoringASCIICase(bytes, needle) }
            // Folding other text never joins two ASCII runs (a mark composes into a non-ASCII
            // letter) and makes ASCII only from four scalars (`TextFold.mayFoldToASCII`), so an
            // ASCII needle absent from the raw bytes, A-Z read as a-z, is absent from the folded
            // text too: most candidates are rejected without Unicode normalization. Not with
            // accents ignored: stripping a mark turns `é` into `e`.
            if asciiNeedle, !ignoreAccents, folded == nil, !TextFold.mayFoldToASCII(bytes) {
                // A raw match followed by an ASCII byte (or the end) is a match of the folded
                // text: its letters are ASCII and nothing after them can compose with the last.
                var from = 0
                while let start = FullTextMatcher.firstMatchIgnoringASCIICase(bytes, needle, from: from) {
                    let end = bytes.startIndex + start + needle.count
                    if end == bytes.endIndex || bytes[end] < 0x80 { return true }
                    from = start + 1
                }
                if from == 0 { return false }
            }
            if folded == nil { folded = TextFold.fold(bytes, ignoreAccents: ignoreAccents) }
            return FullTextMatcher.contains(folded!, needle)
        }
    }

    /// The body text after the front matter; empty for unreadable files and notes over
    /// `NoteReader.maxNoteSize`. NUL bytes stay in: they never occur in a needle, so only the text
    /// around them can match.
    private func readBody(_ position: Int) -> Body {
        let empty = Body(contents: [], bytes: [], isASCII: true)
        if notes.fileSize(at: position) > Int64(NoteReader.maxNoteSize) { return empty }
        // The walk that just listed the note found a regular file, and its size is known: no
        // `stat` before opening (the reader still checks the opened file is regular).
        let path = notes.path(at: position)
        guard
            let contents = try? NoteReader.read(
                notes.root + "/" + path, limit: NoteReader.maxNoteSize + 1, listedAsRegular: true,
                at: rootFolder >= 0 ? (rootFolder, path) : nil),
            contents.isComplete, contents.bytes.count <= NoteReader.maxNoteSize
        else { return empty }
        let bytes = contents.bytes
        let body = bytes[FrontMatterBlock.bodyStart(bytes)...]
        return Body(contents: bytes, bytes: body, isASCII: ASCIIBytes.only(body))
    }

    /// Whether folded ASCII `needle` occurs in `haystack` with A-Z read as a-z.
    static func containsIgnoringASCIICase(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        firstMatchIgnoringASCIICase(haystack, needle, from: 0) != nil
    }

    /// The offset (from `haystack.startIndex`) of the first occurrence of folded ASCII `needle` at
    /// or after offset `from`, with A-Z read as a-z; nil when there is none. Both spellings of the
    /// first byte are found with `memchr` (a loop over every byte was a twelfth of a warm search).
    static func firstMatchIgnoringASCIICase(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8], from: Int) -> Int? {
        if needle.isEmpty { return from <= haystack.count ? from : nil }
        if needle.count > haystack.count - from { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let base = UnsafeRawPointer(hay.baseAddress!)
                let first = pin[0]
                // A letter's other case: both spellings of the first byte are candidates.
                let other = first >= 0x61 && first <= 0x7A ? first & ~0x20 : first
                let last = hay.count - pin.count
                func find(_ byte: UInt8, from: Int) -> Int {
                    guard from <= last, let hit = memchr(base + from, Int32(byte), last - from + 1) else { return Int.max }
                    return base.distance(to: UnsafeRawPointer(hit))
                }
                var (lower, upper) = (find(first, from: from), other == first ? Int.max : find(other, from: from))
                var offset = from
                while true {
                    if lower < offset { lower = find(first, from: offset) }
                    if upper < offset { upper = find(other, from: offset) }
                    let at = min(lower, upper)
                    if at == Int.max { return nil }
                    var matched = 1
                    while matched < pin.count {
                        let next = hay[at + matched]
                        if (next >= 0x41 && next <= 0x5A ? next | 0x20 : next) != pin[matched] { break }
                        matched += 1
                    }
                    if matched == pin.count { return at }
                    offset = at + 1
                }
            }
        }
    }
}
