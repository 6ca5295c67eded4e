import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The resolutions the index cache stores with each note's links (`StoredResolution`): a current
/// cache answers exactly as the whole vault's resolver does, also after notes were added,
/// removed, renamed or retitled since an earlier cache, whose lists are partly carried over.
@Suite("resolved links in the cache")
struct StoredResolutionTests {
    /// Every stored resolution of the cached view against a scan of every body with the whole vault's resolver.
    static func expectCurrent(_ root: String, _ comment: Comment) throws {
        let cached = try #require(IndexBuilder.collection(root: root) as? CachedIndex, comment)
        expect(cached.trustsResolutions, comment)
        let full = try IndexBuilder.build(root: root, useCache: false)
        expect(full.notes.map(\.path), equals: (0..<cached.noteCount).map { cached.path(at: $0) }, comment)
        let brute = LinkStoreTests.bruteForce(full)
        for position in full.notes.indices {
            let links = cached.storedLinks(at: position) ?? []
            let stored = try #require(cached.storedResolutions(at: position), "\(comment): \(full.notes[position].path)")
            expect(stored.count, equals: links.count)
            expect(
                stored.map { $0.resolution { cached.path(at: $0) } }, equals: brute[position].map(\.resolution),
                "\(comment): \(full.notes[position].path)")
        }
        // The graph from the stored lists is the graph from a resolution pass.
        let edges = try #require(cached.storedEdges())
        let fromStored = NoteGraph(noteCount: cached.noteCount, edges: edges)
        let fromFull = NoteGraph(full)
        // The full index built with the cache takes the same lists (the cache records exactly its notes).
        let indexed = try IndexBuilder.build(root: root)
        expect(CachedCheckData(index: indexed, facts: false)?.resolutions != nil, comment)
        let fromIndexed = NoteGraph(indexed)
        // The graph laid out in the cache (`StoredGraph`) is that graph too, both ways, with its unread notes.
        let laidOut = try #require(cached.storedGraph(), comment)
        expect(laidOut.noteCount == fromFull.noteCount && laidOut.unread == fromFull.unread, comment)
        for position in full.notes.indices {
            expect(Array(fromStored.targets(of: position)), equals: Array(fromFull.targets(of: position)), "\(comment): edges")
            expect(Array(fromIndexed.targets(of: position)), equals: Array(fromFull.targets(of: position)), "\(comment): indexed edges")
            expect(Array(laidOut.targets(of: position)), equals: Array(fromFull.targets(of: position)), "\(comment): stored graph")
            expect(Array(laidOut.sources(of: position)), equals: Array(fromFull.sources(of: position)), "\(comment): stored graph in")
        }
    }

    /// Each value of the stored graph changed in turn to one past every note number: the reader
    /// refuses the section every time (never traps), and graph terms answer from the resolution
    /// lists as before.
    @Test func aMalformedStoredGraphIsRefusedAndTheListsAnswer() throws {
        let vault = try LinkStoreTests.makeVault(seed: 71)
        let full = try IndexBuilder.build(root: vault.path, useCache: false)
        _ = try IndexBuilder.build(root: vault.path)
        let expected = NoteGraph(full)
        let cacheFile = try #require(IndexCache.filePath(root: vault.path))
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        let section = try original.withUnsafeBytes { buffer in
            let image = try #require(CacheImage(buffer))
            let graph = try #require(image.graph)
            return graph.offset..<(buffer.count - IndexCache.endMarker.count)
        }
        expect(section.count > 4 * (2 * full.notes.count + 2))
        expect(original.withUnsafeBytes { buffer in CacheImage(buffer).flatMap { StoredGraph.read($0) { "\($0)" } } } != nil)
        var refused = 0
        for offset in stride(from: section.lowerBound, to: section.upperBound, by: 4) {
            var bytes = original
            for (index, byte) in [0x00, 0x00, 0x00, 0x7F].enumerated() { bytes[offset + index] = UInt8(byte) }
            let graph = bytes.withUnsafeBytes { buffer in CacheImage(buffer).flatMap { StoredGraph.read($0) { "\($0)" } } }
            if graph == nil { refused += 1 }
        }
        expect(refused, equals: section.count / 4)
        // A section whose offsets run backwards: the cached view's graph comes from the lists.
        var bytes = original
        for (index, byte) in [0xFF, 0xFF, 0xFF, 0x7F].enumerated() { bytes[section.lowerBound + 4 + index] = UInt8(byte) }
        try Data(bytes).write(to: URL(fileURLWithPath: cacheFile))
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(cached.storedGraph() == nil)
        let fromLists = NoteGraph(cached)
        expect(fromLists.unread, equals: expected.unread)
        for position in full.notes.indices {
            expect(Array(fromLists.targets(of: position)), equals: Array(expected.targets(of: position)))
            expect(Array(fromLists.sources(of: position)), equals: Array(expected.sources(of: position)))
        }
    }

