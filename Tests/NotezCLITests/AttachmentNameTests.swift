import Foundation
import Testing
import NotezTestSupport

/// Issue 26, finding 8: an attachment named `javascript:alert(document.domain)` was linked as
/// `[…](javascript:alert%28document.domain%29)`, a URL with a scheme; `attachments` did not list it
/// and `check` called the fresh copy orphaned (so cleaning orphans would delete it).
@Suite struct AttachmentNameTests {
    @Test func namesThatLookLikeURLsStayRelativeFileLinks() throws {
        try Self.check(["javascript:alert(document.domain).pdf", "C:evil.pdf", "a(b)<c>.pdf", "mailto:x@y.z.pdf"])
    }

    /// The issue's own name has no extension notez recognizes (`domain)`): the link is an
    /// attachment link because it names an existing file (`LinkResolver` with the vault's files).
    @Test
    func theIssuesNameWithoutAnExtensionIsSeen() throws {
        try Self.check(["javascript:alert(document.domain)", "README"])
    }

    static func check(_ names: [String]) throws {
        let vault = try TempVault.example()
        try vault.write(".notez/config.yaml", "attachments: ./\n")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try Data(AttachmentCommandTests.pdf).write(to: folder.appendingPathComponent(name)) }
        let note = "Work/Quarterly goals.md"
        let attach = try vault.run(["attach", note] + names.map { folder.appendingPathComponent($0).path })
        expect(attach.status, equals: 0, "\(attach.stderr)")
        let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(note)), as: UTF8.self)
        for name in names where name.contains(":") {
            expect(text.contains("](./\(name.replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")))\n"), "\(text)")
        }
        if names.contains("a(b)<c>.pdf") { expect(text.contains("[a(b)\\<c\\>.pdf](a%28b%29%3Cc%3E.pdf)\n"), "\(text)") }
        expect(!text.contains("](javascript:") && !text.contains("](mailto:") && !text.contains("](C:"))

        let listing = try vault.run(["attachments", note, "--json"])
        expect(listing.status, equals: 0, "\(listing.stdout) \(listing.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
        expect(Set(rows.compactMap { $0["path"] as? String }), equals: Set(names.map { "Work/" + $0 }), "\(rows)")
        expect(rows.allSatisfy { $0["exists"] as? Bool == true })
        let orphans = try vault.run(["attachments", "--orphans"])
        expect(orphans.status == 1 && orphans.stdout.isEmpty, "\(orphans.stdout)")
        let check = try vault.run(["check"])
        expect(!check.stdout.contains("orphaned") && !check.stdout.contains("missing attachment"), "\(check.stdout)")
    }
}
