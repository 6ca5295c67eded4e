import Foundation
import NotezTestSupport
import Testing

/// Attachments on the real vaults of the corpora (see `CorporaTests`; their attachments were left out of the
/// archives, so every attachment link is missing): `check` reports exactly the attachment links
/// that `links` counts, nothing is an orphan, the zip export holds every note, and attach, mv
/// (which takes the new attachment along) and undo give a real vault back byte for byte.
@Suite struct AttachmentCorporaTests {
    @Test(.enabled(if: Corpus.isAvailable, "needs the corpora archives (NOTEZ_CORPORA)"), arguments: Corpus.archives)
    func attachmentsOnACorpus(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        let summary = try vault.run(["links", "--summary", "--json"])
        let counts = try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any]
        let attachmentLinks = try #require(counts?["attachment"] as? Int, "\(summary.stdout) \(summary.stderr)")

        let check = try vault.run(["check", "--json"])
        expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        let findings = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [[String: Any]]
        let messages = findings.compactMap { $0["message"] as? String }
        expect(messages.filter { $0.hasPrefix("missing attachment ") }.count, equals: attachmentLinks)
        expect(!messages.contains { $0.hasPrefix("orphaned attachment") })
        try expect(vault.run(["attachments", "--orphans"]).status, equals: 1)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("notez-corpus-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: out) }
        let export = try vault.run(["export", "--format", "markdown", "--out", out.path])
        expect(export.status == 0 || export.status == 3, "\(export.stderr)")
        let listing = try CLIRunner.runShell("python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(len(z.namelist()))' '\(out.path)'")
        expect(listing.status, equals: 0, "\(listing.stderr)")
        let notes = CorporaTests.noteFiles(in: vault.url).count
        let leftOut = export.stderr.split(separator: "\n").filter { $0.hasPrefix("notez: warning:") }.count
        expect(Int(listing.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), equals: notes - leftOut, "\(export.stderr)")

        let note = try #require(CorporaTests.noteFiles(in: vault.url).first)
        let before = try Data(contentsOf: vault.url.appendingPathComponent(note))
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("notez-corpus-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: source) }
        try Data("%PDF-1.4\n".utf8).write(to: source)
        let untouched = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        let attach = try vault.run(["attach", note, source.path])
        expect(attach.status, equals: 0, "\(attach.stderr)")
        // mv takes the attachment along (only this note uses it) and the link still finds it.
        let moved = try vault.run(["mv", note, "notez-moved", "--create"])
        expect(moved.status, equals: 0, "\(moved.stderr)")
        let movedNote = "notez-moved/" + (note.split(separator: "/").last.map(String.init) ?? note)
        let rows = try vault.run(["attachments", movedNote, "--json"])
        let found = try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[String: Any]] ?? []
        expect(found.contains { ($0["path"] as? String)?.hasSuffix(".pdf") == true && $0["exists"] as? Bool == true }, "\(rows.stdout)")
        for _ in 0..<2 { try expect(vault.run(["undo"]).status, equals: 0) }
        try expect(Data(contentsOf: vault.url.appendingPathComponent(note)), equals: before)
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }, equals: untouched)
    }
}
