import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A list row's fields (`withRowFields`) read from the cache's entries are those of the full
/// index's notes, and a damaged entry gives the file's fields, never the damaged bytes.
@Suite struct NoteRowFieldsTests {
    /// 120 aged notes without a tag registry: tags written several ways (case, NFC and NFD), non-ASCII
    /// and spaced tags, pins, aliases, broken front matter, notes without front matter.
    private func makeVault() throws -> ScratchFolder {
        let vault = try ScratchFolder()
        var generator = SeededGenerator(seed: 31)
        let tagPool = ["Work", "work", "work/Alpha", "zürich", "Zürich", "space travel", "é", "e\u{301}", "日本", "x"]
        for number in 0..<120 {
            let folder = ["", "Work", "Work/Deep", "Ärchiv", "a b/c"][number % 5]
            let list = (0..<(number % 4)).map { _ in "\"\(tagPool.randomElement(using: &generator)!)\"" }.joined(separator: ", ")
            let text: String
            switch number % 6 {
            case 0: text = "no front matter\n# Heading \(number)\nbody #inline/tag"
            case 1: text = "---\ntags: [\(list)]\npinned: yes\naliases: [A\(number)]\n---\n# Tïtle 日本 \(number)\nBody *em*\n"
            case 2: text = "---\ntags: [\(list)]\nmodified: 2022-0\(1 + number % 9)-01\n---\ntext \u{1B} escaped\n"
            case 3: text = "---\ntitle: [broken\n---\nbody\n"
            default: text = "---\ntitle: \"Title \\a \(number % 7)\"\ntags: [\(list)]\n---\nsnippet \(number)\n"
            }
            _ = try vault.write(VaultPath.join(folder, "note \(number).md"), text, modified: Date(timeIntervalSinceNow: -3600))
        }
        return vault
    }

    /// The fields as values, to compare.
    private func fields(_ collection: some NoteCollection, _ position: Int) -> [String] {
        collection.withRowFields(at: position) { row in
            [
                row.pinned ? "pinned" : "", String(row.modified), String(decoding: row.title, as: UTF8.self),
                String(decoding: row.folder, as: UTF8.self), String(decoding: row.snippet, as: UTF8.self),
            ] + row.tagNames.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The fields of the note itself, named as `NoteJSON` names its tags.
    private func expected(_ collection: some NoteCollection, _ position: Int) -> [String] {
        let note = collection.note(atPosition: position)
        return [note.pinned ? "pinned" : "", String(note.modified), note.title, note.folder, note.snippet]
            + NoteJSON.displayTags(note, in: collection)
    }

    @Test func cachedRowsAreTheNotesFields() throws {
        let vault = try makeVault()
        let full = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(cached.noteCount, equals: full.noteCount)
        // Compared by bytes: an NFD spelling must not stand in for an NFC name. Each view against
        // its own notes: the cached view names a tag by the tag table's bytes, so an NFD spelling
        // of a tag whose key is NFC keeps its spelling there (as before rows were read as bytes),
        // where the full index's dictionary finds the NFC name.
        for position in 0..<full.noteCount {
            expect(fields(full, position).map { Array($0.utf8) }, equals: expected(full, position).map { Array($0.utf8) }, "\(full.path(at: position))")
            expect(
                fields(cached, position).map { Array($0.utf8) }, equals: expected(cached, position).map { Array($0.utf8) }, "\(full.path(at: position))")
        }
    }

    /// The fields of each position of a run (`forEachRowFields`), as values.
    private func runFields(_ collection: some NoteCollection, _ positions: ArraySlice<Int>) -> [[String]] {
        var rows: [[String]] = []
        collection.forEachRowFields(at: positions) { row in
            rows.append(
                [
                    row.pinned ? "pinned" : "", String(row.modified), String(decoding: row.title, as: UTF8.self),
                    String(decoding: row.folder, as: UTF8.self), String(decoding: row.snippet, as: UTF8.self),
                ] + row.tagNames.map { String(decoding: $0, as: UTF8.self) })
        }
        return rows
    }

    @Test("a run of rows lends each row's own fields, in the run's order, with or without a registry")
    func runsOfRowsAreEachRowsFields() throws {
        for registry in [false, true] {
            let vault = try makeVault()
            if registry { _ = try vault.write(".notez/tags.yaml", "Zürich:\n  color: red\nwork:\n  color: blue\n") }
            let full = try IndexBuilder.build(root: vault.path)
            let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
            // Out of path order, as list order is, and a slice that does not start at 0: a row
            // with fewer tags than the one before must not show the earlier row's names.
            var generator = SeededGenerator(seed: 7)
            let order = Array((0..<full.noteCount).shuffled(using: &generator))
            let run = order[5..<order.count - 3]
            let bytes = { (rows: [[String]]) in rows.map { $0.map { Array($0.utf8) } } }
            expect(bytes(runFields(full, run)), equals: bytes(run.map { fields(full, $0) }), "registry: \(registry)")
            expect(bytes(runFields(cached, run)), equals: bytes(run.map { fields(cached, $0) }), "registry: \(registry)")
            expect(runFields(full, run).count, equals: run.count)
            for collection in [full, cached] as [any NoteCollection] {
                var paths: [String] = []
                collection.forEachPath(at: run) { paths.append(String(decoding: $0, as: UTF8.self)) }
                expect(paths, equals: run.map { collection.path(at: $0) })
            }
            expect(full.positions(inFolder: "", recursive: true), equals: Array(0..<full.noteCount))
            expect(cached.positions(inFolder: "", recursive: true), equals: Array(0..<cached.noteCount))
        }
    }

    @Test("the tag table by key finds each tag as the binary search does, and no other key")
    func tagKeyTableFindsEveryKey() throws {
        let vault = try ScratchFolder()
        // Enough tags for the table to grow and probe; keys of every length around a word.
        for number in 0..<300 {
            let tags = (0..<3).map { "\"t\(String(repeating: "k", count: (number + $0) % 19))\(number + $0 * 7)\"" }.joined(separator: ", ")
            _ = try vault.write("n\(number).md", "---\ntags: [\(tags)]\n---\nbody\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let cacheFile = try #require(IndexCache.filePath(root: vault.path))
        let data = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        try data.withUnsafeBytes { buffer in
            let image = try #require(CacheImage(buffer))
            expect(image.tagCount > 300)
            let table = TagKeyTable(image)
            for tag in 0..<image.tagCount {
                expect(table.tag(image.tagKeyBytes(tag), in: image), equals: tag)
            }
            for missing in ["", "t", "tk", "t9999", "T1", "t1 "] {
                var text = missing
                expect(text.withUTF8 { table.tag(UnsafeRawBufferPointer($0), in: image) } == nil, "\(missing)")
            }
        }
    }

    @Test func aDamagedEntryGivesTheFilesFields() throws {
        let vault = try makeVault()
        let full = try IndexBuilder.build(root: vault.path)
        let cacheFile = try #require(IndexCache.filePath(root: vault.path))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        // Note 1's title (after its path and its 24 bytes of stamp) gets a byte that is not UTF-8.
        let titleOffset = bytes.withUnsafeBytes { buffer in
            let image = CacheImage(buffer)!
            let entry = image.entries + image.u32(image.record(1) + 48)
            return entry + 4 + image.u32(entry) + 24 + 4
        }
        bytes[titleOffset] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: cacheFile))
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(fields(cached, 1), equals: expected(cached, 1))
        expect(fields(cached, 1)[2], equals: full.note(atPosition: 1).title)
        expect(!fields(cached, 1)[2].utf8.contains(0xFF))
    }
}
