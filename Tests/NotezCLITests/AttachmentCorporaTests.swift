import Foundation
import NotezTestSupport
import Testing

/// Attachments on the real vaults of the corpora (see `CorporaTests`; their attachments were left out of the
/// archives, so every attachment link is missing): `check` reports exactly the attachment links
/// that `links` counts, nothing is an orphan, the zip export holds every note, and attach + undo
/// gives a real note back byte for byte.
@Suite struct AttachmentCorporaTests {
    @Test(.enabled(if: Corpus.isAvailable, "needs the corpora archives (NOTEZ_CORPORA)"), arguments: Corpus.archives)
    func attachmentsOnACorpus(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        let summary = try vault.run(["links", "--summary", "--json"])
        let counts = try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any]
        let attachmentLinks = try #require(counts?["attachment"] as? Int, "\(summary.stdout) \(summary.stderr)")

        let check = try vault.run(["check", "--json"])
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        let findings = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [[String: Any]]
        let messages = findings.compactMap { $0["message"] as? String }
        #expect(messages.filter { $0.hasPrefix("missing attachment ") }.count == attachmentLinks)
        #expect(!messages.contains { $0.hasPrefix("orphaned attachment") })
        #expect(try vault.run(["attachments", "--orphans"]).status == 1)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("notez-corpus-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: out) }
        let export = try vault.run(["export", "--format", "markdown", "--out", out.path])
        #expect(export.status == 0 || export.status == 3, "\(export.stderr)")
        let listing = try CLIRunner.runShell("python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(len(z.namelist()))' '\(out.path)'")
        #expect(listing.status == 0, "\(listing.stderr)")
        let notes = CorporaTests.noteFiles(in: vault.url).count
        let leftOut = export.stderr.split(separator: "\n").filter { $0.hasPrefix("notez: warning:") }.count
        #expect(Int(listing.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == notes - leftOut, "\(export.stderr)")

        let note = try #require(CorporaTests.noteFiles(in: vault.url).first)
        let before = try Data(contentsOf: vault.url.appendingPathComponent(note))
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("notez-corpus-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: source) }
        try Data("%PDF-1.4\n".utf8).write(to: source)
        let attach = try vault.run(["attach", note, source.path])
        #expect(attach.status == 0, "\(attach.stderr)")
        #expect(try vault.run(["undo"]).status == 0)
        #expect(try Data(contentsOf: vault.url.appendingPathComponent(note)) == before)
    }
}
