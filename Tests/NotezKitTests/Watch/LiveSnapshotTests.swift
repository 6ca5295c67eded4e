import NotezTestSupport
import Testing

@testable import NotezKit

/// A snapshot brought up to date from the previous one must equal a snapshot built from scratch,
/// field by field, whatever the changes: random vaults, random batches of changes.
@Suite("Live snapshots: incremental update equals a build from scratch")
struct LiveSnapshotTests {
    private static let registry = TagRegistry(entries: [
        TagRegistry.Entry(name: "Work", color: ColorName("red")), TagRegistry.Entry(name: "unused-registered"),
    ])
    private static let colors = FolderColors(colors: [(path: "a", color: ColorName("blue")!)])
    private static let tagNames = ["work", "Work", "WORK", "home", "idea", "ideas/big", "ideas", "ideas-x", "Ideas/Big/Deep", "x", "y", "z", "q1", "Q1"]
    private static let folderNames = ["a", "b", "a/c", "a/c/d", "e", "b/f"]

    /// A note's text with random front-matter tags, an inline tag sometimes, and a pin sometimes.
    private static func text(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...3, using: &random)
        var tags = (0..<count).map { _ in tagNames.randomElement(using: &random)! }
        // Now and then a note with many tags: more than an update re-sorts instead of inserting.
        if Int.random(in: 0..<15, using: &random) == 0 { tags += (0..<70).map { "g\($0 + Int.random(in: 0...5, using: &random))" } }
        var text = "---\ntags: [\(tags.joined(separator: ", "))]\n"
        if Bool.random(using: &random) { text += "pinned: true\n" }
        text += "---\n# Title \(Int.random(in: 0...5, using: &random))\n"
        if Int.random(in: 0...3, using: &random) == 0 { text += "Body #\(tagNames.randomElement(using: &random)!)\n" }
        // Links to names the changes give notes (`n3`, `m7`), by wikilink, label, path or Markdown link.
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let name = "\(Bool.random(using: &random) ? "n" : "m")\(Int.random(in: 1...30, using: &random))"
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text += "See [[\(name)]].\n"
            case 1: text += "See [[a/\(name)|label]].\n"
            case 2: text += "![[\(name)#Title 1]]\n"
            default: text += "[text](\(name).md)\n"
            }
        }
        return text
    }

    /// One random change of the file system.
    private static func change(_ fs: inout MemoryFileSystem, _ random: inout SeededGenerator, serial: inout Int) {
        let notes = fs.nodes.keys.filter { $0.hasSuffix(".md") }.sorted()
        let folders = fs.nodes.compactMap { if case .directory = $0.value { return $0.key } else { return nil } }.sorted()
        func someFolder() -> String { (folders + [""]).randomElement(using: &random)! }
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1, 2:
            serial += 1
            let folder = someFolder()
            fs.create(VaultPath.join(folder, "n\(serial).md"), text(&random))
        case 3, 4:
            if let note = notes.randomElement(using: &random) { fs.write(note, text(&random)) }
        case 5:
            if let note = notes.randomElement(using: &random) {
                serial += 1
                fs.rename(note, VaultPath.join(someFolder(), "m\(serial).md"))
            }
        case 6:
            if let note = notes.randomElement(using: &random) { fs.remove(note) }
        case 7:
            let name = folderNames.randomElement(using: &random)!
            if fs.nodes[VaultPath.folder(of: name)] != nil || !name.contains("/") { fs.mkdir(name) }
        case 8:
            // Removing whole trees is kept rarer than making folders, so the tree stays populated.
            if folders.count > 3, let folder = folders.randomElement(using: &random) { fs.remove(folder) }
        default:
            if let folder = folders.randomElement(using: &random), !folder.contains("/") {
                serial += 1
                fs.rename(folder, "r\(serial)")
            }
        }
    }

    private static func expectSame(_ updated: VaultIndex, _ fresh: VaultIndex, _ context: String) {
        expect(updated.notes, equals: fresh.notes, "notes, \(context)")
        expect(updated.notesByTag, equals: fresh.notesByTag, "postings, \(context)")
        expect(updated.tagKeysInByteOrder, equals: fresh.tagKeysInByteOrder, "tag keys in byte order, \(context)")
        // A tag's notes with its children's, by the rule over every key; `idea` and `g1` are
        // prefixes of other tags' bytes without being their parents.
        for key in fresh.tagKeysInByteOrder + [TagKey("idea"), TagKey("g1"), TagKey("ideas/big/deep/none")] {
            let expected = fresh.notesByTag.filter { $0.key.isSelfOrDescendant(of: key) }.values.flatMap { $0 }.sorted()
            expect(updated.positions(taggedWith: key).sorted(), equals: expected, "positions of \(key), \(context)")
        }
        expect(updated.tags, equals: fresh.tags, "tags, \(context)")
        expect(updated.tagByKey, equals: fresh.tagByKey, "tags by key, \(context)")
        expect(updated.spellingUses, equals: fresh.spellingUses, "spellings, \(context)")
        expect(updated.folderTree, equals: fresh.folderTree, "folder tree, \(context)")
        expect(updated.symlinkedNotes, equals: fresh.symlinkedNotes, "symlinks, \(context)")
        expect(updated.trashCount, equals: fresh.trashCount, "trash, \(context)")
        expect(updated.pinnedNotes, equals: fresh.pinnedNotes, "pinned, \(context)")
        expect(updated.unsortedNotes, equals: fresh.unsortedNotes, "unsorted, \(context)")
        expect(updated.pinnedOrder == fresh.pinnedOrder && updated.unsortedOrder == fresh.unsortedOrder, "list orders, \(context)")
        expect(updated.listedFolders, equals: fresh.listedFolders, "listed folders, \(context)")
        for note in fresh.notes { expect(updated.note(at: note.path), equals: note, "lookup \(note.path), \(context)") }
        for tag in fresh.tags {
            expect(updated.notes(withTag: tag.key), equals: fresh.notes(withTag: tag.key), "tag \(tag.name), \(context)")
        }
        guard let updatedLinks = updated.linkTable, let freshLinks = fresh.linkTable else {
            Issue.record("a live snapshot keeps its links, \(context)")
            return
        }
        expect(updatedLinks.stored, equals: freshLinks.stored, "links, \(context)")
        let carried = updatedLinks.hasLookups
        let (byTarget, byName) = updatedLinks.lookups(notes: updated.notes)
        let expected = freshLinks.lookups(notes: fresh.notes)
        expect(byTarget, equals: expected.byTarget, "links by target, carried \(carried), \(context)")
        expect(byName, equals: expected.byName, "notes by name, carried \(carried), \(context)")
        let (updatedStore, freshStore) = (IndexedLinks(index: updated, table: updatedLinks), IndexedLinks(index: fresh, table: freshLinks))
        for position in fresh.notes.indices {
            expect(
                updatedStore.backlinkSources(of: position).positions, equals: freshStore.backlinkSources(of: position).positions,
                "backlinks of \(fresh.notes[position].path), \(context)")
        }
    }

    @Test("random adds, edits, moves, deletes and folder changes, one to five per snapshot", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomChanges(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var fs = MemoryFileSystem()
        var serial = 0
        for _ in 0..<20 { Self.change(&fs, &random, serial: &serial) }
        fs.symlink("link.md", to: fs.nodes.keys.filter { $0.hasSuffix(".md") }.sorted().first ?? "none.md")
        var live = LiveIndex(root: "/memory")
        live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: fs))
        var snapshot = live.snapshot(registry: Self.registry, folderColors: Self.colors, trashCount: 1)
        var sequence = live.sequence
        var previousFresh: VaultIndex? = live.snapshot(registry: Self.registry, folderColors: Self.colors, trashCount: 1)
        for step in 0..<120 {
            for _ in 0..<Int.random(in: 1...5, using: &random) { Self.change(&fs, &random, serial: &serial) }
            live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: live.state, fileSystem: fs))
            // Sometimes several batches go by before the next snapshot.
            if Int.random(in: 0..<3, using: &random) == 0 { continue }
            let trash = Int.random(in: 0...2, using: &random)
            // In place (the snapshot's only copy) or while another copy is kept, which must stay as it was.
            let kept: VaultIndex? = Bool.random(using: &random) ? snapshot : nil
            // Lookups built before the update are carried over by it; else built afresh when asked.
            let built = Bool.random(using: &random)
            if built { _ = snapshot.linkTable?.lookups(notes: snapshot.notes) }
            guard live.update(&snapshot, from: sequence, trashCount: trash) else {
                Issue.record("the change log did not reach back one step")
                return
            }
            // Carried, not dropped: building them again costs a pass over every note's names.
            if built { expect(snapshot.linkTable?.hasLookups == true, "lookups carried, seed \(seed), step \(step)") }
            let fresh = live.snapshot(registry: Self.registry, folderColors: Self.colors, trashCount: trash)
            Self.expectSame(snapshot, fresh, "seed \(seed), step \(step)")
            if let kept, let before = previousFresh { Self.expectSame(kept, before, "kept copy, seed \(seed), step \(step)") }
            previousFresh = fresh
            sequence = live.sequence
        }
        expect(snapshot.notes.count > 10)
        expect(snapshot.folderTree.descendants.count > 1)
    }

    @Test("a snapshot older than the change log is refused, so the caller builds from scratch")
    func tooOld() {
        var fs = MemoryFileSystem()
        fs.create("a.md", "# A\n")
        var live = LiveIndex(root: "/memory")
        live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: fs))
        let snapshot = live.snapshot()
        let sequence = live.sequence
        for index in 0...LiveIndex.changeLogLimit { fs.create("n\(index).md", "") }
        live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: live.state, fileSystem: fs))
        expect(live.updating(snapshot, from: sequence) == nil)
        expect(live.updating(live.snapshot(), from: live.sequence)?.notes.count == LiveIndex.changeLogLimit + 2)
    }
}

