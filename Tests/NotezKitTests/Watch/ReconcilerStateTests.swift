import NotezTestSupport
import Testing

@testable import NotezKit

/// A state brought up to date batch by batch (notes replaced in place, the arrays shifted, or one
/// merge) must equal a scan of the same files from scratch, and must be what one merge gives,
/// NFC/NFD twins included (the memory file system keys paths as strings: its twins are one file).
@Suite("Reconciler state: batches of changes equal a scan from scratch")
struct ReconcilerStateTests {
    /// Names that sort close together, with twins (NFC and NFD "é") and case pairs.
    private static let names = ["a", "B", "b", "caf\u{E9}", "cafe\u{301}", "z", "\u{C5}ngstr\u{F6}m", "n 2", "n 10", "\u{65E5}\u{672C}"]
    private static let folders = ["", "x", "x/y", "X", "caf\u{E9}"]

    private static func somePath(_ random: inout SeededGenerator, serial: Int) -> String {
        let folder = folders.randomElement(using: &random)!
        return VaultPath.join(folder, names.randomElement(using: &random)! + (Bool.random(using: &random) ? "" : " \(serial % 7)") + ".md")
    }

    @Test("random batches of adds, edits, renames and deletes", arguments: [11, 12, 13, 14] as [UInt64])
    func batchesEqualAScan(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var fs = MemoryFileSystem()
        for folder in Self.folders where !folder.isEmpty { fs.mkdir(folder) }
        var live = LiveIndex(root: "/memory")
        live.apply(Reconciler().reconcile(.init(fullRescan: true), previous: ReconcilerState(), fileSystem: fs))
        var (shifted, merged) = (0, 0)
        for serial in 0..<100 {
            // Mostly a few changes (shifted); sometimes more than `shiftLimit` (replaced in place, then shifted or merged).
            let many = Int.random(in: 0..<8, using: &random) == 0
            let count = many ? ReconcilerState.shiftLimit + Int.random(in: 1...20, using: &random) : Int.random(in: 1...4, using: &random)
            for step in 0..<count {
                let notes = fs.nodes.keys.filter { $0.hasSuffix(".md") }.sorted()
                let path = Self.somePath(&random, serial: serial * 100 + step)
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1, 2:
                    if fs.nodes[path] == nil { fs.create(path, "[[\(Self.names.randomElement(using: &random)!)]] \(step)") }
                case 3:
                    if let note = notes.randomElement(using: &random) { fs.write(note, "edited \(serial) [[z]]") }
                case 4:
                    if let note = notes.randomElement(using: &random), fs.nodes[path] == nil { fs.rename(note, path) }
                default:
                    if let note = notes.randomElement(using: &random) { fs.remove(note) }
                }
            }
            let before = live.state.count
            live.apply(Reconciler().reconcile(.init(fullRescan: true), previous: live.state, fileSystem: fs))
            if live.state.count != before { if many { merged += 1 } else { shifted += 1 } }
            let scanned = Reconciler().scanAll(fs)
            expect(live.state.notes.map(\.path), equals: scanned.notes.map(\.path), "paths after batch \(serial)")
            expect(live.state, equals: scanned, "state after batch \(serial)")
        }
        // Batches of both sizes changed the number of notes (so they did not all replace in place).
        expect(shifted > 20 && merged > 3)
    }

    /// A note at `path` told apart by `hash`.
    private static func entry(_ path: String, _ hash: UInt64) -> (note: Note, fingerprint: NoteFingerprint, links: [UInt8]) {
        let stamp = FileStamp(inode: hash, size: 0, mtimeNanos: 0)
        let note = Note(
            path: path, folder: "", title: path, tags: [], tagKeys: [], pinned: false, created: 0, modified: 0, snippet: "", stamp: stamp)
        return (note, NoteFingerprint(stamp: stamp, hash: hash, isSymlink: false), [UInt8(hash & 0xFF)])
    }

    @Test("notes replaced or shifted in place land where one merge puts them, NFC and NFD twins included", arguments: [21, 22, 23] as [UInt64])
    func shiftingEqualsMerging(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Enough paths that a large batch changes more than `shiftLimit` notes.
        let paths = (Self.names + ["x/" + Self.names[3], "x/" + Self.names[4], "x/y/n"] + (0..<120).map { "p\($0)" }).map { $0 + ".md" }
        var (shifted, merged) = (ReconcilerState(), ReconcilerState())
        var present: [PathKey: UInt64] = [:]
        var serial: UInt64 = 0
        var twinRounds = 0
        for round in 0..<300 {
            var out: [PathKey] = []
            var incoming: [(note: Note, fingerprint: NoteFingerprint, links: [UInt8])] = []
            // A few changes (shifted), or more than `shiftLimit` (replaced in place, then shifted or merged).
            let large = Int.random(in: 0..<5, using: &random) == 0
            for _ in 0..<(large ? ReconcilerState.shiftLimit + Int.random(in: 1...12, using: &random) : Int.random(in: 1...8, using: &random)) {
                let path = PathKey(paths.randomElement(using: &random)!)
                out.append(path)
                // Mostly arriving, sometimes only leaving; the same path may come twice in a batch.
                if Int.random(in: 0..<4, using: &random) != 0 {
                    serial += 1
                    incoming.append(Self.entry(path.path, serial))
                }
            }
            // The changed paths leave, then every incoming note arrives: the last one for a path wins.
            for path in out { present[path] = nil }
            for item in incoming { present[PathKey(item.note.path)] = item.fingerprint.hash }
            shifted.replace(out, with: incoming)
            merged.replace(out, with: incoming, mergeOnly: true)
            expect(shifted, equals: merged, "round \(round)")
            // Path order, every note found by its path, each path's last note.
            let notes = shifted.notes
            expect(zip(notes, notes.dropFirst()).allSatisfy { !($1.path < $0.path) }, "order, round \(round)")
            expect(Dictionary(uniqueKeysWithValues: notes.map { (PathKey($0.path), $0.stamp.inode) }), equals: present, "notes, round \(round)")
            expect(present.keys.allSatisfy { shifted.position(of: $0).map { notes[$0].stamp.inode } == present[$0] }, "lookup, round \(round)")
            if present[PathKey(paths[3])] != nil && present[PathKey(paths[4])] != nil { twinRounds += 1 }
        }
        // Both twins were present for many rounds: their order was compared.
        expect(twinRounds > 30)
    }
}
