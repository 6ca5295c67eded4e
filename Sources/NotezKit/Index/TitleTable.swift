#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every note's folder and title, with an index of their words, in one file beside the index cache
/// (`$XDG_CACHE_HOME/notez/<vault key>/titles-v2.bin`), so a capture can rank folders by similarity
/// (routing) without reading 100,000 notes or even the whole table: the file is mapped (`mmap`) and
/// a lookup reads the word dictionary's binary-search path, the postings of the capture's words and
/// the rows of the notes that have them.
///
/// Derived and rebuildable like `IndexCache` (and trusted as far as it: it lives in the user's
/// private cache folder): it is written whenever the cache is, and when it is missing. Captures add
/// their note to a small side file (`TitleAdditions`) until the next rewrite. It may be older than
/// the vault: notes changed since by other means are absent or stale, and folders named in it may be
/// gone (routing checks that a folder exists before suggesting it).
///
/// Layout (integers little-endian): the header `notez-tt`, then nine `UInt64`: the version (2), the
/// numbers of notes N, folders F, words W and postings P, and the sizes of the title, folder and
/// word byte areas. Then the offset arrays (`UInt64`) of titles (N+1), folders (F+1), words (W+1)
/// and postings by word (W+1); the `UInt32` arrays of each note's folder (N), each note's word count
/// as ranking counts it (N) and the postings (P, note numbers ascending per word); the title,
/// folder and word bytes (words sorted bytewise); the end marker `endtable`. The sizes must add up
/// to the file's size exactly; every offset read is checked again, so a damaged table gives a worse
/// suggestion at most, never a crash.
struct TitleTable: @unchecked Sendable {
    /// The file's name in the vault's cache folder.
    static let fileName = "titles-v2.bin"
    /// Names of earlier versions, removed when a table is written.
    static let oldFileNames = ["titles-v1.tsv"]
    static let magic: [UInt8] = Array("notez-tt".utf8)
    static let endMarker: [UInt8] = Array("endtable".utf8)
    static let version: UInt64 = 2
    static let headerSize = 8 + 9 * 8

    let file: MappedFile
    /// The number of notes in the table.
    let count: Int
    let folderCount: Int
    let wordCount: Int
    let postingCount: Int
    // Where each area starts.
    let titleOffsets: Int, folderOffsets: Int, wordOffsets: Int, postingOffsets: Int
    let noteFolders: Int, noteLengths: Int, postings: Int
    let titleBytes: Int, folderBytes: Int, wordBytes: Int
    let titleSize: Int, folderSize: Int, wordSize: Int

    // MARK: - Writing

