import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A rename planned from the index cache (`LinkFocus`: only the notes whose links the rename can
/// touch and the notes their links may name) is the plan the full index makes: same steps, same
/// bytes, same messages; on random vaults whose names collide, with notes changed since the cache
/// was written, and with the link options that read titles, aliases and labels.
@Suite("rename from the index cache")
struct LinkFocusTests {
    static let titles = ["Alpha", "dup", "Renamed", "café", "Beta Note", "Title 1", "x.md", "Alias 2", "a b"]

    /// The plan's every part that is applied or printed, or the error, as text.
    static func outcome(_ plan: () throws(NotezError) -> Plan) -> String {
        do {
            let made = try plan()
            let previews = made.previews.sorted { $0.key.path < $1.key.path }.map { "\($0.key.path): \($0.value.before) -> \($0.value.after)" }
            return "\(made.steps)\n\(made.messages)\n\(made.skipped)\n\(previews)\n" + made.dryRunText()
        } catch {
            return "error: \(error)"
        }
    }

    /// Every note renamed to a few colliding titles: the focus plans as the full index does.
    /// The focus is opened first: a full build may write the cache again. `useCache` false: the
    /// full index reads every note and every body (no cache, no stored links).
    static func expectSamePlans(_ vault: ScratchFolder, seed: UInt64, useCache: Bool = true) throws {
        let focus = try #require(LinkFocus.open(root: vault.path))
        let full = try IndexBuilder.build(root: vault.path, useCache: useCache)
        let files = DiskVaultFiles(root: vault.path)
        var random = SeededGenerator(seed: seed)
        var rewritten = 0
        for note in full.notes {
            for title in titles.shuffled(using: &random).prefix(3) {
                let expected = outcome { () throws(NotezError) -> Plan in try RenamePlanner.rename(note: note.path, to: title, index: full, files: files) }
                let focused = outcome { () throws(NotezError) -> Plan in try RenamePlanner.rename(note: note.path, to: title, focus: focus, files: files) }
                expect(focused, equals: expected, "rename \(note.path) to \(title)")
                if expected.contains("links rewritten") || expected.contains("link rewritten") { rewritten += 1 }
            }
        }
        // The vaults link densely: a comparison of plans that rewrite nothing would prove little.
        expect(rewritten > 0)
    }

    @Test(arguments: [51, 52, 53, 54, 55, 56] as [UInt64])
    func plansAsTheFullIndex(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        if seed % 2 == 0 { _ = try vault.write(".notez/config.yaml", "link_aliases: true\ndendron_links: true\n") }
        _ = try IndexBuilder.build(root: vault.path)
        // Proven by the folder stamps (no walk) once a query saved them.
        _ = IndexBuilder.collection(root: vault.path)
        try LinkFocusTests.expectSamePlans(vault, seed: seed)
    }

    @Test("notes changed since the cache was written are read again: links added, titles and aliases changed")
    func changedNotesAreReadAgain() throws {
        for seed in [61, 62, 63] as [UInt64] {
            let vault = try LinkStoreTests.makeVault(seed: seed)
            let built = try IndexBuilder.build(root: vault.path)
            _ = IndexBuilder.collection(root: vault.path)
            var random = SeededGenerator(seed: seed)
            for note in built.notes.shuffled(using: &random).prefix(8) {
                let file = vault.path + "/" + note.path
                var text = try String(contentsOfFile: file, encoding: .utf8)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: text = "---\ntitle: Title \(Int.random(in: 0..<4, using: &random))\n---\n" + text
                case 1: text = "---\naliases: [Alpha, dup]\n---\n" + text
                default: text += "\nNow " + (0..<4).map { _ in LinkStoreTests.link(&random) }.joined(separator: " and ") + "\n"
                }
                try text.write(toFile: file, atomically: false, encoding: .utf8)
            }
            try LinkFocusTests.expectSamePlans(vault, seed: seed)
        }
    }

    @Test("notes added and removed since the cache was written: the added ones are read, the removed ones left out")
    func addedAndRemovedNotes() throws {
        for seed in [71, 72, 73] as [UInt64] {
            let vault = try LinkStoreTests.makeVault(seed: seed)
            let built = try IndexBuilder.build(root: vault.path)
            var random = SeededGenerator(seed: seed)
            for note in built.notes.shuffled(using: &random).prefix(4) { try FileManager.default.removeItem(atPath: vault.path + "/" + note.path) }
            for number in 0..<6 {
                // Same names as other notes in other folders, and links by those names.
                let name = LinkStoreTests.names.randomElement(using: &random)!
                let folder = ["", "z", "a", "a/b/c", "new"].randomElement(using: &random)!
                let path = VaultPath.join(folder, "\(name) \(number % 2 == 0 ? "" : "x")".trimmingCharacters(in: .whitespaces) + ".md")
                guard !FileManager.default.fileExists(atPath: vault.path + "/" + path) else { continue }
                _ = try vault.write(path, "Added " + (0..<3).map { _ in LinkStoreTests.link(&random) }.joined(separator: " ") + "\n")
            }
            try LinkFocusTests.expectSamePlans(vault, seed: seed, useCache: false)
        }
    }

    @Test("no focus without an index cache")
    func noFocusWithoutACache() throws {
        let vault = try LinkStoreTests.makeVault(seed: 74)
        expect(LinkFocus.open(root: vault.path) == nil)
        _ = try IndexBuilder.build(root: vault.path)
        expect(LinkFocus.open(root: vault.path) != nil)
    }
}
