import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// A temporary vault with `.notez/`, removed when the test ends.
private final class TempVault {
    let root: String

    init(withState: Bool = true) throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("notez-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if withState {
            try FileManager.default.createDirectory(atPath: root + "/.notez", withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes a note and dates it `age` seconds in the past, so it is outside the racy window.
    func write(_ path: String, _ text: String, age: Double = 3600) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: url.path)
    }

    var cacheFile: String { IndexCache.filePath(root: root)! }
}

private func sampleNotes() -> [Note] {
    [
        Note(
            path: "Work/Plan.md", folder: "Work", title: "Plan", tags: ["Ideas", "project/Alpha", "zürich"],
            tagKeys: [TagKey("Ideas"), TagKey("project/Alpha"), TagKey("zürich")], pinned: true,
            created: 1_714_554_000, modified: 1_714_554_123.5, snippet: "First line — with “quotes”",
            stamp: FileStamp(inode: 42, size: 1234, mtimeNanos: 1_714_554_123_500_000_000)),
        Note(
            path: "Broken.md", folder: "", title: "Broken", tags: [], tagKeys: [], pinned: false,
            created: 1, modified: 2, snippet: "",
            stamp: FileStamp(inode: 7, size: 10, mtimeNanos: 2_000_000_000),
            problem: NoteProblem(kind: .yaml, line: 3, column: 5, message: "mapping values are not allowed")),
        Note(
            path: "a/b/c/d/é e.md", folder: "a/b/c/d", title: "É", tags: ["x"], tagKeys: [TagKey("x")],
            pinned: false, created: 0, modified: 0, snippet: "s",
            stamp: FileStamp(inode: UInt64.max, size: 0, mtimeNanos: -5),
            problem: NoteProblem(kind: .notUTF8, message: "not valid UTF-8")),
    ]
}

@Test func encodeDecodeRoundTrip() throws {
    let notes = sampleNotes()
    let decoded = try #require(IndexCache.decode(IndexCache.encode(notes)!))
    expect(decoded, equals: notes)
}

/// A tag spelled in NFD keeps its NFC key through the cache, byte for byte (the cached view then
/// names it as the full index does).
@Test func aDecomposedSpellingKeepsItsKey() throws {
    let spelling = "caf\u{65}\u{301}"
    let key = TagKey(spelling)
    expect(!key.rawValue.utf8.elementsEqual(spelling.utf8))
    let note = Note(
        path: "n.md", folder: "", title: "n", tags: [spelling], tagKeys: [key], pinned: false, created: 0, modified: 0,
        snippet: "", stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1))
    let decoded = try #require(IndexCache.decode(IndexCache.encode([note])!)?.first)
    expect(Array(decoded.tagKeys[0].rawValue.utf8), equals: Array(key.rawValue.utf8))
    expect(Array(decoded.tags[0].utf8), equals: Array(spelling.utf8))
}

/// A cached string is taken only when its bytes are valid UTF-8: a damaged entry is read from the
/// file, never shown repaired. A truncated four-byte sequence repairs to a U+FFFD of the same length.
@Test(arguments: [
    ([UInt8]("Plan".utf8), "Plan"), ([UInt8]("Zürich 東京 🎉".utf8), "Zürich 東京 🎉"), ([], ""),
    ([0xF0, 0x9F, 0x98], nil), ([0x41, 0xFF, 0x42], nil), ([0xC3], nil), ([0xED, 0xA0, 0x80], nil),
] as [([UInt8], String?)])
func cachedStringsMustBeValidUTF8(bytes: [UInt8], expected: String?) {
    expect(bytes.withUnsafeBufferPointer { ByteReader.validString($0) }, equals: expected)
}

