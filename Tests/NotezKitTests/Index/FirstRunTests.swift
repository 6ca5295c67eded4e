import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A first run (no cache, enough notes that the cache write is deferred) builds its index from a
/// leaner read: no stat before each open, notes opened relative to the open root, each file opened
/// once, the index built on both cores. Its answers must be exactly a cached run's and those of
/// the reader that opens every note by its path.
@Suite("first run on a vault never seen")
struct FirstRunTests {
    /// A random vault above the deferral threshold: ASCII and non-ASCII (NFC and NFD) names, upper-case
    /// and `.markdown` extensions, nested folders, tags in front matter and inline in several
    /// spellings, pins, dates, broken front matter, notes longer than the 4 KiB prefix with a tag at
    /// the end, a front matter longer than 4 KiB, a symlinked note, a FIFO with a note's name, `.git/`.
    static func randomVault(seed: UInt64, outside: ScratchFolder) throws -> ScratchFolder {
        let vault = try ScratchFolder()
        var generator = SeededGenerator(seed: seed)
        let tagPool = ["Work", "work", "work/Alpha", "WORK/alpha/deep", "zürich", "Zürich", "e\u{301}", "é", "2023", "idea"]
        let folders = ["", "Work", "Work/Deep/er", "Ärchiv", "a b/c", "Cafe\u{301}", "Café"]
        let names = ["note", "Note", "Ünïcode", "e\u{301}t\u{e9}", "x"]
        let extensions = [".md", ".MD", ".markdown", ".Md"]
        let old = Date(timeIntervalSinceNow: -3600)
        let count = IndexBuilder.deferredWriteThreshold + 20 + Int(seed % 7)
        for number in 0..<count {
            let folder = folders.randomElement(using: &generator)!
            let name = "\(names.randomElement(using: &generator)!) \(number)\(extensions.randomElement(using: &generator)!)"
            let tags = (0..<Int.random(in: 0...3, using: &generator)).map { _ in tagPool.randomElement(using: &generator)! }
            let list = tags.map { "\"\($0)\"" }.joined(separator: ", ")
            let inline = Bool.random(using: &generator) ? " #\(tagPool.randomElement(using: &generator)!.replacingOccurrences(of: " ", with: ""))" : ""
            let text: String
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: text = "no front matter\n# Heading \(number)\nbody\(inline)\n"
            case 1: text = "---\ntags: [\(list)]\npinned: yes\naliases: [A\(number)]\n---\n# T\nBody *em*\(inline)\n"
            case 2: text = "---\ntags: [\(list)]\ncreated: 2021-03-04\nmodified: 2022-0\(1 + number % 9)-01\n---\ntext\n"
            case 3: text = "---\ntitle: [broken\n---\nbody\(inline)\n"
            case 4: text = "---\ntags: [\(list)]\n---\n" + String(repeating: "long line of words\n", count: 300) + "end\(inline)\n"
            case 5: text = "---\ntitle: \"T \(number)\"\nnote: \"" + String(repeating: "y", count: 5000) + "\"\ntags: [\(list)]\n---\nbody\n"
            case 6: text = "---\r\ntags: [\(list)]\r\n---\r\nwindows\(inline)\r\n"
            default: text = "---\ntitle: Title \(number % 7)\ntags: [\(list)]\n---\n"
            }
            try vault.write(VaultPath.join(folder, name), text, modified: old)
        }
        try vault.write(".git/HEAD", "ref: refs/heads/main\n", modified: old)
        try vault.write(".notez/tags.yaml", "tags:\n  - name: WORK\n    color: red\n  - name: Registered only\n", modified: old)
        try outside.write("secret.md", "---\ntags: [work, secret]\n---\nsecret words #outside\n", modified: old)
        try vault.symlink("Work/Linked.md", to: outside.path + "/secret.md")
        expect(mkfifo(vault.path + "/Work/fifo.md", 0o600), equals: 0)
        try ScratchFolder.age(vault.path)
        return vault
    }

    /// Every file's bytes below `path` (symlinks as their target text), to prove nothing was written.
    static func snapshot(_ path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: path)! {
            let full = path + "/" + relative
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                files[relative] = Data(("-> " + target).utf8)
            } else if let info = SystemIO.lstat(full), SystemIO.isRegular(info) {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    @Test(arguments: [UInt64(1), 2])
    func answersLikeACachedRunAndThePathReader(seed: UInt64) throws {
        let outside = try ScratchFolder()
        let vault = try FirstRunTests.randomVault(seed: seed, outside: outside)
        let vaultBefore = try FirstRunTests.snapshot(vault.path)
        let outsideBefore = try FirstRunTests.snapshot(outside.path)

        let first = try #require(IndexBuilder.collection(root: vault.path, deferringLargeWrites: true) as? VaultIndex)
        // The first-run path was taken: the cache write was left for later, and none was written.
        expect(first.cacheWriteDeferred)
        expect(IndexCache.load(root: vault.path) == nil)
        // The reader by absolute path, with a stat before each open, reads the same notes.
        let listing = VaultWalker(root: vault.path).walk()
        expect(first.notes, equals: IndexBuilder.readNotes(listing.notes, root: vault.path))
        expect(first.notes.contains { $0.problem?.kind == .symlink })
        expect(!first.notes.contains { $0.path.hasSuffix("fifo.md") })

        _ = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        CachedIndexTests.expectSameNotes(cached, first)
        expect(cached.tags, equals: first.tags)
        expect(cached.folderTree, equals: first.folderTree)
        expect(cached.pinnedNotes, equals: first.pinnedNotes)
        expect(cached.unsortedNotes, equals: first.unsortedNotes)
        let keys = first.tags.map(\.key) + ["wor", "work/", "nothing", "e", "zurich"].map { TagKey($0) }
        for key in keys {
            expect(cached.positions(taggedWith: key).sorted(), equals: first.positions(taggedWith: key).sorted(), "\(key)")
            expect(cached.displayName(of: key), equals: first.displayName(of: key), "\(key)")
        }
        let all = Array(0..<first.noteCount)
        expect(cached.notesInListOrder(all, limit: nil), equals: first.notesInListOrder(all, limit: nil))
        for text in ["tag:work", "tag:work/alpha -is:pinned", "folder:Work", "in:unsorted", "tag:zürich OR tag:é", "tag:idea OR tag:2023"] {
            let node = try QueryParser.parse(text)
            let now = 1_795_000_000.0
            expect(
                QueryEvaluator(collection: cached, now: now).notes(matching: node), equals: QueryEvaluator(index: first, now: now).notes(matching: node), "\(text)")
        }
        // Nothing was written in the vault, its `.git/`, or through the symlink.
        try expect(FirstRunTests.snapshot(vault.path), equals: vaultBefore)
        try expect(FirstRunTests.snapshot(outside.path), equals: outsideBefore)
    }

    @Test("an answer that prints no snippet makes none in a first run, and every one when the read writes the cache")
    func snippetsOnlyWhenPrinted() throws {
        let outside = try ScratchFolder()
        let vault = try FirstRunTests.randomVault(seed: 3, outside: outside)
        let with = try #require(IndexBuilder.collection(root: vault.path, deferringLargeWrites: true) as? VaultIndex)
        let without = try #require(IndexBuilder.collection(root: vault.path, deferringLargeWrites: true, snippets: false) as? VaultIndex)
        expect(without.cacheWriteDeferred)
        expect(with.notes.contains { !$0.snippet.isEmpty })
        expect(without.notes.allSatisfy { $0.snippet.isEmpty })
        // Nothing else differs.
        expect(without.notes, equals: with.notes.map { note in
            var bare = note
            bare.snippet = ""
            return bare
        })
        expect(without.tags, equals: with.tags)
        // A read of few notes writes the cache, which keeps snippets: they are made whatever the answer prints.
        let small = try ScratchFolder()
        try "---\ntags: [a]\n---\nSome words of the body.\n".write(toFile: small.path + "/one.md", atomically: true, encoding: .utf8)
        let read = try #require(IndexBuilder.collection(root: small.path, deferringLargeWrites: true, snippets: false) as? VaultIndex)
        expect(!read.cacheWriteDeferred)
        expect(read.notes.map(\.snippet), equals: [NoteReader.note(relativePath: "one.md", root: small.path).snippet])
        expect(read.notes.allSatisfy { !$0.snippet.isEmpty })
    }

    @Test("a note larger than the size limit: its prefix, and a long front matter read on from it, in one open")
    func aHugeNoteIsReadInPart() throws {
        let vault = try ScratchFolder()
        let frontMatter = "---\ntitle: Huge\nnote: \"" + String(repeating: "z", count: 6000) + "\"\ntags: [big]\n---\nbody #inline\n"
        let path = try vault.write("huge.md", frontMatter)
        // Sparse: a size past the limit costs no disk.
        expect(truncate(path, off_t(NoteReader.maxNoteSize + 10)), equals: 0)
        let contents = try NoteReader.readForIndex(path, listedAsRegular: true)
        expect(!contents.isComplete)
        expect(contents.stamp.size, equals: Int64(NoteReader.maxNoteSize + 10))
        expect(contents.bytes.count, equals: FrontMatterBlock.maxSize + NoteReader.prefixSize)
        expect(contents.bytes.starts(with: Array(frontMatter.utf8)))
        let note = NoteReader.parse(contents, relativePath: "huge.md")
        expect(note.title, equals: "Huge")
        // Inline tags are read only from a whole note.
        expect(note.tags, equals: ["big"])
    }

    @Test("listed as regular, a FIFO or symlink put there since is still refused, and never blocks")
    func aSwappedFileIsRefused() throws {
        let outside = try ScratchFolder()
        try outside.write("secret.md", "secret\n")
        let vault = try ScratchFolder()
        expect(mkfifo(vault.path + "/fifo.md", 0o600), equals: 0)
        try vault.symlink("link.md", to: outside.path + "/secret.md")
        try vault.mkdir("Sub")
        expect(mkfifo(vault.path + "/Sub/fifo.md", 0o600), equals: 0)
        try vault.symlink("Sub/link.md", to: outside.path + "/secret.md")
        let root = try #require(SystemIO.openFolder(vault.path))
        defer { close(root) }
        let opener = FolderOpener(root: root)
        for name in ["fifo.md", "link.md", "Sub/fifo.md", "Sub/link.md"] {
            let (note, contents) = NoteReader.noteAndContents(
                relativePath: name, root: vault.path, listedAsRegular: true, openAt: opener.location(of: name))
            expect(contents == nil, "\(name)")
            expect(note.problem?.kind == (name.hasSuffix("link.md") ? .symlink : .unreadable), "\(name)")
            expect(note.snippet.isEmpty)
        }
    }
}
