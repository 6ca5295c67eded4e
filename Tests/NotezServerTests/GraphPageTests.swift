import Foundation
import Testing

@testable import NotezServer
import NotezTestSupport

/// The related panel of the note page, `/related` and the `/graph` page of hubs and orphans.
struct GraphPageTests {
    @Test func relatedPanelAndGraphPage() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-graph-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try "---\ntitle: SECRET <b>\n---\n[[Graph/Hub]]\n".write(to: outside.appendingPathComponent("secret.md"), atomically: true, encoding: .utf8)
        let fixture = try ServerFixture(
            extraFiles: [
                "Graph/Hub.md": "# Hub\n",
                "Graph/One.md": "---\ntags: [graphy]\n---\n[[Hub]]\n",
                "Graph/Two <script>.md": "---\ntags: [graphy]\n---\n[[Hub]] [[One]]\n",
                "Graph/Lonely.md": "# Lonely\nno links [[Nowhere]]\n",
            ],
            prepare: { root in
                try FileManager.default.createSymbolicLink(
                    atPath: root.appendingPathComponent("Graph/Linked.md").path, withDestinationPath: outside.appendingPathComponent("secret.md").path)
            })
        let before = try FileManager.default.contentsOfDirectory(atPath: outside.path)
        try await fixture.test { client in
            try await client.execute(uri: "/note?path=Graph%2FOne.md", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(response.status, equals: .ok)
                expect(html.contains("<h2 id=\"h-related\">Related</h2>"))
                expect(html.contains("Two &lt;script&gt;"))
                expect(!html.contains("Two <script>"))
                expect(!html.contains("SECRET"))
            }
            try await client.execute(uri: "/graph", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(response.status, equals: .ok)
                expect(html.contains("<h2 id=\"h-hubs\">Hubs"))
                expect(html.contains("href=\"/note?path=Graph%2FHub.md\""))
                expect(html.contains("href=\"/note?path=Graph%2FLonely.md\""))
                expect(html.contains("<a href=\"/graph\">"))
                expect(html.contains("\">1 backlink</span>") && !html.contains("\">1 backlinks</span>"))
                expect(!html.contains("SECRET"))
                // The symlinked note is left unread on purpose: not "a note that could not be read".
                expect(!html.contains("could not be read"))
                expect(html.contains("<span class=\"folder-name\" dir=\"auto\">Graph</span>"))
            }
            try await client.execute(uri: "/related?path=Graph%2FOne.md", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("Related to"))
            }
            try await client.execute(uri: "/related?path=..%2F..%2Fetc%2Fpasswd", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .notFound)
            }
        }
        try expect(FileManager.default.contentsOfDirectory(atPath: outside.path), equals: before)
    }
}