    /// The table's bytes for `notes`.
    static func encode(_ notes: [Note]) -> [UInt8] {
        var folderIDs: [String: UInt32] = [:]
        var folders: [String] = []
        var noteFolder: [UInt32] = []
        var noteLength: [UInt32] = []
        var postingsByWord: [[UInt8]: [UInt32]] = [:]
        var buffer: [UInt8] = []
        var seen: Set<[UInt8]> = []
        noteFolder.reserveCapacity(notes.count)
        noteLength.reserveCapacity(notes.count)
        for (number, note) in notes.enumerated() {
            let folder = folderIDs[note.folder] ?? {
                let id = UInt32(folders.count)
                folderIDs[note.folder] = id
                folders.append(note.folder)
                return id
            }()
            noteFolder.append(folder)
            var length: UInt32 = 0
            seen.removeAll(keepingCapacity: true)
            for text in [note.title] + note.tags {
                TitleWords.forEachWord(text, buffer: &buffer) { word in
                    length &+= 1
                    if seen.insert(word).inserted { postingsByWord[word, default: []].append(UInt32(number)) }
                }
            }
            noteLength.append(length)
        }
        let words = postingsByWord.keys.sorted { $0.lexicographicallyPrecedes($1) }
        var out = ByteWriter()
        let titles = notes.map { Array($0.title.utf8) }
        let folderUTF8 = folders.map { Array($0.utf8) }
        let postingTotal = words.reduce(0) { $0 + postingsByWord[$1]!.count }
        // Typed parts: one long sum of closures took the type checker seconds.
        let offsetBytes: Int = (notes.count + folders.count + 2 * words.count + 4) * 8
        let countBytes: Int = (2 * notes.count + postingTotal) * 4
        let titleBytes: Int = titles.reduce(0) { $0 + $1.count }
        let folderBytes: Int = folderUTF8.reduce(0) { $0 + $1.count }
        let wordBytes: Int = words.reduce(0) { $0 + $1.count }
        out.bytes.reserveCapacity(headerSize + offsetBytes + countBytes + titleBytes + folderBytes + wordBytes + 8)
        out.bytes += magic
        for value in [
            version, UInt64(notes.count), UInt64(folders.count), UInt64(words.count), UInt64(postingTotal),
            UInt64(titles.reduce(0) { $0 + $1.count }), UInt64(folderUTF8.reduce(0) { $0 + $1.count }),
            UInt64(words.reduce(0) { $0 + $1.count }), 0,
        ] { out.u64(value) }
        func offsets(_ sizes: [Int]) {
            var position: UInt64 = 0
            out.u64(0)
            for size in sizes {
                position += UInt64(size)
                out.u64(position)
            }
        }
        offsets(titles.map(\.count))
        offsets(folderUTF8.map(\.count))
        offsets(words.map(\.count))
        offsets(words.map { postingsByWord[$0]!.count })
        for id in noteFolder { out.u32(id) }
        for length in noteLength { out.u32(length) }
        for word in words { for number in postingsByWord[word]! { out.u32(number) } }
        for title in titles { out.bytes += title }
        for folder in folderUTF8 { out.bytes += folder }
        for word in words { out.bytes += word }
        out.bytes += endMarker
        return out.bytes
    }

    /// Writes the table of `notes` for the vault at `root` (atomically, into the private cache
    /// folder), and forgets the captures added since the last one (the notes now hold them).
    static func save(_ notes: [Note], root: String) throws(NotezError) {
        try IndexCache.writeFile(encode(notes), name: fileName, root: root)
        guard let folder = IndexCache.folderPath(root: root) else { return }
        unlink(folder + "/" + TitleAdditions.fileName)
        for old in oldFileNames { unlink(folder + "/" + old) }
    }

    // MARK: - Reading

    /// The table of the vault at `root`; nil when there is none (or it is unsafe, torn or of another version).
    static func load(root: String) -> TitleTable? {
        guard let folder = IndexCache.folderPath(root: root), (try? UserFolders.check(folder)) != nil,
            let file = MappedFile(path: folder + "/" + fileName)
        else { return nil }
        return TitleTable(file: file)
    }

    /// True when the vault at `root` has a usable table: a missing, damaged, foreign or symlinked
    /// one is rewritten by the next command that reads the vault (checking costs a map and a header).
    static func exists(root: String) -> Bool { load(root: root) != nil }

