import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `CachedIndex` answers every question a query asks exactly as the full `VaultIndex` does, and is
/// used only while the cache describes every note exactly.
@Suite("cached vault")
struct CachedIndexTests {
    /// A vault of 150 aged notes with nested, case-variant and non-ASCII tags, folders, pins, dates
    /// and broken front matter, indexed once so its cache is written.
    private func makeVault() throws -> ScratchFolder {
        let vault = try ScratchFolder()
        var generator = SeededGenerator(seed: 11)
        let tagPool = ["Work", "work/Alpha", "WORK/alpha/deep", "workshop", "zürich", "Zürich", "space travel", "2023", "é", "e\u{301}"]
        for number in 0..<150 {
            let folder = ["", "Work", "Work/Deep/er", "Ärchiv", "a b/c", "work"][number % 6]
            let tags = (0..<(number % 5)).map { _ in tagPool.randomElement(using: &generator)! }
            let list = tags.map { "\"\($0)\"" }.joined(separator: ", ")
            let text: String
            switch number % 5 {
            case 0: text = "no front matter\n# Heading \(number)\nbody #inline/tag"
            case 1: text = "---\ntags: [\(list)]\npinned: yes\naliases: [A\(number)]\n---\n# T\nBody *em*\n"
            case 2: text = "---\ntags: [\(list)]\ncreated: 2021-03-04\nmodified: 2022-0\(1 + number % 9)-01\n---\ntext\n"
            case 3: text = "---\ntitle: [broken\n---\nbody\n"
            default: text = "---\ntitle: Title \(number % 7)\ntags: [\(list)]\n---\n"
            }
            _ = try vault.write(VaultPath.join(folder, "note \(number).md"), text, modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try vault.write(".notez/tags.yaml", "tags:\n  - name: WorkShop\n    color: red\n  - name: Registered only\n", modified: Date(timeIntervalSinceNow: -3600))
        return vault
    }

    @Test func answersLikeTheFullIndex() throws {
        let vault = try makeVault()
        let full = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        CachedIndexTests.expectSameNotes(cached, full)
        var keys = full.tags.map(\.key) + ["wor", "work/", "nothing", "", "e", "zurich"].map { TagKey($0) }
        keys += full.tags.map { TagKey(normalized: $0.key.rawValue + "/x") }
        for key in keys {
            expect(cached.positions(taggedWith: key).sorted(), equals: full.positions(taggedWith: key).sorted(), "\(key)")
            expect(cached.displayName(of: key), equals: full.displayName(of: key), "\(key)")
        }
        let all = Array(0..<full.noteCount)
        expect(cached.notesInListOrder(all, limit: nil), equals: full.notesInListOrder(all, limit: nil))
        expect(cached.notesInListOrder(all, limit: 7), equals: full.notesInListOrder(all, limit: 7))
        for text in ["tag:work", "tag:work/alpha -is:pinned", "folder:work", "folder:Work/Deep", "in:unsorted", "title:title",
            "created:<2022-01-01", "body", "tag:zürich OR tag:é", "modified:2022-03-01..2022-06-01"]
        {
            let node = try QueryParser.parse(text)
            let now = 1_795_000_000.0
            expect(
                QueryEvaluator(collection: cached, now: now).notes(matching: node), equals: QueryEvaluator(index: full, now: now).notes(matching: node), "\(text)")
        }
    }

    @Test(arguments: ["modified", "added", "removed", "corrupt", "missing", "renamed"])
    func anyDifferenceUsesTheFullIndex(change: String) throws {
        let vault = try makeVault()
        _ = try IndexBuilder.build(root: vault.path)
        expect(IndexBuilder.collection(root: vault.path) is CachedIndex)
        let cacheFile = try #require(IndexCache.filePath(root: vault.path))
        switch change {
        case "modified": _ = try vault.write("Work/note 1.md", "---\ntags: [changed]\n---\n", modified: Date(timeIntervalSinceNow: -60))
        case "added": _ = try vault.write("Work/new.md", "new\n", modified: Date(timeIntervalSinceNow: -3600))
        case "removed": try FileManager.default.removeItem(atPath: vault.path + "/Work/note 1.md")
        case "renamed": try FileManager.default.moveItem(atPath: vault.path + "/Work/note 1.md", toPath: vault.path + "/Work/note 1b.md")
        case "corrupt":
            var bytes = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
            bytes[40] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: cacheFile))
        default: try FileManager.default.removeItem(atPath: cacheFile)
        }
        let collection = IndexBuilder.collection(root: vault.path)
        expect(collection is VaultIndex)
        if change == "modified" {
            expect(collection.positions(taggedWith: TagKey("changed")).count, equals: 1)
        }
        // The full build wrote the cache again (notes older than the racy window), so the next run is cached.
        expect(IndexBuilder.collection(root: vault.path) is CachedIndex)
    }

    @Test func anEntryThatDoesNotDecodeIsReadFromTheFile() throws {
        let vault = try makeVault()
        let full = try IndexBuilder.build(root: vault.path)
        let cacheFile = try #require(IndexCache.filePath(root: vault.path))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        // Note 0's entry starts with its path's length: make it run past the entry.
        let entryOffset = bytes.withUnsafeBytes { buffer in
            let image = CacheImage(buffer)!
            return image.entries + image.u32(image.record(0) + 48)
        }
        bytes[entryOffset + 3] = 0x7F
        try Data(bytes).write(to: URL(fileURLWithPath: cacheFile))
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(cached.note(atPosition: 0), equals: full.note(atPosition: 0))
        expect(cached.title(at: 0), equals: full.title(at: 0))
    }

    /// A cache file replaced by a symlink is never mapped or written through: the full index
    /// answers, and writing the cache replaces the link, leaving its target's bytes alone.
    @Test func aSymlinkedCacheIsNeitherReadNorWrittenThrough() throws {
        let vault = try makeVault()
        _ = try IndexBuilder.build(root: vault.path)
        let cacheFile = try #require(IndexCache.filePath(root: vault.path))
        let outside = try ScratchFolder()
        let target = outside.path + "/elsewhere.bin"
        try FileManager.default.moveItem(atPath: cacheFile, toPath: target)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: cacheFile, withDestinationPath: target)
        expect(IndexBuilder.collection(root: vault.path) is VaultIndex)
        try expect(Data(contentsOf: URL(fileURLWithPath: target)), equals: before)
        let attributes = try FileManager.default.attributesOfItem(atPath: cacheFile)
        expect(attributes[.type] as? FileAttributeType == .typeRegular)
        expect(IndexBuilder.collection(root: vault.path) is CachedIndex)
    }
}

extension CachedIndexTests {
    /// Every position's fields and note, the cached view's against the full index's.
    static func expectSameNotes(_ cached: CachedIndex, _ full: VaultIndex) {
        expect(cached.noteCount, equals: full.noteCount)
        for position in 0..<min(cached.noteCount, full.noteCount) {
            expect(cached.path(at: position), equals: full.path(at: position))
            expect(cached.folder(at: position), equals: full.folder(at: position))
            expect(cached.title(at: position), equals: full.title(at: position))
            expect(cached.isPinned(at: position), equals: full.isPinned(at: position))
            expect(cached.created(at: position), equals: full.created(at: position))
            expect(cached.modified(at: position), equals: full.modified(at: position))
            expect(cached.fileSize(at: position), equals: full.fileSize(at: position))
            expect(cached.note(atPosition: position), equals: full.note(atPosition: position))
        }
    }
}
