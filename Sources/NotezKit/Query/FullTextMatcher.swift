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
    let root: String
    let notes: [Note]
    let needles: [[UInt8]]
    /// Whether `cafe` matches `café` (accents and other combining marks are ignored on both sides).
    let ignoreAccents: Bool
    private let stride: Int
    // bits[position * stride + needle / 64]; each position is written by one worker only.
    private let bits: UnsafeMutableBufferPointer<UInt64>
    private var loaded: PositionSet

    init(root: String, notes: [Note], needles: [String], ignoreAccents: Bool = false) {
        self.root = root
        self.notes = notes
        self.ignoreAccents = ignoreAccents
        self.needles = needles.map { FullTextMatcher.fold(Array($0.utf8)[...], ignoreAccents: ignoreAccents) }
        stride = max(1, (needles.count + 63) / 64)
        bits = .allocate(capacity: max(1, notes.count * stride))
        bits.initialize(repeating: 0)
        loaded = PositionSet(capacity: notes.count)
    }

    deinit { bits.deallocate() }

    /// How many notes have been read so far (tests check that cheap terms narrow the reads).
    var loadedCount: Int { loaded.count }

    /// Lowercases and NFC-normalizes UTF-8 text; ASCII takes a byte-wise fast path.
    static func fold(_ bytes: ArraySlice<UInt8>, ignoreAccents: Bool) -> [UInt8] {
        let folded = fold(bytes)
        guard ignoreAccents, !folded.allSatisfy({ $0 < 0x80 }) else { return folded }
        return Array(stripMarks(String(decoding: folded, as: UTF8.self)).utf8)
    }

    /// The text without combining marks, after canonical decomposition (`café` → `cafe`), recomposed.
    static func stripMarks(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    static func fold(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // Foundation's normalization is slow; most text (Latin, Cyrillic, CJK, emoji) is already NFC.
        if isSurelyNFC(text) { return lowercasedRuns(bytes) }
        return Array(text.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping.utf8)
    }

    /// Lowercases ASCII bytes directly and only the non-ASCII runs through `String.lowercased()`.
    static func lowercasedRuns(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte < 0x80 {
                result.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                index += 1
                continue
            }
            var end = index
            while end < bytes.endIndex && bytes[end] >= 0x80 { end += 1 }
            result.append(contentsOf: String(decoding: bytes[index..<end], as: UTF8.self).lowercased().utf8)
            index = end
        }
        return result
    }

    /// Scalars in these ranges neither combine with neighbours nor change under NFC.
    private static let stableRanges: [ClosedRange<UInt32>] = [
        0x0000...0x02FF, 0x0400...0x0482, 0x048A...0x052F, 0x2002...0x206F, 0x20A0...0x20C0, 0x2190...0x2328,
        0x232B...0x27FF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFE0F...0xFE0F, 0x1F000...0x1FAFF,
    ]

    /// True when every scalar is in a range where NFC changes nothing, so normalization can be skipped.
    static func isSurelyNFC(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            if value < 0x0300 { return true }
            return stableRanges.contains { $0.contains(value) }
        }
    }

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
        load(candidates.subtracting(loaded).positions)
        return candidates.filter { bits[$0 * stride + needle >> 6] & (1 << UInt64(needle & 63)) != 0 }
    }

    /// Reads and matches the given notes on all cores.
    private func load(_ positions: [Int]) {
        guard !positions.isEmpty else { return }
        Parallel.forEach(positions.count, minimumChunk: 16) { index in self.match(positions[index]) }
        for position in positions { loaded.insert(position) }
    }

    private func match(_ position: Int) {
        let note = notes[position]
        let title = FullTextMatcher.fold(Array(note.title.utf8)[...], ignoreAccents: ignoreAccents)
        var body: [UInt8]?
        for (number, needle) in needles.enumerated() {
            var found = FullTextMatcher.contains(title, needle)
            if !found {
                if body == nil { body = readBody(note) }
                found = FullTextMatcher.contains(body!, needle)
            }
            if found { bits[position * stride + number >> 6] |= 1 << UInt64(number & 63) }
        }
    }

    /// The folded body text after the front matter; empty for unreadable files and notes over
    /// `NoteReader.maxNoteSize`. NUL bytes stay in: they never occur in a needle, so only the text
    /// around them can match.
    private func readBody(_ note: Note) -> [UInt8] {
        if note.stamp.size > Int64(NoteReader.maxNoteSize) { return [] }
        guard let contents = try? NoteReader.readAll(root + "/" + note.path) else { return [] }
        let bytes = contents.bytes
        let start: Int
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block): start = block.bodyStart
        case .none(let bodyStart): start = bodyStart
        case .unterminated, .tooLarge: start = 0
        }
        return FullTextMatcher.fold(bytes[min(start, bytes.count)...], ignoreAccents: ignoreAccents)
    }
}