@Test func emptyCacheRoundTrips() throws {
    try expect(#require(IndexCache.decode(IndexCache.encode([])!)), equals: [])
}

@Test(arguments: [0, 1, 4, 9, 20, 100])
func truncatedCacheIsRejected(cut: Int) {
    let bytes = IndexCache.encode(sampleNotes())!
    expect(IndexCache.decode(Array(bytes.dropLast(cut + 1))) == nil)
}

@Test func otherVersionOrGarbageIsRejected() {
    var bytes = IndexCache.encode(sampleNotes())!
    bytes[4] &+= 1  // format version
    expect(IndexCache.decode(bytes) == nil)
    expect(IndexCache.decode(Array("not a cache at all".utf8)) == nil)
    expect(IndexCache.decode([]) == nil)
    var trailing = IndexCache.encode(sampleNotes())!
    trailing.append(0)
    expect(IndexCache.decode(trailing) == nil)
}

@Test func readerRevisionBumpIsRejected() {
    var bytes = IndexCache.encode(sampleNotes())!
    bytes[8] &+= 1
    expect(IndexCache.decode(bytes) == nil)
}

/// Every byte of a small cache changed to a few values: the checks reject it or it decodes, but
/// nothing reads out of bounds or traps (an offset or count may point anywhere).
@Test func anySingleByteCorruptionIsSafe() {
    let bytes = IndexCache.encode(sampleNotes())!
    for position in bytes.indices {
        for value: UInt8 in [0, 1, 0x7F, 0xFF, bytes[position] ^ 0x10] {
            var damaged = bytes
            damaged[position] = value
            // Rejected, or decoded to as many notes as the (checked) header says.
            let decoded = IndexCache.decode(damaged)
            expect(decoded == nil || decoded?.count == 3, "byte \(position) = \(value)")
        }
    }
}

/// A cache of `CacheImage.parallelCheckNotes` notes or more is checked in parts on all cores (the
/// tag and link tables as one more part): a bad record in any part, or a bad table, is still refused.
@Test func aLargeCacheIsCheckedWhole() throws {
    let count = CacheImage.parallelCheckNotes + 3_001
    let notes = (0..<count).map { number in
        let folder = "f\(number % 37)"
        return Note(
            path: folder + "/n\(String(number + 100_000)).md", folder: folder, title: "n\(number)", tags: ["t\(number % 11)"],
            tagKeys: [TagKey("t\(number % 11)")], pinned: false, created: 0, modified: Double(number), snippet: "",
            stamp: FileStamp(inode: UInt64(number + 1), size: 1, mtimeNanos: 1))
    }.sorted { $0.path < $1.path }
    let bytes = try #require(IndexCache.encode(notes))
    let (size, tagSize) = (CacheImage.recordSize, CacheImage.tagSize)
    // A path length out of bounds (record offset 44), a folder number that is not the path's
    // (record offset 56), a tag's posting count past the postings (tag offset 20).
    let damages: [(String, Int, UInt32)] = try bytes.withUnsafeBytes { buffer in
        let image = try #require(CacheImage(buffer))
        func otherFolder(_ note: Int) -> UInt32 { UInt32((image.folderNumber(note) + 1) % image.folderCount) }
        let (records, last, middle) = (image.records, count - 1, count / 2)
        return [
            ("the first record", records + 44, UInt32.max),
            ("a record inside a part", records + size * 5_000 + 56, otherFolder(5_000)),
            ("the first record of the fifth part", records + size * middle + 44, UInt32.max),
            ("the last record of the fourth part", records + size * (middle - 1) + 56, otherFolder(middle - 1)),
            ("the last record", records + size * last + 56, otherFolder(last)),
            ("a tag", image.tags + tagSize * 3 + 20, UInt32.max),
        ]
    }
    for (name, offset, value) in damages {
        var damaged = bytes
        withUnsafeBytes(of: value.littleEndian) { damaged.replaceSubrange(offset..<offset + 4, with: $0) }
        expect(damaged.withUnsafeBytes { CacheImage($0) } == nil, "\(name) damaged")
    }
}

@Test func layoutHasFixedRecordsAndSortedTagTable() throws {
    let bytes = IndexCache.encode(sampleNotes())!
    try bytes.withUnsafeBytes { buffer in
        let image = try #require(CacheImage(buffer))
        expect(image.noteCount, equals: 3)
        expect(image.folderCount, equals: 3)
        expect((0..<image.tagCount).map(image.tagKey), equals: ["ideas", "project/alpha", "x", "zürich"])
        expect((0..<image.tagCount).map(image.tagName), equals: ["Ideas", "project/Alpha", "x", "zürich"])
        expect((0..<3).map(image.path), equals: sampleNotes().map(\.path))
        expect((0..<3).map { image.folder(number: image.folderNumber($0)) }, equals: ["Work", "", "a/b/c/d"])
        expect(image.pinned(0) && !image.pinned(1))
        expect(image.stamp(2), equals: sampleNotes()[2].stamp)
    }
}

@Test func saveAndLoadThroughTheVault() throws {
    let vault = try TempVault()
    try IndexCache(notes: sampleNotes()).save(root: vault.root)
    let loaded = try #require(IndexCache.load(root: vault.root))
    expect(loaded.count, equals: 3)
    expect(loaded.notes.first(where: { $0.path == "Work/Plan.md" }), equals: sampleNotes()[0])
    // No temporary file is left behind.
    let folder = try #require(IndexCache.folderPath(root: vault.root))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    expect(files, equals: ["index-v1.bin"])
}

@Test func racyAndUnreadableNotesAreNotStored() throws {
    let vault = try TempVault()
    var recent = sampleNotes()[0]
    recent.path = "Recent.md"
    recent.stamp.mtimeNanos = SystemIO.currentTimeNanos()
    var unreadable = sampleNotes()[0]
    unreadable.path = "Gone.md"
    unreadable.problem = NoteProblem(kind: .unreadable, message: "cannot read")
    try IndexCache(notes: [sampleNotes()[0], recent, unreadable]).save(root: vault.root)
    let loaded = try #require(IndexCache.load(root: vault.root))
    expect(loaded.notes.map(\.path), equals: ["Work/Plan.md"])
}

@Test func neverCreatesStateFolder() throws {
    let vault = try TempVault(withState: false)
    try vault.write("A.md", "---\ntags: [a]\n---\nbody\n")
    _ = try IndexBuilder.build(root: vault.root)
}

@Test func buildWritesCacheAndReusesUnchangedNotes() throws {
    let vault = try TempVault()
    try vault.write("A.md", "---\ntags: [a]\n---\nbody\n")
    try vault.write("Work/B.md", "---\ntitle: Bee\n---\n")
    let first = try IndexBuilder.build(root: vault.root)
    let cache = try #require(IndexCache.load(root: vault.root))
    expect(cache.count, equals: 2)

    // Plant a different title under the unchanged stamp: a reused entry shows it.
    var planted = try #require(cache.notes.first(where: { $0.path == "Work/B.md" }))
    planted.title = "From the cache"
    try IndexCache(notes: [try #require(cache.notes.first(where: { $0.path == "A.md" })), planted]).save(root: vault.root)
    let second = try IndexBuilder.build(root: vault.root)
    expect(second.notes.map(\.title), equals: ["A", "From the cache"])
    expect(first.notes.map(\.path), equals: second.notes.map(\.path))
}

@Test(arguments: ["size", "mtime"])
func changedFileIsReRead(change: String) throws {
    let vault = try TempVault()
    try vault.write("A.md", "---\ntags: [old]\n---\nbody\n", age: 7200)
    _ = try IndexBuilder.build(root: vault.root)
    expect(IndexCache.load(root: vault.root)?.count == 1)
    if change == "size" {
        try vault.write("A.md", "---\ntags: [newer]\n---\nbody\n", age: 7200)
    } else {
        // Same size, different mtime.
        try vault.write("A.md", "---\ntags: [new]\n---\nbody\n", age: 3600)
    }
    let index = try IndexBuilder.build(root: vault.root)
    expect(index.notes.first?.tags == [change == "size" ? "newer" : "new"])
    expect(IndexCache.load(root: vault.root)?.notes.first(where: { $0.path == "A.md" })?.tags == [change == "size" ? "newer" : "new"])
}

@Test func deletedFileIsDropped() throws {
    let vault = try TempVault()
    try vault.write("A.md", "a\n")
    try vault.write("B.md", "b\n")
    _ = try IndexBuilder.build(root: vault.root)
    expect(IndexCache.load(root: vault.root)?.count == 2)
    try FileManager.default.removeItem(atPath: vault.root + "/B.md")
    let index = try IndexBuilder.build(root: vault.root)
    expect(index.notes.map(\.path), equals: ["A.md"])
    expect(IndexCache.load(root: vault.root).map { $0.notes.map(\.path) }, equals: ["A.md"])
}

@Test func corruptCacheIsIgnoredAndRebuilt() throws {
    let vault = try TempVault()
    try vault.write("A.md", "---\ntags: [a]\n---\n")
    try FileManager.default.createDirectory(atPath: try #require(IndexCache.folderPath(root: vault.root)), withIntermediateDirectories: true)
    var bytes = IndexCache.encode(sampleNotes())!
    bytes.removeLast(3)
    try Data(bytes).write(to: URL(fileURLWithPath: vault.cacheFile))
    let index = try IndexBuilder.build(root: vault.root)
    expect(index.notes.map(\.tags), equals: [["a"]])
    expect(IndexCache.load(root: vault.root).map { $0.notes.map(\.path) }, equals: ["A.md"])
}

@Test func resultsIdenticalWithAndWithoutCache() throws {
    let vault = try TempVault()
    var generator = SystemRandomNumberGenerator()
    let tagPool = ["Work", "work/Alpha", "zürich", "space travel", "2023", "Ideas", "É"]
    for number in 0..<120 {
        let folder = ["", "Work", "Work/Deep/er", "Ärchiv", "a b/c"][number % 5]
        let tags = (0..<(number % 4)).map { _ in tagPool.randomElement(using: &generator)! }
        var text = ""
        switch number % 6 {
        case 0: text = "no front matter\n# Heading \(number)\nbody"
        case 1: text = "---\ntags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]\npinned: yes\n---\n# T\nBody *em*\n"
        case 2: text = "---\ntags:\n" + tags.map { "  - \"\($0)\"\n" }.joined() + "created: 2021-03-04\n---\ntext\n"
        case 3: text = "---\ntitle: [broken\n---\nbody\n"
        case 4: text = "\u{FEFF}---\r\ntitle: CRLF \(number)\r\nmodified: 2020-01-02 03:04:05 +0100\r\n---\r\nbody\r\n"
        default: text = "---\ntags: \(tags.joined(separator: ", "))\n---\n"
        }
        try vault.write(VaultPath.join(folder, "note \(number).md"), text)
    }
    let plain = try IndexBuilder.build(root: vault.root, useCache: false)
    expect(!FileManager.default.fileExists(atPath: vault.cacheFile))
    let writing = try IndexBuilder.build(root: vault.root)
    expect(IndexCache.load(root: vault.root)?.count == 120)
    let cached = try IndexBuilder.build(root: vault.root)
    expect(plain.notes, equals: writing.notes)
    expect(plain.notes, equals: cached.notes)
    expect(plain.tags, equals: cached.tags)
    expect(plain.folderTree, equals: cached.folderTree)
}

@Test func lookupByPathIsExactAndMergeJoinMatchesSortedPaths() {
    let nfc = "caf\u{E9}.md"
    let nfd = "cafe\u{301}.md"
    func note(_ path: String, inode: UInt64) -> Note {
        Note(
            path: path, folder: VaultPath.folder(of: path), title: "t", tags: [], tagKeys: [], pinned: false,
            created: 0, modified: 0, snippet: "", stamp: FileStamp(inode: inode, size: 1, mtimeNanos: 1))
    }
    let cache = IndexCache(notes: [note("b.md", inode: 2), note(nfd, inode: 3), note("a.md", inode: 1), note("x/y.md", inode: 4)])
    expect(cache.notes.map(\.path), equals: ["a.md", "b.md", nfd, "x/y.md"])
    expect(cache.position(of: "b.md"), equals: 1)
    expect(cache.position(of: nfd), equals: 2)
    expect(cache.position(of: nfc) == nil)  // canonically equal, but another file name
    expect(cache.position(of: "c.md") == nil)
    expect(cache.note(for: "x/y.md", stamp: FileStamp(inode: 4, size: 1, mtimeNanos: 1))?.folder == "x")
    expect(cache.note(for: "x/y.md", stamp: FileStamp(inode: 4, size: 2, mtimeNanos: 1)) == nil)
    expect(cache.positions(matching: ["a.md", "a0.md", nfd, "x/y.md", "z.md"]), equals: [0, -1, 2, 3, -1])
    expect(cache.positions(matching: [nfc]), equals: [-1])
}
