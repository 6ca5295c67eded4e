import NotezTestSupport
import Testing

@testable import NotezKit

/// A daemon carries the rows of `ls -r` across changes (`rowSources(since:)`) and the list order
/// (`listOrder(carrying:since:)`): a carried row must be the same row, and the carried order the
/// order sorted afresh, whatever the changes between the two states.
@Suite("Rows and list order carried across changes")
struct RowSourcesTests {
    /// Spellings of a few tags: which one a tag is shown by moves as notes change.
    private static let spellings = ["work", "Work", "WORK", "idea", "Idea", "x", "café", "Café"]

    private static func text(_ random: inout SeededGenerator) -> String {
        let tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in spellings.randomElement(using: &random)! }
        var text = "---\ntags: [\(tags.joined(separator: ", "))]\n"
        if Int.random(in: 0..<4, using: &random) == 0 { text += "pinned: true\n" }
        // Some notes share a time, so ties are broken by path.
        if Bool.random(using: &random) { text += "modified: 2024-01-0\(Int.random(in: 1...3, using: &random))T00:00:00Z\n" }
        return text + "---\n# Title \(Int.random(in: 0...3, using: &random))\nBody \(Int.random(in: 0...3, using: &random))\n"
    }

    private static func change(_ fs: inout MemoryFileSystem, _ random: inout SeededGenerator, serial: inout Int) {
        let notes = fs.nodes.keys.filter { $0.hasSuffix(".md") }.sorted()
        let folders = ["", "a", "b"]
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            serial += 1
            fs.create(VaultPath.join(folders.randomElement(using: &random)!, "n\(serial).md"), text(&random))
        case 1, 2, 3:
            if let note = notes.randomElement(using: &random) { fs.write(note, text(&random)) }
        case 4:
            if let note = notes.randomElement(using: &random) {
                serial += 1
                fs.rename(note, VaultPath.join(folders.randomElement(using: &random)!, "m\(serial).md"))
            }
        default:
            if let note = notes.randomElement(using: &random) { fs.remove(note) }
        }
    }

    /// The row of the note at `position` as text: every field a row shows.
    private static func row(_ index: VaultIndex, _ position: Int) -> String {
        index.withRowFields(at: position) { fields in
            func text(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }
            return "\(fields.pinned) \(fields.modified) \(text(fields.title)) \(text(fields.folder)) \(text(fields.snippet)) "
                + fields.tagNames.map(text).joined(separator: ",")
        }
    }

    private static func start(_ fs: MemoryFileSystem) -> LiveIndex {
        var live = LiveIndex(root: "/memory")
        live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: fs))
        return live
    }

    @Test("random changes: a carried row is the same row, the carried order the sorted one", arguments: [1, 2, 3, 4] as [UInt64])
    func randomChanges(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var fs = MemoryFileSystem()
        fs.mkdir("a")
        fs.mkdir("b")
        for number in 0..<120 { fs.create(VaultPath.join(["", "a", "b"][number % 3], "s\(number).md"), Self.text(&random)) }
        var serial = 0
        var live = Self.start(fs)
        var snapshot = live.snapshot()
        var sequence = live.sequence
        var (carriedRows, rows, carriedOrders, carriedTags) = (0, 0, 0, 0)
        // The state rows were laid out at: a copy of the snapshot then, its mark and its order.
        var marked = (index: snapshot, mark: snapshot.rowMark()!, order: snapshot.listOrder(Array(snapshot.notes.indices), limit: nil))
        for step in 0..<150 {
            for _ in 0..<Int.random(in: 1...3, using: &random) { Self.change(&fs, &random, serial: &serial) }
            live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: live.state, fileSystem: fs))
            guard live.update(&snapshot, from: sequence) else {
                Issue.record("the change log did not reach back one step")
                return
            }
            sequence = live.sequence
            // Sometimes several updates go by before the next listing.
            if Int.random(in: 0..<3, using: &random) == 0 { continue }
            guard let sources = snapshot.rowSources(since: marked.mark) else {
                Issue.record("no sources, seed \(seed), step \(step)")
                return
            }
            for (position, source) in sources.enumerated() where source >= 0 {
                expect(Self.row(snapshot, position), equals: Self.row(marked.index, source), "seed \(seed), step \(step), \(position)")
            }
            if let changed = snapshot.changedTagPositions(since: marked.mark) {
                // Every other summary is the one of then, in the same place.
                expect(snapshot.tags.count, equals: marked.index.tags.count, "tags, seed \(seed), step \(step)")
                let told = Set(changed)
                for (position, tag) in snapshot.tags.enumerated() where !told.contains(position) && position < marked.index.tags.count {
                    expect(tag, equals: marked.index.tags[position], "tag, seed \(seed), step \(step), \(position)")
                }
                carriedTags += 1
            }
            carriedRows += sources.filter { $0 >= 0 }.count
            rows += sources.count
            let sorted = snapshot.listOrder(Array(snapshot.notes.indices), limit: nil)
            if let carried = snapshot.listOrder(carrying: marked.order, since: marked.mark) {
                expect(carried, equals: sorted, "order, seed \(seed), step \(step)")
                carriedOrders += 1
            }
            marked = (snapshot, snapshot.rowMark()!, sorted)
        }
        // Most rows and orders were carried, so the checks above had something to check.
        expect(carriedRows * 2 > rows, "\(carriedRows) of \(rows) rows carried")
        expect(carriedOrders > 50, "\(carriedOrders) orders carried")
        expect(carriedTags > 10, "\(carriedTags) tag lists carried")
    }

    @Test("tag summaries: an edit retells the tags it touched in place; a new or renamed tag carries none")
    func tagSummariesCarried() {
        var fs = MemoryFileSystem()
        fs.create("a.md", "---\ntags: [work, idea]\n---\na\n")
        fs.create("b.md", "---\ntags: [work, zeta]\n---\nb\n")
        var live = Self.start(fs)
        var snapshot = live.snapshot()
        func step(_ change: (inout MemoryFileSystem) -> Void) -> [Int]? {
            let mark = snapshot.rowMark()!
            let sequence = live.sequence
            change(&fs)
            live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: live.state, fileSystem: fs))
            guard live.update(&snapshot, from: sequence) else { return [-1] }
            return snapshot.changedTagPositions(since: mark)
        }
        expect(snapshot.tags.map(\.name), equals: ["idea", "work", "zeta"])
        // `work` loses a note: only its summary changed.
        expect(step { $0.write("b.md", "---\ntags: [zeta]\n---\nb\n") }, equals: [1])
        // A body edit touches no tag.
        expect(step { $0.write("a.md", "---\ntags: [work, idea]\n---\na again\n") }, equals: [])
        // A tag that is new, one that goes, one whose shown spelling changes: summaries moved.
        expect(step { $0.write("b.md", "---\ntags: [zeta, fresh]\n---\nb\n") } == nil)
        expect(step { $0.write("b.md", "---\ntags: [zeta]\n---\nb\n") } == nil)
        expect(step { $0.write("a.md", "---\ntags: [WORK, idea]\n---\na\n") } == nil)
    }

    @Test("one note edited: every other row is carried; a tag shown by another spelling: its notes' rows are not")
    func editsAndRenames() {
        var fs = MemoryFileSystem()
        for number in 0..<20 { fs.create("n\(number).md", "---\ntags: [\(number < 3 ? "Topic" : "other")]\n---\nbody \(number)\n") }
        fs.create("t.md", "---\ntags: [topic]\n---\nbody\n")
        var live = Self.start(fs)
        var snapshot = live.snapshot()
        var sequence = live.sequence
        func update() {
            live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: live.state, fileSystem: fs))
            expect(live.update(&snapshot, from: sequence))
            sequence = live.sequence
        }
        let first = snapshot.rowMark()!
        fs.write("n10.md", "---\ntags: [other]\n---\nbody changed\n")
        update()
        let edited = snapshot.rowSources(since: first)!
        expect(edited.enumerated().filter { $0.element < 0 }.map { snapshot.notes[$0.offset].path }, equals: ["n10.md"])
        // `topic` becomes the common spelling (a tie would go to `Topic`): the rows of n0-n2 and
        // t, unchanged, now show it.
        let second = snapshot.rowMark()!
        for name in ["u", "v", "w"] { fs.create("\(name).md", "---\ntags: [topic]\n---\nbody\n") }
        update()
        expect(snapshot.displayName(of: TagKey("topic")), equals: "topic")
        let renamed = snapshot.rowSources(since: second)!
        let laidOut = renamed.enumerated().filter { $0.element < 0 }.map { snapshot.notes[$0.offset].path }.sorted()
        expect(laidOut, equals: ["n0.md", "n1.md", "n2.md", "t.md", "u.md", "v.md", "w.md"])
    }

    @Test("a time that is not a number: the order is sorted again, never carried")
    func untimedNotes() {
        func note(_ name: String, _ modified: Double) -> Note {
            Note(
                path: name + ".md", folder: "", title: name, tags: [], tagKeys: [], pinned: false, created: 0, modified: modified,
                snippet: "", stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1))
        }
        let timed = VaultIndex(root: "/memory", config: VaultConfig(), notes: [note("a", 2), note("b", 1), note("c", 3)], folders: [])
        let order = timed.listOrder([0, 1, 2], limit: nil)
        expect(timed.listOrder(carrying: order, since: timed.rowMark()!), equals: order)
        let untimed = VaultIndex(root: "/memory", config: VaultConfig(), notes: [note("a", 2), note("b", .nan), note("c", 3)], folders: [])
        expect(untimed.listOrder(carrying: untimed.listOrder([0, 1, 2], limit: nil), since: untimed.rowMark()!) == nil)
    }

    @Test("another index, or a state older than the log, carries nothing")
    func unrelatedStates() {
        var fs = MemoryFileSystem()
        fs.create("a.md", "# A\n")
        var live = Self.start(fs)
        var snapshot = live.snapshot()
        var sequence = live.sequence
        let mark = snapshot.rowMark()!
        expect(live.snapshot().rowSources(since: mark) == nil, "a snapshot built afresh has its own history")
        expect(live.snapshot().listOrder(carrying: [0], since: mark) == nil)
        for number in 0..<RowChangeLog.limit {
            fs.write("a.md", "# A \(number)\n")
            live.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: live.state, fileSystem: fs))
            expect(live.update(&snapshot, from: sequence))
            sequence = live.sequence
        }
        expect(snapshot.rowSources(since: mark) == nil)
    }
}