    @Test("a note added after the cache was written captures a link; removed, it gives it back")
    func anAddedNoteCapturesALink() throws {
        let vault = try ScratchFolder()
        let old = Date(timeIntervalSinceNow: -3600)
        try vault.write("a/Source.md", "See [[Target]] and [[Other]].\n", modified: old)
        try vault.write("b/Target.md", "far\n", modified: old)
        try vault.write("Other.md", "other\n", modified: old)
        _ = try IndexBuilder.build(root: vault.path)
        var cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        var source = try #require(cached.position(ofPath: "a/Source.md"))
        expect(cached.resolvedLinks(of: [source]).links.map(\.resolution), equals: [.note("b/Target.md"), .note("Other.md")])
        // A note of the same name in the linking note's folder takes the link (Obsidian's tie rule).
        try vault.write("a/Target.md", "near\n", modified: Date(timeIntervalSinceNow: -3000))
        _ = IndexBuilder.collection(root: vault.path)
        cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        source = try #require(cached.position(ofPath: "a/Source.md"))
        expect(cached.storedResolutions(at: source) != nil)
        expect(cached.resolvedLinks(of: [source]).links.map(\.resolution), equals: [.note("a/Target.md"), .note("Other.md")])
        let near = try #require(cached.position(ofPath: "a/Target.md"))
        expect(cached.backlinkSources(of: near).positions, equals: [source])
        expect(cached.backlinkSources(of: try #require(cached.position(ofPath: "b/Target.md"))).positions.isEmpty)
        // The graph terms of `search`, from the cached view's stored lists.
        let session = Vault(root: vault.path, environment: [:])
        try expect(session.search(QueryParser.parse("links-to:a/Target~2")).notes().map(\.path), equals: ["a/Source.md"])
        expect(try session.search(QueryParser.parse("links-to:b/Target~2")).notes().map(\.path).isEmpty)
        expect(Set(try session.search(QueryParser.parse("linked-by:Source~2")).notes().map(\.path)), equals: ["Other.md", "a/Target.md"])
        try StoredResolutionTests.expectCurrent(vault.path, "added")
        try FileManager.default.removeItem(atPath: vault.path + "/a/Target.md")
        _ = IndexBuilder.collection(root: vault.path)
        cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        source = try #require(cached.position(ofPath: "a/Source.md"))
        expect(cached.resolvedLinks(of: [source]).links.map(\.resolution), equals: [.note("b/Target.md"), .note("Other.md")])
        try StoredResolutionTests.expectCurrent(vault.path, "removed")
    }

    @Test(arguments: [51, 52, 53, 54] as [UInt64])
    func randomChangesKeepTheStoredResolutionsExact(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        if seed % 2 == 0 {
            // Titles and aliases are link names too: a retitled note may capture links.
            try vault.write(".notez/config.yaml", "link_aliases: true\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        try StoredResolutionTests.expectCurrent(vault.path, "seed \(seed) first")
        var random = SeededGenerator(seed: seed)
        for round in 0..<4 {
            let notes = try IndexBuilder.build(root: vault.path, useCache: false).notes.map(\.path)
            let stamp = Date(timeIntervalSinceNow: Double(-3000 + round * 100))
            for _ in 0..<3 {
                let folder = LinkStoreTests.folders.randomElement(using: &random)!
                let name = LinkStoreTests.names.randomElement(using: &random)!
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    // A new note, whose name likely collides with others.
                    try vault.write(VaultPath.join(folder, name + ".md"), "new \(LinkStoreTests.link(&random))\n", modified: stamp)
                case 1:
                    if let victim = notes.randomElement(using: &random) { try? FileManager.default.removeItem(atPath: vault.path + "/" + victim) }
                case 2:
                    if let victim = notes.randomElement(using: &random) {
                        try vault.write(victim, "---\ntitle: Title \(round)\naliases: [Alias \(round)]\n---\nretitled\n", modified: stamp)
                    }
                default:
                    if let victim = notes.randomElement(using: &random), FileManager.default.fileExists(atPath: vault.path + "/" + victim) {
                        let target = VaultPath.join(folder, name + " moved.md")
                        try FileManager.default.createDirectory(
                            atPath: vault.path + "/" + VaultPath.folder(of: target), withIntermediateDirectories: true)
                        try? FileManager.default.moveItem(atPath: vault.path + "/" + victim, toPath: vault.path + "/" + target)
                    }
                }
            }
            // The full build writes the cache again, carrying over the lists still valid.
            _ = IndexBuilder.collection(root: vault.path)
            try StoredResolutionTests.expectCurrent(vault.path, "seed \(seed) round \(round)")
        }
    }

    @Test func encodedListsRoundTripAndCorruptOnesAreRefused() {
        let paths = ["a.md", "b/c.md", "d.md"]
        let resolutions: [LinkResolver.Resolution] = [.note("d.md"), .broken, .ambiguous(["a.md", "b/c.md"]), .sameNote, .attachment]
        let bytes = StoredResolution.encode(resolutions) { paths.firstIndex(of: $0) }!
        let decoded = StoredResolution.decode(bytes, noteCount: 3)
        expect(decoded?.map { $0.resolution { paths[$0] } } == resolutions)
        expect(decoded?.compactMap(\.opened) == [2, 0])
        // A number past the notes, a cut list and the unresolved marker do not decode.
        expect(StoredResolution.decode(bytes, noteCount: 2) == nil)
        expect(StoredResolution.decode(Array(bytes.prefix(3)), noteCount: 3) == nil)
        expect(StoredResolution.decode(StoredResolution.unresolvedMarker, noteCount: 3) == nil)
        expect(StoredResolution.encode([.note("missing.md")]) { paths.firstIndex(of: $0) } == nil)
    }

    @Test func aCacheWrittenWithOtherLinkOptionsIsNotTrustedForResolutions() throws {
        let vault = try LinkStoreTests.makeVault(seed: 61)
        _ = try IndexBuilder.build(root: vault.path)
        expect((IndexBuilder.collection(root: vault.path) as? CachedIndex)?.trustsResolutions == true)
        // The options are not part of the cache's stamps: the cached view stays, its resolutions do not.
        try vault.write(".notez/config.yaml", "link_aliases: true\n", modified: Date(timeIntervalSinceNow: -3600))
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(!cached.trustsResolutions)
        expect(cached.storedEdges() == nil)
        let full = try IndexBuilder.build(root: vault.path, useCache: false)
        let brute = LinkStoreTests.bruteForce(full)
        for position in full.notes.indices {
            expect(cached.resolvedLinks(of: [position]).links.map(\.resolution), equals: brute[position].map(\.resolution))
        }
    }
}
