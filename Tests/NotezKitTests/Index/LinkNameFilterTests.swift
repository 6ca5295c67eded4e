import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `LinkNameFilter` answers as the link's keys do (`StoredLink.targetKeys`), for every link of
/// random vaults against every note's names, and for the links whose keys the target does not spell.
@Suite("link name filter")
struct LinkNameFilterTests {
    @Test(arguments: [71, 72, 73] as [UInt64])
    func answersAsTheLinksKeys(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        _ = try vault.write(
            "e/f/Odd.md", "[a](..) [b](.) [c]() [d](../f/) [[Café]] [[CAFÉ|x]] [[x|Alpha]] [e](dendron://v/a/Beta%20Note.md)\n",
            modified: Date(timeIntervalSinceNow: -3600))
        let index = try IndexBuilder.build(root: vault.path, useCache: false)
        var names = index.notes.map { Set(StoredLink.nameKeys(path: $0.path, title: $0.title, aliases: $0.aliases)) }
        names += [["f"], ["e"], ["café"], ["alpha"], [""], ["beta note"]]
        var matched = 0
        for note in index.notes {
            let bytes = try NoteReader.readAll(vault.path + "/" + note.path).bytes
            for link in LinkScanner.links(in: bytes[InlineTagEditor.bodyStart(bytes)...]) {
                let keys = StoredLink.targetKeys(link, source: note.path)
                for set in names {
                    let expected = keys.contains(where: set.contains)
                    let filter = LinkNameFilter(names: set)
                    expect(filter.matches(link, source: note.path), equals: expected, "\(note.path): \(link.target) against \(set)")
                    expect(filter.keys(of: link, source: note.path), equals: (expected ? keys : nil))
                    if expected { matched += 1 }
                }
            }
        }
        expect(matched > 0)
    }

    @Test func asciiContainsIgnoresCase() {
        expect(LinkNameFilter.contains(Array("See Bench LINK target".utf8), Array("link target".utf8)))
        expect(!LinkNameFilter.contains(Array("Bench".utf8), Array("bench link".utf8)))
        expect(LinkNameFilter.contains(Array("x".utf8), []))
    }
}
