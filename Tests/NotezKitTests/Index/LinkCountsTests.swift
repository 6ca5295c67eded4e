import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `links --summary`'s counts, made a chunk of notes at a time, are the counts of every stored link.
@Suite("link counts by chunks")
struct LinkCountsTests {
    @Test(arguments: [81, 82, 83] as [UInt64])
    func countsByChunksAreTheCountsOfEveryLink(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        let full = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        let all = try #require(LinkGraph.storedLinks(in: full))
        let expected = LinkGraph.Counts(all.entries)
        expect(expected.links > 0)
        expect(expected.notesWithLinks, equals: Set(all.entries.map(\.source)).count)
        expect(expected.kinds.values.reduce(0, +) == expected.links && expected.statuses.values.reduce(0, +) == expected.links)
        for notes in [full as any NoteCollection, cached] {
            for chunk in [1, 3, 7, 1000] {
                let counted = try #require(LinkGraph.storedLinkCounts(in: notes, chunk: chunk))
                expect(counted.counts, equals: expected, "chunk \(chunk)")
                expect(counted.unread, equals: all.unread)
                let withResolver = try #require(LinkGraph.storedLinkCounts(in: notes, resolver: LinkResolver(index: full), chunk: chunk))
                expect(withResolver.counts, equals: expected, "chunk \(chunk), whole vault's resolver")
            }
        }
    }
}
