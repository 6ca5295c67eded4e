import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// Every rule of "locked down", over HTTP (Hummingbird's router test client).
struct LockedDownTests {
    @Test func noTokenIs401() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for path in ["/", "/note?path=scratch.md", "/api/overview", "/events", "/assets/app.js", "/nowhere"] {
                try await client.execute(uri: path, method: .get) { response in
                    expect(response.status, equals: .unauthorized, "\(path)")
                    expect(!response.text.contains("scratch"), "\(path)")
                }
            }
        }
    }

    @Test func theTokenIsTradedForAStrictHttpOnlyCookie() async throws {
        let fixture = try ServerFixture()
        let token = fixture.settings.token
        try await fixture.test { client in
            try await client.execute(uri: "/?token=\(token)", method: .get) { response in
                expect(response.status, equals: .seeOther)
                expect(response.headers[.location], equals: "/")
                let cookie = response.headers[.setCookie] ?? ""
                expect(cookie.hasPrefix("notez_80=\(token)"))
                expect(cookie.contains("HttpOnly"))
                expect(cookie.contains("SameSite=Strict"))
            }
            try await client.execute(uri: "/?token=0123", method: .get) { response in
                expect(response.status, equals: .unauthorized)
                expect(response.headers[.setCookie] == nil)
            }
        }
    }

    @Test func theCookieOrABearerTokenOpensThePages() async throws {
        let fixture = try ServerFixture()
        let bearer: HTTPFields = [.authorization: "Bearer \(fixture.settings.token)"]
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("<h1>Your notes</h1>"))
                let csp = response.headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
                expect(csp.contains("script-src 'self'"))
                expect(!csp.contains("unsafe-inline"))
                expect(response.headers[HTTPField.Name("X-Content-Type-Options")!], equals: "nosniff")
                // `no-referrer` would make browsers send `Origin: null` on the page's own POSTs.
                expect(response.headers[HTTPField.Name("Referrer-Policy")!], equals: "same-origin")
                expect(response.headers[HTTPField.Name("X-Frame-Options")!], equals: "DENY")
                expect(!response.text.contains("<script>"))
                expect(!response.text.contains(" style=\""))
            }
            try await client.execute(uri: "/api/overview", method: .get, headers: bearer) { response in
                expect(response.status, equals: .ok)
                expect(response.text.hasPrefix("{\"notes\":"))
            }
        }
    }

    @Test func aForeignHostIsRefused() async throws {
        let fixture = try ServerFixture()
        var rebinding = fixture.browser
        rebinding[HTTPField.Name("Host")!] = "rebind.evil.example"
        let headers = rebinding
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get, headers: headers) { response in
                expect(response.status, equals: .forbidden)
                expect(!response.text.contains("<h1>Your notes"))
            }
        }
    }

    @Test func aChangeNeedsTheCSRFTokenAndTheOrigin() async throws {
        let fixture = try ServerFixture()
        let before = try fixture.read("scratch.md")
        try await fixture.test { client in
            // No CSRF token.
            try await client.execute(
                uri: "/actions/pin", method: .post, headers: fixture.formPost, body: fixture.form([("path", "scratch.md")], csrf: false)
            ) { response in
                expect(response.status, equals: .forbidden)
            }
            // A foreign Origin with the right token.
            var foreign = fixture.formPost
            foreign[.origin] = "http://evil.example"
            try await client.execute(uri: "/actions/pin", method: .post, headers: foreign, body: fixture.form([("path", "scratch.md")])) {
                response in
                expect(response.status, equals: .forbidden)
            }
            // No Origin at all.
            var none = fixture.formPost
            none[.origin] = nil
            try await client.execute(uri: "/actions/pin", method: .post, headers: none, body: fixture.form([("path", "scratch.md")])) {
                response in
                expect(response.status, equals: .forbidden)
            }
            // A GET never changes anything.
            try await client.execute(uri: "/actions/pin?path=scratch.md", method: .get, headers: fixture.browser) { response in
                expect(response.status != .seeOther)
            }
        }
        try expect(fixture.read("scratch.md"), equals: before)
    }

    @Test func hostileMarkdownRendersInert() async throws {
        let hostile = """
            ---
            title: Hostile
            ---
            <script>alert(1)</script>

            <img src=x onerror=alert(2)>

            [click](javascript:alert(3))

            ![pic](javascript:alert(4))

            text <a href="javascript:alert(5)">raw</a>
            """
        let fixture = try ServerFixture(extraFiles: ["Hostile.md": hostile, "Hostile <b>name</b>.md": "# <i>t</i>\n"])
        try await fixture.test { client in
            try await client.execute(uri: "/note?path=Hostile.md", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                let html = response.text
                expect(!html.contains("<script>alert"))
                expect(!html.contains("onerror"))
                expect(!html.lowercased().contains("href=\"javascript:"))
                expect(!html.lowercased().contains("src=\"javascript:"))
                expect(html.contains("<a href=\"\">click</a>"))
            }
            try await client.execute(uri: "/", method: .get, headers: fixture.browser) { response in
                expect(!response.text.contains("<b>name</b>"))
                expect(!response.text.contains("<i>t</i>"))
            }
        }
    }

    @Test func pathsOutsideTheVaultOrThroughSymlinksAre404() async throws {
        let fixture = try ServerFixture()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-outside-\(UUID().uuidString).md")
        try Data("# secret outside\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link.md").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("linkdir").path, withDestinationPath: "/etc")
        try fixture.write(".git/config", "[core]\n")
        try fixture.write("Work/picture.svg", "<svg onload=\"alert(1)\"></svg>")
        let generation = fixture.vault.currentGeneration
        await fixture.waitForWatcher(after: generation)
        let paths = [
            "/note?path=../etc/passwd", "/note?path=%2Fetc%2Fpasswd", "/note?path=link.md", "/note?path=.git/config",
            "/note?path=Work/../../x.md", "/file?path=link.md", "/file?path=linkdir/passwd", "/file?path=../x",
            "/file?path=.git/config", "/file?path=.notez/key", "/file?path=%2Fetc%2Fpasswd", "/edit?path=link.md",
            "/folder?path=..", "/folder?path=linkdir", "/api/note?path=link.md",
        ]
        try await fixture.test { client in
            for path in paths {
                try await client.execute(uri: path, method: .get, headers: fixture.browser) { response in
                    expect(response.status, equals: .notFound, "\(path)")
                    expect(!response.text.contains("secret outside"), "\(path)")
                    expect(!response.text.contains("root:"), "\(path)")
                }
            }
            // SVG is never served inline: a download, not sniffed.
            try await client.execute(uri: "/file?path=Work/picture.svg", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.headers[.contentType], equals: "application/octet-stream")
                expect(response.headers[.contentDisposition], equals: "attachment; filename*=UTF-8''picture.svg")
                expect(response.headers[HTTPField.Name("X-Content-Type-Options")!], equals: "nosniff")
            }
        }
    }
}