    /// A table over mapped bytes; nil when they are not a complete table of this version.
    init?(file: MappedFile) {
        let size = file.count
        guard size >= TitleTable.headerSize + 8, let head = file.bytes(0..<8), Array(head) == TitleTable.magic,
            let tail = file.bytes((size - 8)..<size), Array(tail) == TitleTable.endMarker,
            file.u64(at: 8) == TitleTable.version
        else { return nil }
        // Every count is at most the file's size, so the sums below cannot overflow.
        var fields: [Int] = []
        for position in 1..<8 {
            guard let value = file.u64(at: 8 + position * 8), value <= UInt64(size) else { return nil }
            fields.append(Int(value))
        }
        let (notes, folders, words, postingTotal, titleSize, folderSize, wordSize) =
            (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6])
        self.file = file
        count = notes
        folderCount = folders
        wordCount = words
        postingCount = postingTotal
        self.titleSize = titleSize
        self.folderSize = folderSize
        self.wordSize = wordSize
        titleOffsets = TitleTable.headerSize
        folderOffsets = titleOffsets + (notes + 1) * 8
        wordOffsets = folderOffsets + (folders + 1) * 8
        postingOffsets = wordOffsets + (words + 1) * 8
        noteFolders = postingOffsets + (words + 1) * 8
        noteLengths = noteFolders + notes * 4
        postings = noteLengths + notes * 4
        titleBytes = postings + postingTotal * 4
        folderBytes = titleBytes + titleSize
        wordBytes = folderBytes + folderSize
        guard wordBytes + wordSize + 8 == size, file.u64(at: titleOffsets + notes * 8) == UInt64(titleSize),
            file.u64(at: folderOffsets + folders * 8) == UInt64(folderSize), file.u64(at: wordOffsets + words * 8) == UInt64(wordSize),
            file.u64(at: postingOffsets + words * 8) == UInt64(postingTotal)
        else { return nil }
    }

    /// Entry `index` and the next of an offset array, when they make a range inside `limit`.
    func span(_ array: Int, _ index: Int, limit: Int) -> Range<Int>? {
        guard let start = file.u64(at: array + index * 8), let end = file.u64(at: array + index * 8 + 8), start <= end,
            end <= UInt64(limit)
        else { return nil }
        return Int(start)..<Int(end)
    }

    /// A note's title ("" when damaged).
    func title(_ note: Int) -> String {
        guard note >= 0, note < count, let range = span(titleOffsets, note, limit: titleSize),
            let bytes = file.bytes((titleBytes + range.lowerBound)..<(titleBytes + range.upperBound))
        else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A note's folder number (nil when damaged).
    func folderNumber(_ note: Int) -> Int? {
        guard note >= 0, note < count, let value = file.u32(at: noteFolders + note * 4), Int(value) < folderCount else { return nil }
        return Int(value)
    }

    /// A folder's path (nil when damaged).
    func folder(_ number: Int) -> String? {
        guard number >= 0, number < folderCount, let range = span(folderOffsets, number, limit: folderSize),
            let bytes = file.bytes((folderBytes + range.lowerBound)..<(folderBytes + range.upperBound))
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many words ranking counts in a note's title and tags (with repeats in ASCII text).
    func wordLength(_ note: Int) -> Int {
        guard note >= 0, note < count, let value = file.u32(at: noteLengths + note * 4) else { return 0 }
        return Int(value)
    }

    /// The numbers of the notes whose title or tags have `word` (lower-cased bytes), ascending.
    func notes(having word: [UInt8]) -> [Int] {
        var low = 0
        var high = wordCount
        // Binary search of the sorted dictionary; a damaged entry ends the search (no result).
        while low < high {
            let middle = (low + high) / 2
            guard let range = span(wordOffsets, middle, limit: wordSize),
                let entry = file.bytes((wordBytes + range.lowerBound)..<(wordBytes + range.upperBound))
            else { return [] }
            let order = TitleTable.compare(entry, word)
            if order == 0 {
                guard let found = span(postingOffsets, middle, limit: postingCount) else { return [] }
                var result: [Int] = []
                result.reserveCapacity(found.count)
                for position in found {
                    guard let number = file.u32(at: postings + position * 4), Int(number) < count else { continue }
                    result.append(Int(number))
                }
                return result
            }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return []
    }

    /// Bytewise order of `a` against `b`: negative, zero or positive.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: [UInt8]) -> Int {
        let shared = min(a.count, b.count)
        let order = b.withUnsafeBytes { bBytes in shared == 0 ? 0 : Int(memcmp(a.baseAddress!, bBytes.baseAddress!, shared)) }
        return order != 0 ? order : a.count - b.count
    }
}
