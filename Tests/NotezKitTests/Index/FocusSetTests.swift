import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A rename planned from the notes a watch names (`FocusSet`, as the JSON a daemon sends, read
/// again by the client) is the plan the full index makes; a note changed since the set was made
/// makes the set unusable (the client then plans cold).
@Suite("rename from a watch's focus set")
struct FocusSetTests {
    @Test(arguments: [81, 82, 83, 84] as [UInt64])
    func plansAsTheFullIndex(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        if seed % 2 == 0 { _ = try vault.write(".notez/config.yaml", "link_aliases: true\ndendron_links: true\n") }
        let full = try IndexBuilder.build(root: vault.path)
        expect(full.linkTable != nil)
        let files = DiskVaultFiles(root: vault.path)
        var random = SeededGenerator(seed: seed)
        var rewritten = 0
        for note in full.notes {
            for title in LinkFocusTests.titles.shuffled(using: &random).prefix(3) {
                let expected = LinkFocusTests.outcome { () throws(NotezError) -> Plan in
                    try RenamePlanner.rename(note: note.path, to: title, index: full, files: files)
                }
                let set = try #require(try RenamePlanner.focusSet(note: note.path, to: title, index: full))
                // As sent and received.
                let received = try JSONDecoder().decode(FocusSet.self, from: JSONEncoder().encode(set))
                expect(received, equals: set)
                let index = try #require(received.index(root: vault.path))
                let focused = LinkFocusTests.outcome { () throws(NotezError) -> Plan in
                    try RenamePlanner.rename(note: note.path, to: title, focused: index, notePath: received.notePath, files: files)
                }
                expect(focused, equals: expected, "rename \(note.path) to \(title)")
                if expected.contains("links rewritten") || expected.contains("link rewritten") { rewritten += 1 }
            }
        }
        expect(rewritten > 0)
    }

    /// Every note, and pairs of notes, moved to every folder: where the set gives a plan it is the
    /// full index's; it declines (the client plans cold) only where a destination is numbered, a
    /// moved note links to a file, or the folder does not exist. The destinations that no entry of
    /// the folder has in any case are proven free (as a watch proves them), and the plan made
    /// without listing the folder for them is the same.
    @Test(arguments: [85, 86, 87] as [UInt64])
    func movesPlanAsTheFullIndex(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        if seed % 2 == 0 { _ = try vault.write(".notez/config.yaml", "link_aliases: true\ndendron_links: true\n") }
        let full = try IndexBuilder.build(root: vault.path)
        let files = DiskVaultFiles(root: vault.path)
        var random = SeededGenerator(seed: seed)
        var moved = 0
        var rewritten = 0
        var proven = 0
        let groups = full.notes.map { [$0.path] } + (0..<20).map { _ in full.notes.shuffled(using: &random).prefix(2).map(\.path) }
        for paths in groups {
            for folder in LinkStoreTests.folders + ["missing"] {
                let expected = LinkFocusTests.outcome { () throws(NotezError) -> Plan in
                    try MovePlanner.move(notes: paths, to: folder, create: false, index: full, files: files)
                }
                let set = try #require(try MovePlanner.focusSet(notes: paths, into: folder, index: full, provesFree: Self.isFree(in: vault)))
                let received = try JSONDecoder().decode(FocusSet.self, from: JSONEncoder().encode(set))
                expect(received, equals: set)
                expect(received.notePath, equals: paths[0])
                let index = try #require(received.index(root: vault.path))
                proven += received.freeTargets?.count ?? 0
                var declined = false
                let focused = LinkFocusTests.outcome { () throws(NotezError) -> Plan in
                    guard
                        let plan = try MovePlanner.move(
                            notes: paths, to: folder, create: false, focused: index, freeTargets: received.freeTargets ?? [], files: files)
                    else {
                        declined = true
                        return Plan(operation: "", arguments: [])
                    }
                    return plan
                }
                if declined {
                    // A moved note that links to a file (`![i](x.png)`) may take it along: planned whole.
                    let linksAFile = paths.contains { path in
                        (try? String(contentsOfFile: vault.path + "/" + path, encoding: .utf8))?.contains(".png)") == true
                    }
                    let numbered = expected.contains("moved as '")
                    expect(numbered || linksAFile || files.kind(folder) != .folder, "mv \(paths) \(folder) declined: \(expected)")
                    continue
                }
                expect(focused, equals: expected, "mv \(paths) \(folder)")
                moved += 1
                if expected.contains("links rewritten") || expected.contains("link rewritten") { rewritten += 1 }
            }
        }
        // A quarter of the moves at least are planned from the set (a random note often links to a
        // picture, and some folders have no note), and some of those rewrite links.
        expect(moved * 4 > groups.count * (LinkStoreTests.folders.count + 1), "\(moved)")
        expect(proven > groups.count, "\(proven)")
        expect(rewritten > 0)
    }

    /// A watch's proof that a path is free, made by listing its folder: no entry has its name in any case.
    static func isFree(in vault: ScratchFolder) -> (String) -> Bool {
        { path in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/" + VaultPath.folder(of: path))) ?? []
            return !names.contains { $0.lowercased() == VaultPath.name(of: path).lowercased() }
        }
    }

    /// The linking notes name more notes than the client reads (the corpus's hub notes): those are
    /// sent with their names and stat'ed, not read, and the plan is the full index's.
    @Test("a set naming more notes than the client reads; a rename names only the notes called by the old and new names")
    func namedNotesAreSentWithTheirNames() throws {
        let vault = try ScratchFolder()
        let old = Date(timeIntervalSinceNow: -3600)
        let count = FocusSet.maxEntries + 44
        for number in 0..<count {
            _ = try vault.write("many/Note \(number).md", "---\naliases: [Other \(number), Shared]\n---\nbody\n", modified: old)
        }
        let hub = (0..<count).map { "[[Note \($0)]]" }.joined(separator: " ")
        _ = try vault.write("Hub.md", "See [[Target]] and [[Target|the target]].\n" + hub + "\n", modified: old)
        _ = try vault.write("Target.md", "target\n", modified: old)
        // The new titles are names some of the named notes have as aliases.
        _ = try vault.write(".notez/config.yaml", "link_aliases: true\n")
        let full = try IndexBuilder.build(root: vault.path)
        let files = DiskVaultFiles(root: vault.path)
        // The hub's links to the many notes cannot find the renamed note: their notes are not named.
        for (title, named) in [("Renamed", 0), ("Other 7", 1), ("Shared", count)] {
            let expected = LinkFocusTests.outcome { () throws(NotezError) -> Plan in
                try RenamePlanner.rename(note: "Target", to: title, index: full, files: files)
            }
            let set = try #require(try RenamePlanner.focusSet(note: "Target", to: title, index: full))
            expect(set.entries.count, equals: 2 + named, "rename to \(title)")
            expect(set.entries.filter(\.candidate).map(\.path), equals: ["Hub.md", "Target.md"])
            expect(set.entries.allSatisfy { ($0.title == nil) == $0.candidate })
            let received = try JSONDecoder().decode(FocusSet.self, from: JSONEncoder().encode(set))
            let index = try #require(received.index(root: vault.path))
            let focused = LinkFocusTests.outcome { () throws(NotezError) -> Plan in
                try RenamePlanner.rename(note: "Target", to: title, focused: index, notePath: received.notePath, files: files)
            }
            expect(focused, equals: expected, "rename to \(title)")
            expect(expected.contains("rewritten"), "\(expected)")
        }
        // A named note changed since: the set is not used (its stamp, not its bytes, says so).
        let set = try #require(try RenamePlanner.focusSet(note: "Target", to: "Shared", index: full))
        expect(set.entries.count > FocusSet.maxEntries)
        _ = try vault.write("many/Note 3.md", "---\naliases: [Shared]\n---\nbody, longer now\n")
        expect(set.index(root: vault.path) == nil)
    }

    @Test("a note of the set changed after the watch indexed it: the set is not used")
    func changedNoteMakesTheSetStale() throws {
        let vault = try LinkStoreTests.makeVault(seed: 91)
        let full = try IndexBuilder.build(root: vault.path)
        let set = try #require(try RenamePlanner.focusSet(note: full.notes[0].path, to: "Renamed", index: full))
        expect(set.index(root: vault.path) != nil)
        let changed = try #require(set.entries.last)
        let file = vault.path + "/" + changed.path
        try (String(contentsOfFile: file, encoding: .utf8) + "\nNow [[Renamed]] too.\n").write(toFile: file, atomically: false, encoding: .utf8)
        expect(set.index(root: vault.path) == nil)
        // A path that leaves the vault is never read.
        var hostile = set
        hostile.entries[0].path = "../outside.md"
        expect(hostile.index(root: vault.path) == nil)
    }
}
