import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// `notez tag suggest`'s proposals on the tag pages: computed in the background per snapshot,
/// merged through the tag-merge action (previewed, journaled, undoable).
struct TagSuggestionPageTests {
    static let notes = [
        "Science/One.md": "---\ntags: [open-science, research]\n---\none\n",
        "Science/Two.md": "---\ntags: [open-science, research]\n---\ntwo\n",
        "Science/Three.md": "---\ntags: [open_science, research]\n---\nthree\n",
    ]

    /// The /tags page once its proposals are computed (they are never computed on the request).
    static func suggestionsPage(_ client: RouterClient, _ fixture: ServerFixture) async throws -> String {
        for _ in 0..<300 {
            let html = try await client.execute(uri: "/tags", method: .get, headers: fixture.browser) { $0.text }
            if html.contains("<h2 id=\"h-suggest\">"), !html.contains("Looking for near-duplicate tags"), !html.contains("Updating after") { return html }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return ""
    }

    @Test func theTagsPageOffersAMergeThatIsPreviewedAppliedAndUndone() async throws {
        let fixture = try ServerFixture(extraFiles: Self.notes)
        let before = try fixture.read("Science/Three.md")
        try await fixture.test { client in
            let html = try await Self.suggestionsPage(client, fixture)
            expect(html.contains("<input type=\"hidden\" name=\"tag\" value=\"open_science\"><input type=\"hidden\" name=\"into\" value=\"open-science\">"))
            expect(html.contains("<span class=\"pin\">separators</span>"))
            // A tag's page shows the proposals it is part of.
            try await client.execute(uri: "/tag?name=open_science", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("Looks like the same tag"))
                expect(response.text.contains("Preview merge into #open-science"))
            }
            // The button previews first (nothing written), then applies.
            try await client.execute(
                uri: "/actions/tag-merge", method: .post, headers: fixture.formPost, body: fixture.form([("tag", "open_science"), ("into", "open-science")])
            ) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("<h1>Merge tag</h1>"))
            }
            try expect(fixture.read("Science/Three.md"), equals: before)
            let generation = fixture.vault.currentGeneration
            let location = try await client.execute(
                uri: "/actions/tag-merge", method: .post, headers: fixture.formPost,
                body: fixture.form([("tag", "open_science"), ("into", "open-science"), ("confirm", "yes")])
            ) { response in
                expect(response.status, equals: .seeOther)
                return response.headers[.location] ?? ""
            }
            expect(try fixture.read("Science/Three.md").contains("open-science"))
            expect(try !fixture.read("Science/Three.md").contains("open_science"))
            await fixture.waitForWatcher(after: generation)
            // The proposal is gone once recomputed for the new snapshot.
            let after = try await Self.suggestionsPage(client, fixture)
            expect(after.contains("<h2 id=\"h-suggest\">") && !after.contains("value=\"open_science\""))
            // Undo: the flash's button reverses exactly that merge.
            let page = try await client.execute(uri: location, method: .get, headers: fixture.browser) { $0.text }
            let marker = "<input type=\"hidden\" name=\"id\" value=\""
            let id = try #require(page.range(of: marker).map { String(page[$0.upperBound...].prefix { $0 != "\"" }) })
            try await client.execute(uri: "/actions/undo", method: .post, headers: fixture.formPost, body: fixture.form([("id", id)])) { response in
                expect(response.status, equals: .seeOther)
            }
        }
        try expect(fixture.read("Science/Three.md"), equals: before)
    }

    /// The merge action with hostile fields: refused or a no-op; no file changes in the vault,
    /// in `.git/` or beside it; without the CSRF token or with a foreign Origin, 403.
    @Test func hostileMergesChangeNoFile() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("outside\n".utf8).write(to: outside.appendingPathComponent("keep.md"))
        defer { try? FileManager.default.removeItem(at: outside) }
        var files = Self.notes
        files[".git/config"] = "[core]\n"
        let fixture = try ServerFixture(extraFiles: files)
        let before = treeBytes(fixture.root, skippingState: true)
        try await fixture.test { client in
            for pairs in [
                [("tag", "../../" + outside.lastPathComponent), ("into", "x")], [("tag", ".git"), ("into", "../y")],
                [("tag", "open_science"), ("into", "")], [("tag", ""), ("into", "open-science")],
                [("tag", "no-such-tag"), ("tag", "<script>"), ("into", "open-science")],
            ] {
                try await client.execute(
                    uri: "/actions/tag-merge", method: .post, headers: fixture.formPost, body: fixture.form(pairs + [("confirm", "yes")])
                ) { response in
                    expect(response.status == .seeOther || response.status == .ok, "\(pairs)")
                }
            }
            let valid = [("tag", "open_science"), ("into", "open-science"), ("confirm", "yes")]
            try await client.execute(uri: "/actions/tag-merge", method: .post, headers: fixture.formPost, body: fixture.form(valid, csrf: false)) {
                expect($0.status, equals: .forbidden)
            }
            var foreign = fixture.formPost
            foreign[.origin] = "http://evil.example"
            try await client.execute(uri: "/actions/tag-merge", method: .post, headers: foreign, body: fixture.form(valid)) {
                expect($0.status, equals: .forbidden)
            }
        }
        expect(treeBytes(fixture.root, skippingState: true), equals: before)
        expect(treeBytes(outside), equals: ["keep.md": Data("outside\n".utf8)])
    }
}
