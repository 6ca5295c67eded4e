import Foundation
import Testing
import NotezTestSupport

@testable import NotezKit

/// Runs the editor over the real vaults in `../shared/corpora/` (unpacked into a temporary folder):
/// every file is edited or refused with a position, and edit-then-inverse gives back the same bytes.
@Suite("Front matter editor on real vaults")
struct FrontMatterCorpusTests {
    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives.filter { $0 != "cs-knowledge-vault.tar.gz" })
    func roundTrips(_ archive: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-corpus-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Corpus.unpack(archive, into: folder)

        var files = 0
        var edited = 0
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            files += 1
            let original = Array(try Data(contentsOf: url))
            let marker = "notez-corpus-marker"
            let added: [UInt8]
            do {
                added = try FrontMatterEditor.apply([.addTags([marker])], to: original)
            } catch {
                // A refusal must say where; and a file that reads fine must not be refused for a plain add.
                expect(error.line != nil, "\(url.lastPathComponent): \(error)")
                continue
            }
            edited += 1
            let tags = try Self.tags(of: added)
            expect(tags.last, equals: marker, "\(url.lastPathComponent)")
            let before = try Self.tags(of: original)
            expect(Array(tags.dropLast()), equals: before, "\(url.lastPathComponent)")

            // Add then remove is the identity when the note already had a list with items.
            let fields = try FrontMatterEditor.tagFields(of: original)
            let hasItems = fields.contains { !$0.items.isEmpty && $0.style != .scalar }
            if hasItems, fields.first(where: { $0.key.lowercased() == "tags" }).map({ !$0.items.isEmpty }) ?? true {
                let removed = try FrontMatterEditor.apply([.removeTags([TagKey(marker)])], to: added)
                expect(Self.text(removed), equals: Self.text(original), "\(url.lastPathComponent)")
            }
            // Rename the first tag away and back: the same bytes.
            if let first = before.first, before.filter({ TagKey($0) == TagKey(first) }).count == 1 {
                let renamed = try FrontMatterEditor.apply([.replaceTag(TagKey(first), with: "zz renamed")], to: original)
                expect(try Self.tags(of: renamed).contains("zz renamed"), "\(url.lastPathComponent)")
                let back = try FrontMatterEditor.apply([.replaceTag(TagKey("zz renamed"), with: first)], to: renamed)
                try expect(Self.tags(of: back), equals: before, "\(url.lastPathComponent)")
                // A tag string that had to become a list (for the space) stays a list; lists round-trip.
                if fields.first(where: { $0.tags.contains(first) })?.style != .scalar {
                    expect(Self.text(back), equals: Self.text(original), "\(url.lastPathComponent)")
                }
            }
            // Pinning and unpinning, and setting modified, keep the tags.
            let pinned = try FrontMatterEditor.apply([.setPinned(true), .setModified(1_718_454_600)], to: original)
            try expect(Self.tags(of: pinned), equals: before, "\(url.lastPathComponent)")
        }
        expect(files > 100)
        expect(edited * 100 >= files * 95, "edited \(edited) of \(files)")
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func tags(of bytes: [UInt8]) throws -> [String] {
        guard case .block(let block) = FrontMatterBlock.scan(bytes) else { return [] }
        let document = try FrontMatterDocument.parse(Array(bytes[block.yaml]), sliceStart: block.yaml.lowerBound).get()
        return NoteMetadata(document: document).tags
    }
}
