#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every note's folder, title and tags in one small file beside the index cache
/// (`$XDG_CACHE_HOME/notez/<vault key>/titles-v1.tsv`), so a capture can rank folders by
/// similarity (routing) without reading 100,000 notes or decoding the whole cache.
///
/// Derived and rebuildable like `IndexCache` (and trusted for the same reason: it lives in the
/// user's private cache folder); it is written whenever the cache is, and when it is missing.
/// It may be older than the vault: notes created since are absent, and folders named in it may be
/// gone (routing checks that a folder exists before suggesting it).
///
/// Layout: a header line `notez-titles<TAB>1<TAB>COUNT`, then one line a note:
/// `lowercased title and tags<TAB>folder<TAB>title[<TAB>tag]...`, then `end`. Fields escape `\`,
/// tab, line feed and carriage return as `\\`, `\t`, `\n`, `\r`. The lower-cased first field lets
/// a search find candidate lines with a byte search; callers check each candidate exactly.
struct TitleTable: Sendable {
    /// The file's name in the vault's cache folder.
    static let fileName = "titles-v1.tsv"
    static let header = "notez-titles\t1\t"
    static let endLine: [UInt8] = Array("end\n".utf8)

    /// The file's bytes.
    let bytes: [UInt8]
    /// Where the note lines start (after the header).
    let bodyStart: Int
    /// Where the note lines end (before the end line).
    let bodyEnd: Int
    /// The number of notes in the table.
    let count: Int

    /// The table's bytes for `notes`.
    static func encode(_ notes: [Note]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(notes.count * 96 + 64)
        out += Array((header + String(notes.count) + "\n").utf8)
        for note in notes {
            escape((([note.title] + note.tags).joined(separator: " ")).lowercased(), into: &out)
            out.append(0x09)
            escape(note.folder, into: &out)
            out.append(0x09)
            escape(note.title, into: &out)
            for tag in note.tags {
                out.append(0x09)
                escape(tag, into: &out)
            }
            out.append(0x0A)
        }
        out += endLine
        return out
    }

    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x09: out += [0x5C, 0x74]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            default: out.append(byte)
            }
        }
    }

    static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case 0x74: out.append(0x09)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                default: out.append(byte)
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses a table's bytes; nil when they are not a complete table of this version.
    init?(bytes: [UInt8]) {
        let headerBytes = Array(TitleTable.header.utf8)
        guard bytes.count >= headerBytes.count + TitleTable.endLine.count, Array(bytes[..<headerBytes.count]) == headerBytes,
            Array(bytes[(bytes.count - TitleTable.endLine.count)...]) == TitleTable.endLine,
            let newline = bytes[headerBytes.count...].firstIndex(of: 0x0A),
            let count = Int(String(decoding: bytes[headerBytes.count..<newline], as: UTF8.self)), count >= 0
        else { return nil }
        self.bytes = bytes
        bodyStart = newline + 1
        bodyEnd = bytes.count - TitleTable.endLine.count
        self.count = count
        // A line before the end marker must end the body: the marker itself must start a line.
        guard bodyEnd >= bodyStart, bodyEnd == bodyStart || bytes[bodyEnd - 1] == 0x0A else { return nil }
    }

    /// The table of the vault at `root`; nil when there is none (or it is unsafe, torn or of another version).
    static func load(root: String) -> TitleTable? {
        guard let folder = IndexCache.folderPath(root: root), (try? UserFolders.check(folder)) != nil,
            let bytes = IndexCache.readFile(folder + "/" + fileName)
        else { return nil }
        return TitleTable(bytes: bytes)
    }

    /// True when the vault at `root` has a table file (whatever its state).
    static func exists(root: String) -> Bool {
        guard let folder = IndexCache.folderPath(root: root) else { return false }
        return SystemIO.lstat(folder + "/" + fileName) != nil
    }

    /// Writes the table of `notes` for the vault at `root` (atomically, into the private cache folder).
    static func save(_ notes: [Note], root: String) throws(NotezError) {
        try IndexCache.writeFile(encode(notes), name: fileName, root: root)
    }

    /// Calls `visit(folder, title, tags)` once for each note whose lower-cased title and tags contain
    /// one of `words` (lower-cased, as bytes) not inside a longer ASCII word: a superset of the notes
    /// that have the word, in table order. The caller checks the words exactly.
    func candidates(containing words: [[UInt8]], _ visit: (String, String, [String]) -> Void) {
        var starts: Set<Int> = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for word in words where !word.isEmpty {
                var position = bodyStart
                while position + word.count <= bodyEnd {
                    guard let offset = TitleTable.find(word, in: base, from: position, to: bodyEnd) else { break }
                    var start = offset
                    var firstField = true
                    while start > bodyStart, buffer[start - 1] != 0x0A {
                        if buffer[start - 1] == 0x09 { firstField = false }
                        start -= 1
                    }
                    // Inside a longer word of the first field (`notes` in `footnotes`): look further on the line.
                    // A byte after a `\` escape, or a non-ASCII one, may be a word boundary: kept.
                    let before = offset > start && !(offset - 2 >= start && buffer[offset - 2] == 0x5C) ? buffer[offset - 1] : 0x20
                    let after = buffer[offset + word.count]
                    if firstField, TitleTable.isWordByte(before) || TitleTable.isWordByte(after) {
                        position = offset + 1
                        continue
                    }
                    if firstField { starts.insert(start) }
                    // The rest of this line cannot add a new candidate (or is past the first field).
                    var next = offset + word.count
                    while next < bodyEnd, buffer[next] != 0x0A { next += 1 }
                    position = next + 1
                }
            }
        }
        for start in starts.sorted() {
            var end = start
            while end < bodyEnd, bytes[end] != 0x0A { end += 1 }
            let fields = bytes[start..<end].split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count >= 3 else { continue }
            visit(TitleTable.unescape(fields[1]), TitleTable.unescape(fields[2]), fields.dropFirst(3).map(TitleTable.unescape))
        }
    }

    /// An ASCII letter or digit of the lower-cased field: a word goes on across it.
    static func isWordByte(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) }

    /// The offset of the first `word` in `base[from..<to]`, nil when there is none.
    static func find(_ word: [UInt8], in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        word.withUnsafeBufferPointer { needle -> Int? in
            if let memmem = TitleTable.memmem {
                guard let found = memmem(base + from, end - from, needle.baseAddress, needle.count) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var position = from
            while position + needle.count <= end {
                guard let found = memchr(base + position, Int32(needle[0]), end - position - needle.count + 1) else { return nil }
                let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + offset, needle.baseAddress!, needle.count) == 0 { return offset }
                position = offset + 1
            }
            return nil
        }
    }

    /// The C library's `memmem` (a fast substring search), looked up at run time because Glibc's
    /// module map does not export it; nil where it does not exist (then memchr and memcmp are used).
    static let memmem: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?)? = {
        guard let symbol = dlsym(nil, "memmem") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?).self)
    }()
}
