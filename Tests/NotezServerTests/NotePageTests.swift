import Foundation
import Testing

@testable import NotezServer
import NotezTestSupport

/// The note page through the router: the library's renderer with this server's addresses, and
/// vault files served by the attachment rules.
struct NotePageTests {
    @Test func notesRenderWithTheServersAddresses() async throws {
        let fixture = try ServerFixture(extraFiles: [
            "Render/Home.md": "See [[Other#Part Two|other]], [[Missing]] and ![[pic.png|50]], #ideas.\n\n> [!note] Hi\n> there\n",
            "Render/Other.md": "# Part Two\n",
            "Render/pic.png": "not really a png",
        ])
        try await fixture.test { client in
            try await client.execute(uri: "/note?path=Render%2FHome.md", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<a class=\"internal-link\" href=\"/note?path=Render%2FOther.md#part-two\">other</a>"))
                expect(html.contains("<a class=\"internal-link unresolved\" href=\"/new?title=Missing&amp;folder=Render\""))
                expect(html.contains("<img src=\"/file?path=Render%2Fpic.png\" alt=\"pic.png\" loading=\"lazy\" width=\"50\">"))
                expect(html.contains("<a class=\"tag\" href=\"/tag?name=ideas\">#ideas</a>"))
                expect(html.contains("<div class=\"callout callout-note\">"))
            }
            // The link to a missing note offers the capture form, filled in; nothing is written.
            try await client.execute(uri: "/new?title=Missing&folder=Render", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("value=\"Missing\""))
                expect(response.text.contains("<option value=\"Render\" selected>"))
            }
            expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Render/Missing.md").path))
        }
    }

    @Test(arguments: [
        ("a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"),
        ("a.html", "<script>alert(1)</script>"),
        ("a.js", "alert(1)"),
    ])
    func activeAttachmentsAreSandboxedDownloads(_ name: String, _ text: String) async throws {
        let fixture = try ServerFixture(extraFiles: ["files/" + name: text])
        try await fixture.test { client in
            try await client.execute(uri: "/file?path=files%2F" + name, method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.headers[.contentType], equals: "application/octet-stream")
                expect(response.headers[.contentDisposition]?.hasPrefix("attachment") == true)
                expect(response.headers[.init("Content-Security-Policy")!]?.hasPrefix("sandbox;") == true)
                expect(response.headers[.init("X-Content-Type-Options")!], equals: "nosniff")
            }
        }
    }

    @Test func imagesAreShownWithTheirTypeAndSandboxed() async throws {
        let fixture = try ServerFixture(extraFiles: ["files/p.png": "png bytes"])
        try await fixture.test { client in
            try await client.execute(uri: "/file?path=files%2Fp.png", method: .get, headers: fixture.browser) { response in
                expect(response.headers[.contentType], equals: "image/png")
                expect(response.headers[.contentDisposition] == nil)
                expect(response.headers[.init("Content-Security-Policy")!]?.hasPrefix("sandbox;") == true)
            }
        }
    }
}

/// A folder read as a notebook: its pages in their manual order, all or one at a time.
struct NotebookPageTests {
    @Test func pagesFollowTheManualOrder() async throws {
        let fixture = try ServerFixture(extraFiles: [
            "Book/Alpha.md": "alpha text ![[pic.png|20]]\n",
            "Book/Beta.md": "beta text\n",
            "Book/Gamma.md": "gamma text\n",
            "Book/pic.png": "png",
            ".notez/order.yaml": "Book:\n  - Gamma.md\n  - Alpha.md\n  - Beta.md\n",
        ])
        try await fixture.test { client in
            try await client.execute(uri: "/notebook?path=Book", method: .get, headers: fixture.browser) { response in
                let html = response.text
                let gamma = html.range(of: "gamma text")?.lowerBound
                let alpha = html.range(of: "alpha text")?.lowerBound
                let beta = html.range(of: "beta text")?.lowerBound
                expect(gamma != nil && alpha != nil && beta != nil)
                if let gamma, let alpha, let beta { expect(gamma < alpha && alpha < beta) }
                expect(html.contains("<img src=\"/file?path=Book%2Fpic.png\""))
                expect(html.contains("<span class=\"count\">2 / 3</span>"))
            }
            try await client.execute(uri: "/notebook?path=Book&page=2", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("alpha text") && !html.contains("gamma text") && !html.contains("beta text"))
                expect(html.contains("<a rel=\"prev\" href=\"/notebook?path=Book&amp;page=1\">"))
                expect(html.contains("page 2 of 3"))
            }
        }
    }
}

/// The read-only pages added for the app (`/notebook`, `/new`, the favicon) with hostile input:
/// nothing outside the vault is read, nothing is written anywhere.
struct ReadOnlyPagesHostileTests {
    static func listing(_ root: URL) -> [String] {
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return names.sorted()
    }

    @Test func hostilePathsAre404AndNothingIsWritten() async throws {
        let fixture = try ServerFixture()
        let before = Self.listing(fixture.root)
        try await fixture.test { client in
            for uri in ["/notebook?path=..%2F..", "/notebook?path=%2Fetc", "/notebook?path=.git", "/notebook?path=.notez", "/notebook?path=Nope"] {
                try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                    expect(response.status, equals: .notFound, "\(uri)")
                }
            }
            let uri = "/new?title=%3Cscript%3Ealert(1)%3C%2Fscript%3E&folder=..%2F..%2Fetc"
            try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(!response.text.contains("<script>alert"))
                expect(response.text.contains("value=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
            }
            try await client.execute(uri: "/favicon.ico", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.headers[.contentType], equals: "image/svg+xml")
            }
        }
        // Every file and folder of the vault, `.notez/` included, is as it was (the pages are GETs).
        expect(Self.listing(fixture.root), equals: before)
    }
}

/// A restore from the trash says what came back, not "done".
struct TrashRestoreMessageTests {
    @Test func theFlashNamesTheRestoredNote() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/actions/trash", method: .post, headers: fixture.formPost, body: fixture.form([("path", "scratch.md")])) {
                expect($0.status, equals: .seeOther)
            }
            let id = try await client.execute(uri: "/trash", method: .get, headers: fixture.browser) { response in
                let marker = "action=\"/actions/trash-restore\"><input type=\"hidden\" name=\"csrf\" value=\""
                guard let range = response.text.range(of: marker) else { return "" }
                let rest = response.text[range.upperBound...]
                guard let idRange = rest.range(of: "name=\"id\" value=\"") else { return "" }
                return String(rest[idRange.upperBound...].prefix { $0 != "\"" })
            }
            expect(!id.isEmpty)
            let location = try await client.execute(
                uri: "/actions/trash-restore", method: .post, headers: fixture.formPost, body: fixture.form([("id", id)])
            ) { $0.headers[.location] ?? "" }
            try await client.execute(uri: location, method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("<p>Restored scratch.md from the trash</p>"))
                expect(!response.text.contains("<p>done</p>"))
            }
            expect(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("scratch.md").path))
        }
    }
}
