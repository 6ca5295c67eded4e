import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The live view a daemon answers from: once a snapshot was asked for, each batch of changes
/// brings it up to date in the background, so the next request finds it ready; a watch nobody
/// asks builds none.
@Suite("Watched index: a snapshot follows the notes once asked for")
struct WatchedIndexTests {
    @Test("no snapshot before one is asked for; after that, each change updates it without a request")
    func refreshedAfterChanges() throws {
        let folder = try ScratchFolder()
        let root = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        try folder.write("a.md", "---\ntags: [x]\n---\nA\n")
        let vault = WatchedIndex(root: root, config: VaultConfig())
        try vault.start()
        defer { vault.stop() }

        let generation = vault.currentGeneration
        try folder.write("b.md", "B\n")
        expect(eventually { vault.currentGeneration > generation })
        // Given time to build one, it did not: nobody asked.
        usleep(300_000)
        expect(vault.builtVersion == nil)

        let (first, version) = vault.versionedSnapshot()
        expect(first.notes.map(\.path), equals: ["a.md", "b.md"])
        expect(vault.builtVersion, equals: version)
        try folder.write("c.md", "---\ntags: [x]\n---\nC\n")
        expect(eventually { (vault.builtVersion ?? 0) > version })
        // Settled: a write may reach the watcher as two batches, each refreshing the snapshot.
        var refreshed = vault.builtVersion
        for _ in 0..<20 {
            usleep(300_000)
            let now = vault.builtVersion
            if now == refreshed { break }
            refreshed = now
        }
        // The request takes the snapshot the change made, which has the new note.
        let (index, current) = vault.versionedSnapshot()
        expect(current, equals: refreshed)
        expect(index.notes.map(\.path), equals: ["a.md", "b.md", "c.md"])
        expect(index.positions(taggedWith: TagKey("x")), equals: [0, 2])
    }
}
