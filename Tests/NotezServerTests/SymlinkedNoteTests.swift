import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// Issue 26, finding 3: a note that is a symlink to a file outside the vault showed that file's
/// text as a snippet on `/folder`, and `/search` and `/api/notes` matched words in it. No page or
/// API answer may carry its title, text or a line of it (`VaultIndex.isExposed`).
struct SymlinkedNoteTests {
    static let secret = "zebrasecret"

    static func fixture() throws -> (ServerFixture, URL) {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-outside-\(UUID().uuidString).md")
        try Data("# Outsidetitle\n\(secret) line that links [[Phone numbers]] and [[Quarterly goals]]\n".utf8).write(to: outside)
        let fixture = try ServerFixture { root in
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Att"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root.path + "/Att/passwd.md", withDestinationPath: outside.path)
            try FileManager.default.createSymbolicLink(atPath: root.path + "/passwd.md", withDestinationPath: outside.path)
        }
        return (fixture, outside)
    }

    @Test func noPageOrAnswerCarriesItsText() async throws {
        let (fixture, outside) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: outside) }
        expect(fixture.vault.snapshot().symlinkedNotes, equals: ["Att/passwd.md", "passwd.md"], "the index knows them")
        let uris = [
            "/", "/folder?path=Att", "/folder?path=", "/search?q=\(Self.secret)", "/search?q=Outsidetitle", "/search?q=folder%3AAtt",
            "/api/notes?q=\(Self.secret)", "/api/notes", "/api/notes?q=folder%3AAtt", "/note?path=Phone%20numbers.md",
            "/backlinks?path=Work%2FQuarterly%20goals.md", "/note?path=Att%2Fpasswd.md", "/api/note?path=passwd.md",
        ]
        try await fixture.test { client in
            for uri in uris {
                try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                    let text = response.text
                    // The search pages echo the query; the file's line and title must not appear.
                    expect(!text.contains("line that links"), "\(uri) shows the outside file's text")
                    if !uri.contains("Outsidetitle") { expect(!text.contains("Outsidetitle"), "\(uri) shows the outside file's title") }
                    expect(!text.contains("passwd"), "\(uri) lists the symlinked note")
                }
            }
            try await client.execute(uri: "/api/notes?q=\(Self.secret)", method: .get, headers: fixture.browser) { response in
                expect(response.text.hasPrefix("{\"total\":0,"), "\(response.text)")
            }
        }
    }
}