@Suite("Live index: the initial scan and the note array")
struct LiveIndexScanTests {
    @Test("the initial scan gives the notes, fingerprints and folders a full reconcile gives, in path order")
    func initialScanEqualsReconcile() {
        var random = SeededGenerator(seed: 9)
        var fs = MemoryFileSystem()
        for folder in ["a", "a/b", "c", "caf\u{E9}", "cafe\u{301}"] { fs.mkdir(folder) }
        for index in 0..<(Reconciler.scanChunk + 300) {
            let folder = ["", "a", "a/b", "c", "caf\u{E9}", "cafe\u{301}"].randomElement(using: &random)!
            fs.create(VaultPath.join(folder, "n\(index).md"), "---\ntags: [t\(index % 7)]\n---\n# N \(index)\n")
        }
        fs.symlink("link.md", to: fs.nodes.keys.filter { $0.hasSuffix("/n1.md") || $0 == "n1.md" }[0])
        var reconciled = LiveIndex(root: "/memory")
        reconciled.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: fs))
        let scanned = Reconciler().scanAll(fs)
        var loaded = LiveIndex(root: "/memory")
        loaded.load(scanned)
        expect(loaded.notes, equals: reconciled.notes)
        expect(loaded.state, equals: reconciled.state)
        expect(loaded.sortedNotes.map(\.path), equals: reconciled.sortedNotes.map(\.path))
        expect(zip(loaded.sortedNotes, loaded.sortedNotes.dropFirst()).allSatisfy { $0.path <= $1.path })
        expect(loaded.count, equals: Reconciler.scanChunk + 301)
        // A snapshot shares the live array instead of copying every note.
        let snapshot = loaded.snapshot()
        let shared = snapshot.notes.withUnsafeBufferPointer { $0.baseAddress } == loaded.sortedNotes.withUnsafeBufferPointer { $0.baseAddress }
        expect(shared)
    }
}
