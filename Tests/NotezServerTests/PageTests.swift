import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// The pages: main page counts, folder breadcrumbs, note page, the live stream (search: SearchPageTests).
struct PageTests {
    @Test func mainPageShowsTheOverviewCounts() async throws {
        let fixture = try ServerFixture()
        let index = try IndexBuilder.build(root: fixture.root.path)
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<span id=\"count-notes\">\(index.notes.count)</span> notes"))
                expect(html.contains("id=\"count-pinned\">\(index.pinnedNotes.count)</span>"))
                expect(html.contains("id=\"count-unsorted\">\(index.unsortedNotes.count)</span>"))
                for folder in index.folderTree.children {
                    expect(html.contains(">\(HTMLText.escape(folder.name))</span><span class=\"count\">\(folder.count)</span></a>"), "\(folder.path)")
                }
                for tag in index.tags where tag.count > 0 {
                    expect(html.contains("#\(HTMLText.escape(tag.name))</a> <span class=\"count\">\(tag.count)</span>"), "\(tag.name)")
                }
                expect(html.contains("id=\"count-trash\">\(index.trashCount)</span>"))
            }
            try await client.execute(uri: "/api/overview", method: .get, headers: fixture.browser) { response in
                expect(response.text.hasPrefix("{\"notes\":\(index.notes.count),\"pinned\":\(index.pinnedNotes.count)"))
            }
        }
    }

    @Test func folderPageHasBreadcrumbsAndItsNotes() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/folder?path=Work%2FMeetings", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(response.status, equals: .ok)
                expect(html.contains("<li><a href=\"/\">All</a></li><li><a href=\"/folder?path=Work\"><bdi>Work</bdi></a></li>"))
                expect(html.contains("<li><a href=\"/folder?path=Work%2FMeetings\"><bdi>Meetings</bdi></a></li>"))
                expect(html.contains("class=\"title\""))
            }
        }
    }

    @Test func notePageRendersMarkdownAndTags() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/note?path=scratch.md", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<div class=\"markdown\" dir=\"auto\"><p>half-formed thought"))
                expect(html.contains("#ideas</a>"))
                expect(!html.contains("created: 1735689600"))
            }
        }
    }

    @Test func notePageListsBacklinksWithTheirLines() async throws {
        let fixture = try ServerFixture(extraFiles: [
            "Links/From wiki.md": "# From wiki\n\nsee [[scratch]] here\n",
            "Links/From markdown.md": "intro\n\n[the <scratch>](../scratch.md)\n",
            "Links/Elsewhere.md": "[[Nothing here]]\n",
        ])
        try await fixture.test { client in
            try await client.execute(uri: "/note?path=scratch.md", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<h2 id=\"h-backlinks\">Linked from</h2>"))
                expect(html.contains("<a href=\"/note?path=Links%2FFrom%20wiki.md\">Links/From wiki.md</a> <span class=\"line\">line 3</span>"))
                expect(html.contains("<span class=\"context\">see [[scratch]] here</span>"))
                expect(html.contains("Links/From markdown.md</a> <span class=\"line\">line 3</span>"))
                expect(html.contains("[the &lt;scratch&gt;](../scratch.md)"))
                expect(!html.contains("Links/Elsewhere.md"))
            }
            try await client.execute(uri: "/note?path=Links%2FElsewhere.md", method: .get, headers: fixture.browser) { response in
                expect(!response.text.contains("h-backlinks"))
            }
            try await client.execute(uri: "/backlinks?path=scratch.md", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("<span class=\"count\">2</span></h1>"))
            }
            try await client.execute(uri: "/backlinks?path=..%2Fetc%2Fpasswd", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .notFound)
            }
        }
    }

    @Test func aChangeOnDiskReachesTheLiveStream() async throws {
        let fixture = try ServerFixture()
        let stream = fixture.server.hub.subscribe()
        let listener = fixture.vault.addListener { [hub = fixture.server.hub] report in hub.publish(report) }
        defer { fixture.vault.removeListener(listener) }
        try fixture.write("Inbox from vim.md", "# from vim\n")
        // If no event ever came the loop below would wait forever: closing the hub ends the stream.
        let hub = fixture.server.hub
        let stopper = Task {
            try await Task.sleep(nanoseconds: 20_000_000_000)
            hub.close()
        }
        defer { stopper.cancel() }
        var received = ""
        for await chunk in stream {
            received += String(buffer: chunk)
            if received.contains("event: change") { break }
        }
        expect(received.contains("\"Inbox from vim.md\""))
        // The main page built after the change counts the new note.
        let index = fixture.vault.snapshot()
        expect(index.note(at: "Inbox from vim.md") != nil)
    }

    @Test func theLiveStreamGetsAHeartbeat() async throws {
        let hub = EventHub()
        let first = hub.subscribe()
        hub.heartbeat()
        hub.close()
        var received = ""
        for await chunk in first { received += String(buffer: chunk) }
        expect(received.contains(": connected\n\n"))
        expect(received.contains(": heartbeat\n\n"))
        expect(hub.count, equals: 0)
    }
}
