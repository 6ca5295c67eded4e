import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `check` answered from the cached view (`VaultCheck.init(cached:...)`: no full index) finds, in
/// the same order, what it finds from the full index: on random vaults with hostile names,
/// broken and ambiguous links, tags spelled several ways, conflict markers and copies, dates notez
/// cannot read, notes with a problem, a symlinked note and attachments.
@Suite("check from the cached view")
struct CheckFromCachedViewTests {
    static let tagSpellings = ["Topic", "topic", "TOPIC", "open-science", "Open Science", "open_science", "café", "cafe\u{301}", "Café", "solo"]
    static let hostile = ["Esc\u{1B}ape", "Bi\u{202E}di", "line\u{2028}sep", "Em\u{2014}dash", "tab\tname"]

    /// A random vault of aged notes (so that the cache keeps every one).
    static func makeVault(seed: UInt64) throws -> ScratchFolder {
        let vault = try CheckFromCacheTests.makeVault(seed: seed)
        var random = SeededGenerator(seed: seed &* 7919)
        let old = Date(timeIntervalSinceNow: -3600)
        for number in 0..<30 {
            let folder = LinkStoreTests.folders.randomElement(using: &random)!
            let base = Int.random(in: 0..<4, using: &random) == 0 ? hostile.randomElement(using: &random)! : "Extra \(number)"
            let copy = Int.random(in: 0..<10, using: &random) == 0 ? " (conflicted copy)" : ""
            let path = VaultPath.join(folder, base + "\(number)" + copy + ".md")
            var text = ""
            switch Int.random(in: 0..<6, using: &random) {
            case 0: text += "---\ntitle: [unclosed\n---\n"
            case 1: text += "---\ncreated: someday\nmodified: [1, 2]\n---\n"
            case 2, 3:
                let tags = (0..<Int.random(in: 1..<3, using: &random)).map { _ in tagSpellings.randomElement(using: &random)! }
                text += "---\ntags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]\n---\n"
            default: break
            }
            if Int.random(in: 0..<3, using: &random) == 0 { text += "#\(tagSpellings.randomElement(using: &random)!.replacingOccurrences(of: " ", with: "-"))\n" }
            if Int.random(in: 0..<6, using: &random) == 0 { text += "a\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n" }
            for _ in 0..<Int.random(in: 0..<4, using: &random) {
                text += LinkStoreTests.link(&random) + " [[\(hostile.randomElement(using: &random)!)gone]]\n"
            }
            _ = try vault.write(path, text, modified: old)
        }
        try vault.symlink("Linked.md", to: vault.path + "/refs.md")
        return vault
    }

    /// The findings from the full index, as `notez check` gathers them (no schema, no journal).
    static func fromFullIndex(_ index: VaultIndex, links: Bool, attachments: Bool) -> [String] {
        let found = VaultCheck.bodyAndLinkFindings(index, links: links, attachments: attachments)
        var check = VaultCheck(index: index, extra: SyncConflicts.issues(index: index, markers: found.markers))
        check.findings += found.dates + found.links
        return check.findings.map(\.text)
    }

    /// The findings from the cached view, as `notez check` gathers them.
    static func fromCachedView(_ cached: CachedIndex, links: Bool, attachments: Bool) -> VaultCheck? {
        guard let found = VaultCheck.bodyAndLinkFindings(cached, links: links, attachments: attachments),
            var check = VaultCheck(cached: cached, extra: SyncConflicts.issues(notes: cached, markers: found.markers))
        else { return nil }
        check.findings += found.dates + found.links
        return check
    }

