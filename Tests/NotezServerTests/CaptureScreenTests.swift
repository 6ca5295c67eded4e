import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// Quick capture as a screen of its own (seed 004): reachable from every page, a plain form that
/// works without script, planned as `notez new`, saying what it created with a link.
struct CaptureScreenTests {
    @Test func everyPageLeadsToTheCaptureScreenWithTheFolderProposed() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for (uri, href) in [("/", "/new"), ("/search?q=x", "/new"), ("/folder?path=Work", "/new?folder=Work"), ("/note?path=scratch.md", "/new?folder=")] {
                try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                    expect(response.text.contains("<a class=\"button primary new-note\" href=\"\(href)\" accesskey=\"n\">"), "\(uri)")
                    // The form itself is on the capture screen only (pages stay small).
                    expect(!response.text.contains("class=\"card-form capture-form\""), "\(uri)")
                }
            }
            try await client.execute(uri: "/new?folder=Work", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(response.status, equals: .ok)
                expect(html.contains("<form class=\"card-form capture-form\" method=\"post\" action=\"/actions/new\">"))
                expect(html.contains("<input type=\"hidden\" name=\"csrf\" value=\"\(fixture.settings.csrfToken)\">"))
                for field in ["<input name=\"title\" required", "<textarea name=\"body\"", "<select name=\"folder\">", "<input name=\"tags\" list=\"all-tags\""] {
                    expect(html.contains(field), "\(field)")
                }
                expect(html.contains("<option value=\"Work\" selected>Work</option>"))
                expect(html.contains("<datalist id=\"all-tags\"><option value=\""))
            }
        }
    }

    @Test func aCaptureCreatesTheNoteAndSaysSoWithALink() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let location = try await client.execute(
                uri: "/actions/new", method: .post, headers: fixture.formPost,
                body: fixture.form([("title", "Screen capture"), ("body", "From the screen.\r\nSecond line."), ("folder", "Work"), ("tags", "ideas")])
            ) { response in
                expect(response.status, equals: .seeOther)
                return response.headers[.location] ?? ""
            }
            expect(location.hasPrefix("/note?path=Work%2FScreen%20capture.md"))
            try await client.execute(uri: location, method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<p>Created Work/Screen capture.md</p>"))
                expect(html.contains("<a class=\"button\" href=\"/note?path=Work%2FScreen%20capture.md\">Open Screen capture.md</a>"))
                expect(html.contains("<a class=\"button\" href=\"/new?folder=Work\">New note</a>"))
            }
        }
        let text = try fixture.read("Work/Screen capture.md")
        expect(text.contains("From the screen.\nSecond line.\n"), "\(text)")
        expect(text.contains("ideas"))
    }
}
