import Foundation
import NotezTestSupport
import Testing

/// On each real vault of `../shared/corpora/`: rename the note most linked to by wikilinks, check
/// that every link to it still finds it, then undo and check with `git diff --exit-code` that every
/// byte and file name is back.
@Suite struct RenameCorporaTests {
    /// Wikilink targets by how often they are written (`[[Target]]`, `[[Target|x]]`, `[[Target#h]]`).
    static func wikilinkTargets(_ vault: TempVault) throws -> [String] {
        var counts: [String: Int] = [:]
        for path in CorporaTests.noteFiles(in: vault.url) {
            let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
            var rest = Substring(text)
            while let open = rest.range(of: "[[") {
                rest = rest[open.upperBound...]
                let target = rest.prefix { !"]|#\n".contains($0) }
                if !target.isEmpty, target.count < 100 { counts[String(target), default: 0] += 1 }
            }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func renameTheMostLinkedNoteThenUndo(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        _ = try TagRefactorCorporaTests.git(["init", "-q"], in: vault)
        _ = try TagRefactorCorporaTests.git(["add", "-A"], in: vault)
        _ = try TagRefactorCorporaTests.git(["commit", "-q", "-m", "corpus"], in: vault)

        // The most written wikilink target that names one note; else (no wikilinks) the first note.
        var note = CorporaTests.noteFiles(in: vault.url).first!
        var linked = 0
        for target in try Self.wikilinkTargets(vault).prefix(5) {
            let count = try RenameCommandTests.backlinkCount(vault, target)
            let resolved = try vault.run(["show", target, "--json"])
            guard count > 0, resolved.status == 0,
                let object = try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any],
                let path = object["path"] as? String
            else { continue }
            note = path
            linked = count
            break
        }
        let linkedBefore = try RenameCommandTests.backlinkCount(vault, note)
        expect(linkedBefore == linked || linked == 0)

        let rename = try vault.run(["rename", note, "Notez Renamed Note"])
        expect(rename.status, equals: 0, "\(archive): \(rename.stderr)")
        let folder = note.contains("/") ? String(note[..<note.lastIndex(of: "/")!]) + "/" : ""
        let ext = note.hasSuffix(".markdown") ? ".markdown" : ".md"
        let renamed = folder + "Notez Renamed Note" + ext
        expect(FileManager.default.fileExists(atPath: vault.url.appendingPathComponent(renamed).path), "\(archive): \(renamed)")
        try expect(RenameCommandTests.backlinkCount(vault, renamed), equals: linkedBefore, "\(archive): \(note)")
        expect(!(try InlineTagCorporaTests.clean(vault)))

        let undo = try vault.run(["undo"])
        expect(undo.status, equals: 0, "\(archive): \(undo.stderr)")
        expect(try InlineTagCorporaTests.clean(vault), "\(archive): undo left differences")
        let untracked = try TagRefactorCorporaTests.git(["status", "--porcelain", "--untracked-files=all"], in: vault)
        expect(untracked.split(separator: "\n").allSatisfy { $0.hasPrefix("?? .notez/") }, "\(archive): \(untracked)")
    }
}