    @Test(arguments: [71, 72, 73, 74, 75] as [UInt64])
    func theCachedViewFindsWhatTheFullIndexFinds(seed: UInt64) throws {
        let vault = try CheckFromCachedViewTests.makeVault(seed: seed)
        _ = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.cachedView(root: vault.path))
        expect(VaultCheck.answers(from: cached, links: true))
        let full = try IndexBuilder.build(root: vault.path)
        let scanned = try IndexBuilder.build(root: vault.path, useCache: false)
        for (links, attachments) in [(true, true), (true, false), (false, false)] {
            let check = try #require(CheckFromCachedViewTests.fromCachedView(cached, links: links, attachments: attachments))
            let expected = CheckFromCachedViewTests.fromFullIndex(full, links: links, attachments: attachments)
            expect(check.findings.map(\.text), equals: expected, "links \(links), attachments \(attachments)")
            expect(expected, equals: CheckFromCachedViewTests.fromFullIndex(scanned, links: links, attachments: attachments))
        }
        // Every kind the vault has is among them (the comparison is not of two empty lists).
        let all = try #require(CheckFromCachedViewTests.fromCachedView(cached, links: true, attachments: true)).findings
        for kind in ["broken link", "is not a date notez can read", "a symbolic link", "orphaned attachment"] {
            expect(all.contains { $0.message.contains(kind) }, "\(kind)")
        }
    }

    /// Several spellings of one tag and tags differing only in separators, with and without a registry.
    @Test func tagVariantsFromTheSpellingsSection() throws {
        let vault = try ScratchFolder()
        let old = Date(timeIntervalSinceNow: -3600)
        _ = try vault.write("a.md", "---\ntags: [Topic, open-science]\n---\n", modified: old)
        _ = try vault.write("b.md", "---\ntags: [topic, Open Science]\n---\n#TOPIC\n", modified: old)
        _ = try vault.write("c.md", "#topic #café\n", modified: old)
        _ = try vault.write("d.md", "#cafe\u{301} #Café\n", modified: old)
        for registry in ["", "tags:\n  - name: Topic\n"] {
            if !registry.isEmpty { _ = try vault.write(".notez/tags.yaml", registry) }
            _ = try IndexBuilder.build(root: vault.path)
            let cached = try #require(IndexBuilder.cachedView(root: vault.path))
            let check = try #require(CheckFromCachedViewTests.fromCachedView(cached, links: true, attachments: true))
            let full = try IndexBuilder.build(root: vault.path)
            expect(check.findings.map(\.text), equals: CheckFromCachedViewTests.fromFullIndex(full, links: true, attachments: true))
            expect(check.findings.contains { $0.message.hasPrefix("tag spelled in 2 ways") && $0.message.contains("'Topic' (1)") })
            expect(check.findings.contains { $0.message.hasPrefix("tags differ only in separators") })
            expect(VaultCheck.tagVariantsByScanning(full).map(\.text), equals: VaultCheck.tagVariants(full).map(\.text))
        }
    }

    /// A damaged spellings section is refused (the full index answers), never read out of bounds.
    @Test func aDamagedSpellingsSectionIsRefused() throws {
        func note(_ path: String, _ tags: [String]) -> Note {
            Note(
                path: path, folder: "", title: path, tags: tags, tagKeys: tags.map { TagKey($0) }, pinned: false, created: 0, modified: 0,
                snippet: "", stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1))
        }
        let notes = [note("a.md", ["Topic"]), note("b.md", ["topic"]), note("c.md", ["TOPIC", "x"])]
        let bytes = try #require(IndexCache.encode(notes))
        let start = try bytes.withUnsafeBytes { try #require(CacheImage($0)).spellings }
        let length = try bytes.withUnsafeBytes { try #require(CacheImage($0)).spellingsLength }
        expect(length > 0)
        try bytes.withUnsafeBytes { buffer in
            let image = try #require(CacheImage(buffer))
            let read = try #require(TagSpellings.read(image))
            expect(read.count == 1 && read[0].uses == ["Topic": 1, "topic": 1, "TOPIC": 1])
        }
        for position in start..<start + length {
            for value: UInt8 in [0, 1, 2, 0x7F, 0xFF, bytes[position] ^ 0x10] where value != bytes[position] {
                var damaged = bytes
                damaged[position] = value
                damaged.withUnsafeBytes { buffer in
                    // The image still opens (the section is read only by check); the section is refused or reads whole.
                    guard let image = CacheImage(buffer) else { return }
                    if let read = TagSpellings.read(image) {
                        expect(read.allSatisfy { $0.tag < image.tagCount && $0.uses.values.reduce(0, +) == image.postingCount($0.tag) })
                    }
                }
            }
        }
    }
}
