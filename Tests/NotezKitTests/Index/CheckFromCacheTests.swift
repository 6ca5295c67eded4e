import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `check`'s link and attachment part from the cache's stored resolutions (a broken link that
/// names one of the vault's other files becomes an attachment link without resolving anything)
/// finds what a resolution of every link and a scan of every body find.
@Suite("check from the cache's resolutions")
struct CheckFromCacheTests {
    /// A random vault with the files a link can name that are not notes.
    static func makeVault(seed: UInt64) throws -> ScratchFolder {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        let old = Date(timeIntervalSinceNow: -3600)
        _ = try vault.write("img/pic.png", "png", modified: old)
        // No extension: only the vault's files make `[[README]]` an attachment link.
        _ = try vault.write("README", "readme", modified: old)
        // In the attachment folder of the root notes (`./attachments`), linked by none.
        _ = try vault.write("attachments/unused.png", "png", modified: old)
        _ = try vault.write(
            "refs.md", "[[README]] [[pic.png]] [[img/pic.png]] [[Nowhere]]\n![[gone.png]] [x](README) [y](../README)\n", modified: old)
        return vault
    }

    @Test(arguments: [61, 62, 63, 64, 65, 66] as [UInt64])
    func theStoredResolutionsFindWhatResolvingFinds(seed: UInt64) throws {
        let vault = try CheckFromCacheTests.makeVault(seed: seed)
        _ = try IndexBuilder.build(root: vault.path)
        let indexed = try IndexBuilder.build(root: vault.path)
        let cached = try #require(CachedCheckData(index: indexed))
        // The path under test is taken: the cache records exactly the index's notes.
        expect(cached.resolutions != nil)
        expect(cached.facts.allSatisfy { $0 != nil })
        let scanned = try IndexBuilder.build(root: vault.path, useCache: false)
        expect(scanned.linkTable == nil)
        for attachments in [true, false] {
            let fromCache = VaultCheck.linkFindings(indexed, attachments: attachments, cached: cached).map(\.text)
            let resolved = VaultCheck.linkFindings(indexed, attachments: attachments, cached: nil).map(\.text)
            let read = VaultCheck.linkFindings(scanned, attachments: attachments, cached: nil).map(\.text)
            expect(!fromCache.isEmpty)
            expect(fromCache, equals: resolved, "attachments: \(attachments)")
            expect(fromCache, equals: read, "attachments: \(attachments)")
        }
        let all = VaultCheck.linkFindings(indexed, attachments: true, cached: cached).map(\.text)
        expect(all.contains { $0.hasPrefix("refs.md:1:") && $0.contains("broken link [[Nowhere]]") })
        expect(all.contains { $0.hasPrefix("refs.md:2:") && $0.contains("missing attachment ![[gone.png]]") })
        expect(!all.contains { $0.contains("[[README]]") || $0.contains("pic.png") })
        expect(all.contains("attachments/unused.png: orphaned attachment: no note links to it (see notez attachments --orphans)"))
        // Without the vault's files, `[[README]]` names nothing.
        expect(VaultCheck.linkFindings(indexed, attachments: false, cached: cached).contains { $0.message.contains("[[README]]") })
        // The one reading of the cache gives what the two entry points give.
        let both = VaultCheck.bodyAndLinkFindings(indexed, links: true, attachments: true)
        expect(both.links.map(\.text), equals: all)
        expect(both.dates, equals: VaultCheck.bodyFindings(indexed).dates)
        expect(both.markers, equals: VaultCheck.bodyFindings(indexed).markers)
    }
}
