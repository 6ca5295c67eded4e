import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The links kept in the index (`LinkTable` in the full index, the link sections of the cache in
/// `CachedIndex`) answer exactly as a scan of every body with the whole vault's resolver: on
/// random vaults whose names collide by case, Unicode form, folder, title and alias, and whose
/// links take every form the resolver reads.
@Suite("links in the index")
struct LinkStoreTests {
    static let names = ["Alpha", "alpha", "Beta Note", "café", "cafe\u{301}", "x.md", "Gamma", "dup", "Dup", "a b"]
    static let folders = ["", "a", "a/b", "B", "c d", "a/b/c"]

    /// A random link, in one of the forms a vault writes.
    static func link(_ random: inout SeededGenerator) -> String {
        let name = names.randomElement(using: &random)!
        let folder = folders.randomElement(using: &random)!
        let pathName = folder.isEmpty ? name : folder + "/" + name
        let encoded = pathName.replacingOccurrences(of: " ", with: "%20")
        switch Int.random(in: 0..<18, using: &random) {
        case 0: return "[[\(name)]]"
        case 1: return "[[\(pathName)]]"
        case 2: return "[[\(pathName).md]]"
        case 3: return "[[\(name)|\(names.randomElement(using: &random)!)]]"
        case 4: return "![[\(name)#Heading]]"
        case 5: return "[[ \(name) ]]"
        case 6: return "[t](\(encoded).md)"
        case 7: return "[t](../\(encoded).md)"
        case 8: return "[t](/\(encoded).md)"
        case 9: return "[t](./\(name.replacingOccurrences(of: " ", with: "%20")))"
        case 10: return "[t](\(encoded)/..)"
        case 11: return "[[dendron://vault/\(name)]]"
        case 12: return "[[Title \(Int.random(in: 0..<4, using: &random))]]"
        case 13: return "[[Alias \(Int.random(in: 0..<4, using: &random))]]"
        case 14: return "![i](\(encoded).png)"
        case 15: return "| [[\(name)\\|cell]] |"
        case 16: return "[[\(name)#Part|\(names.randomElement(using: &random)!)]]"
        default: return "[[#Local]]"
        }
    }

    /// A vault of aged notes (so the cache keeps them) with colliding names and random links.
    static func makeVault(seed: UInt64) throws -> ScratchFolder {
        let vault = try ScratchFolder()
        var random = SeededGenerator(seed: seed)
        let old = Date(timeIntervalSinceNow: -3600)
        var used = Set<String>()
        for _ in 0..<45 {
            let folder = folders.randomElement(using: &random)!
            let name = names.randomElement(using: &random)!
            let ext = Int.random(in: 0..<8, using: &random) == 0 ? ".markdown" : ".md"
            let path = VaultPath.join(folder, name + ext)
            guard used.insert(path.lowercased()).inserted else { continue }
            var text = ""
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text += "---\ntitle: Title \(Int.random(in: 0..<4, using: &random))\n---\n"
            case 1: text += "---\naliases: [Alias \(Int.random(in: 0..<4, using: &random))]\n---\n"
            default: break
            }
            for line in 0..<Int.random(in: 0..<6, using: &random) {
                text += "Line \(line) " + (0..<Int.random(in: 0..<3, using: &random)).map { _ in link(&random) }.joined(separator: " words ") + "\n"
            }
            _ = try vault.write(path, text, modified: old)
        }
        return vault
    }

    /// What a scan of every body with the whole vault's resolver finds: per note, its links resolved.
    static func bruteForce(_ index: VaultIndex) -> [[LinkGraph.Entry]] {
        let resolver = LinkResolver(index: index)
        return index.notes.map { note in
            let bytes = (try? NoteReader.readAll(index.root + "/" + note.path).bytes) ?? []
            return LinkGraph.links(ofFile: bytes, source: note.path, resolver: resolver)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func answersLikeAScanOfEveryBody(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        let full = try IndexBuilder.build(root: vault.path)
        let table = try #require(full.linkTable)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        let brute = LinkStoreTests.bruteForce(full)
        let stores: [any LinkStore] = [IndexedLinks(index: full, table: table), cached]
        for store in stores {
            expect(store.noteCount, equals: full.notes.count)
            expect(store.unreadPositions.isEmpty)
            for position in full.notes.indices {
                // Outgoing links: the same links, lines and resolutions.
                let stored = store.resolvedLinks(of: [position]).links
                expect(stored.map(\.stored.link), equals: brute[position].map(\.link), "\(full.notes[position].path)")
                expect(stored.map(\.stored.line), equals: brute[position].map(\.line))
                expect(stored.map(\.resolution), equals: brute[position].map(\.resolution), "\(full.notes[position].path)")
                // Backlinks: the notes with a link that opens this one.
                let path = full.notes[position].path
                let expected = full.notes.indices.filter { source in
                    brute[source].contains { $0.resolution.path.map { PathKey.sameBytes($0, path) } ?? false }
                }
                expect(store.backlinkSources(of: position).positions, equals: expected, "backlinks of \(path)")
            }
        }
        // Through the public entry points: the same entries as the old scan of every body.
        for note in full.notes {
            let old = LinkGraph.backlinks(to: note.path, index: full, resolver: LinkResolver(index: full))
            expect(LinkGraph.backlinks(to: note.path, in: full) == old)
            expect(LinkGraph.backlinks(to: note.path, in: cached) == old)
        }
        let all = try #require(LinkGraph.storedLinks(in: cached))
        expect(all.entries.map(\.resolution), equals: brute.flatMap { $0 }.map(\.resolution))
        expect(all.entries.map(\.source), equals: brute.flatMap { $0 }.map(\.source))
    }

    @Test("check takes a finding's text from its note only when the note still has the stored links; else it reads the note again")
    func checkRereadsANoteChangedSinceTheIndex() throws {
        let vault = try LinkStoreTests.makeVault(seed: 41)
        let indexed = try IndexBuilder.build(root: vault.path)
        // A Markdown link's text is never made from its parts (its target is decoded): it is read.
        let finding = try #require(VaultCheck.linkFindings(indexed).first { $0.message.contains("](") })
        let file = vault.path + "/" + finding.path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        // Every Markdown link of the note now names something else, at the same place.
        try text.replacingOccurrences(of: "](", with: "](zz").write(toFile: file, atomically: false, encoding: .utf8)
        let stale = VaultCheck.linkFindings(indexed).filter { $0.path == finding.path }
        let fresh = try IndexBuilder.build(root: vault.path, useCache: false)
        expect(!stale.isEmpty)
        expect(stale.map(\.text), equals: VaultCheck.linkFindings(fresh).filter { $0.path == finding.path }.map(\.text))
    }

    @Test(arguments: [31, 32, 33, 34] as [UInt64])
    func checkFindsWhatAScanOfEveryBodyFinds(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        _ = try vault.write("img/pic.png", "png", modified: Date(timeIntervalSinceNow: -3600))
        let indexed = try IndexBuilder.build(root: vault.path)
        expect(indexed.linkTable != nil)
        let scanned = try IndexBuilder.build(root: vault.path, useCache: false)
        expect(scanned.linkTable == nil)
        let findings = VaultCheck.linkFindings(indexed)
        expect(!findings.isEmpty)
        expect(findings.map(\.text), equals: VaultCheck.linkFindings(scanned).map(\.text))
        expect(VaultCheck.attachmentFindings(indexed).map(\.text), equals: VaultCheck.attachmentFindings(scanned).map(\.text))
        // `check`'s one pass (one file listing, one resolution of every link) finds what the two passes find.
        for index in [indexed, scanned] {
            let separate = VaultCheck.linkFindings(index, files: AttachmentScan(index: index)) + VaultCheck.attachmentFindings(index)
            expect(VaultCheck.linkFindings(index, attachments: true).map(\.text), equals: separate.map(\.text))
        }
        let summary = try #require(LinkGraph.storedLinks(in: indexed, resolver: LinkResolver(index: indexed)))
        let all = LinkGraph.scan(index: scanned, resolver: LinkResolver(index: scanned))
        expect(summary.entries.map(\.resolution), equals: all.entries.map(\.resolution))
        expect(summary.entries.map(\.line), equals: all.entries.map(\.line))
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16, 17, 18] as [UInt64])
    func renameCandidatesHoldEveryNoteTheRewriterChanges(seed: UInt64) throws {
        let vault = try LinkStoreTests.makeVault(seed: seed)
        let index = try IndexBuilder.build(root: vault.path)
        for note in index.notes {
            let moved = [note.path: VaultPath.join("new place", "Renamed.md")]
            let candidates = try #require(LinkGraph.rewriteCandidates(index: index, movedNotes: moved, movedFolders: [], edited: []))
            let rewriter = LinkRewriter(index: index, movedNotes: moved)
            for (position, other) in index.notes.enumerated() {
                let bytes = try NoteReader.readAll(vault.path + "/" + other.path).bytes
                if rewriter.rewrite(bytes, source: other.path) != nil {
                    expect(candidates.contains(position), "\(other.path) rewritten when \(note.path) moves")
                }
            }
        }
        for folder in LinkStoreTests.folders where !folder.isEmpty {
            let movedFolders = [(from: folder, to: "moved/" + folder)]
            let candidates = try #require(LinkGraph.rewriteCandidates(index: index, movedNotes: [:], movedFolders: movedFolders, edited: []))
            let rewriter = LinkRewriter(index: index, movedNotes: [:], movedFolders: movedFolders)
            for (position, other) in index.notes.enumerated() {
                let bytes = try NoteReader.readAll(vault.path + "/" + other.path).bytes
                if rewriter.rewrite(bytes, source: other.path) != nil {
                    expect(candidates.contains(position), "\(other.path) rewritten when \(folder) moves")
                }
            }
        }
    }

    /// `LinkResolver.fold`'s ASCII path against its definition (NFC, then lower case).
    @Test func theFastFoldIsTheResolversFold() {
        var random = SeededGenerator(seed: 5)
        let alphabet = Array("aZ09 ./-_#|%[]()Mq\u{7F}\t~É".unicodeScalars)
        for _ in 0..<2000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0..<12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            expect(LinkResolver.fold(text), equals: LinkResolver.slowFold(text))
            expect(PathKey.sameBytes(LinkResolver.fold(text), LinkResolver.slowFold(text)), "\(text)")
        }
    }

    @Test func storedFormRoundTrips() throws {
        let text = "---\ntitle: T\n---\nA [[x|y]] and ![[p.png]]\r\n[m](a%20b.md#h) [[#Here]]\n\n![i](z.png \"t\")\n"
        let bytes = Array(text.utf8)
        let links = StoredLink.scan(bytes)
        expect(links.count, equals: 5)
        expect(links.map(\.line), equals: [4, 4, 5, 5, 7])
        expect(StoredLink.decode(StoredLink.encode(links)), equals: links)
        expect(StoredLink.decode(StoredLink.unreadMarker) == nil)
        // Corrupt stored forms decode to nil, never to wrong links or a crash.
        let encoded = StoredLink.encode(links)
        for cut in 1..<encoded.count { _ = StoredLink.decode(Array(encoded.prefix(cut))) }
        expect(StoredLink.decode([0x07]) == nil)
    }

    @Test func aCacheOfAnotherLinkReaderIsNotTrusted() throws {
        let vault = try LinkStoreTests.makeVault(seed: 21)
        _ = try IndexBuilder.build(root: vault.path)
        let path = try #require(IndexCache.filePath(root: vault.path))
        var bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        expect(bytes.withUnsafeBytes { CacheImage($0) } != nil)
        bytes[12] &+= 1
        expect(bytes.withUnsafeBytes { CacheImage($0) } == nil)
    }
}
