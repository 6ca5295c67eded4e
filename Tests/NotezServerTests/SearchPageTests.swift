import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// Every file's bytes under a folder (`.notez/`, notez's own state, left out when asked).
func treeBytes(_ root: URL, skippingState: Bool = false) -> [String: Data] {
    var result: [String: Data] = [:]
    for case let name as String in FileManager.default.enumerator(atPath: root.path) ?? FileManager.DirectoryEnumerator() {
        if skippingState, name == ".notez" || name.hasPrefix(".notez/") { continue }
        var isDirectory: ObjCBool = false
        let path = root.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
        result[name] = FileManager.default.contents(atPath: path) ?? Data()
    }
    return result
}

/// The search page: the filters (the library's `SearchFilters`) and the text are one query; rows
/// show the match in context.
struct SearchPageTests {
    /// The `href` of the first `<a ...>` whose text or attributes contain `marker`.
    static func href(in html: String, near marker: String) -> String? {
        guard let at = html.range(of: marker) else { return nil }
        let before = html[..<at.lowerBound]
        guard let start = before.range(of: "href=\"", options: .backwards) else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// The query of a `/search?q=...` address.
    static func query(_ href: String) -> String {
        FormData(String(href.split(separator: "?", maxSplits: 1).last ?? ""))["q"] ?? ""
    }

    @Test func theFiltersAndTheTextAreOneQuery() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            // Text to filters: each tag a chip that removes itself.
            try await client.execute(uri: "/search?q=tag%3Aideas+tag%3Awork+-folder%3AArchive+is%3Apinned", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(response.status, equals: .ok)
                expect(html.contains("<span class=\"value\" dir=\"auto\">#ideas</span>"))
                expect(html.contains("<span class=\"value\" dir=\"auto\">#work</span>"))
                expect(html.contains("class=\"chip filter-chip kind-not-folder\"><span class=\"value\" dir=\"auto\">Archive</span>"))
                expect(html.contains("role=\"switch\" aria-checked=\"true\""))
                let remove = try #require(Self.href(in: html, near: "aria-label=\"Remove #ideas\""))
                expect(Self.query(remove), equals: "tag:work -folder:Archive is:pinned")
                // All / Any switches the tags' join; the text follows.
                let any = try #require(Self.href(in: html, near: ">Any</a>"))
                let anyQuery = try QueryParser.parse(Self.query(any))
                expect(SearchFilters(fitting: anyQuery), equals: SearchFilters(tags: ["ideas", "work"], anyTag: true, excludedFolders: ["Archive"], pinned: true))
                let pinned = try #require(Self.href(in: html, near: "Pinned only</a>"))
                expect(Self.query(pinned), equals: "tag:ideas tag:work -folder:Archive")
            }
            // Filters to text: the add form's edit is serialized by the library.
            for (kind, value, expected) in [
                ("folder", "Work", "tag:ideas folder:Work"), ("not-folder", "Archive", "tag:ideas -folder:Archive"),
                ("tag", "#space travel", "tag:ideas tag:\"space travel\""), ("text", "road map", "tag:ideas \"road map\""),
            ] {
                let uri = "/search/chips?q=tag%3Aideas&add=\(kind)&value=" + HTMLText.percentEncoded(value)
                try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                    expect(response.status, equals: .seeOther)
                    expect(response.headers[.location], equals: "/search?q=" + HTMLText.percentEncoded(expected), "\(kind)")
                }
            }
            // A query the filters cannot show is explained instead.
            try await client.execute(uri: "/search?q=modified%3A%3E2024-01-01+OR+(a+b)", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("This query is too complex for the filters"))
                expect(response.text.contains("<pre class=\"explain\">OR\n"))
                expect(!response.text.contains("class=\"add-filter\""))
            }
            try await client.execute(uri: "/search?q=tag%3Aideas+(", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .badRequest)
                expect(response.text.contains("<pre class=\"caret\">tag:ideas (\n"))
            }
            try await client.execute(uri: "/search?q=zzzznotthere", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("<span id=\"result-count\">0</span> notes"))
                expect(response.text.contains("No notes match your search"))
                expect(response.text.contains("Clear filters"))
            }
            try await client.execute(uri: "/search", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("Search your notes"))
                expect(response.text.contains("<datalist id=\"all-tags\">"))
            }
        }
    }

    /// Graph terms are filters too: a chip for each `links-to:`/`linked-by:` note, switches for
    /// `is:orphan` and `is:hub`; chips and text round-trip through the library's serializer.
    @Test func graphTermsAreChipsThatRoundTrip() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let uri = "/search?q=" + HTMLText.percentEncoded("tag:work links-to:\"Team handbook\" linked-by:scratch is:orphan")
            try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(response.status, equals: .ok)
                expect(!html.contains("too complex for the filters"))
                expect(html.contains("class=\"chip filter-chip kind-links-to\"><span class=\"lead\">links to </span><span class=\"value\" dir=\"auto\">Team handbook</span>"))
                expect(html.contains("class=\"chip filter-chip kind-linked-by\"><span class=\"lead\">linked from </span><span class=\"value\" dir=\"auto\">scratch</span>"))
                let remove = try #require(Self.href(in: html, near: "aria-label=\"Remove links to Team handbook\""))
                expect(Self.query(remove), equals: "tag:work linked-by:scratch is:orphan")
                let removeFrom = try #require(Self.href(in: html, near: "aria-label=\"Remove linked from scratch\""))
                expect(Self.query(removeFrom), equals: "tag:work links-to:\"Team handbook\" is:orphan")
                let orphans = try #require(Self.href(in: html, near: "Orphans only</a>"))
                expect(Self.query(orphans), equals: "tag:work links-to:\"Team handbook\" linked-by:scratch")
                let hubs = try #require(Self.href(in: html, near: "Hubs only</a>"))
                expect(Self.query(hubs), equals: "tag:work links-to:\"Team handbook\" linked-by:scratch is:orphan is:hub")
                expect(html.contains("aria-checked=\"true\" href=\"\(HTMLText.escape(orphans))\""))
                expect(html.contains("id=\"add-links-to\"") && html.contains("id=\"add-linked-by\""))
            }
            // Chips to text: the add forms' edits, quoted where the language needs it.
            for (kind, value, expected) in [
                ("links-to", "Team handbook", "tag:ideas links-to:\"Team handbook\""), ("linked-by", "scratch", "tag:ideas linked-by:scratch"),
                ("links-to", "Plan~2", "tag:ideas links-to:\"Plan~2\""),
            ] {
                let uri = "/search/chips?q=tag%3Aideas&add=\(kind)&value=" + HTMLText.percentEncoded(value)
                try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                    expect(response.status, equals: .seeOther)
                    expect(response.headers[.location], equals: "/search?q=" + HTMLText.percentEncoded(expected), "\(kind) \(value)")
                }
            }
            // The results are the search's: the notes linking to the handbook.
            try await client.execute(uri: "/search?q=links-to%3A%22Team+handbook%22", method: .get, headers: fixture.browser) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("Onboarding notes (2023)") && response.text.contains("<span id=\"result-count\">2</span>"))
            }
            // A depth is beyond the chips: the explainer's tree instead.
            try await client.execute(uri: "/search?q=links-to%3A%22Team+handbook%22~2", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("This query is too complex for the filters"))
            }
        }
    }

    @Test func rowsShowTheMatchInContextMarked() async throws {
        let fixture = try ServerFixture(extraFiles: [
            "Work/Deep match.md": "# Deep match\n\nfirst line\n\nsecond line\n\nThe <b>Zebra</b> crossing is far down this note.\n"
        ])
        let generation = fixture.vault.currentGeneration
        await fixture.waitForWatcher(after: generation)
        try await fixture.test { client in
            try await client.execute(uri: "/search?q=zebra", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<span id=\"result-count\">1</span> note</h2>"))
                expect(html.contains("<p class=\"snippet match\" dir=\"auto\"><span class=\"line\">line 7</span> The &lt;b&gt;<mark>Zebra</mark>&lt;/b&gt; crossing"))
                expect(html.contains("<span class=\"folder-name\" dir=\"auto\">"))
                expect(html.contains("<time datetime=\""))
            }
        }
    }

    @Test func markedEscapesAndMarksEveryTermIgnoringASCIICase() {
        expect(SearchPage.marked("A <Cafe> and cafe & café", terms: ["cafe"]), equals: "A &lt;<mark>Cafe</mark>&gt; and <mark>cafe</mark> &amp; café")
        expect(SearchPage.marked("road map, roadmap", terms: ["road", "road map"]), equals: "<mark>road map</mark>, <mark>road</mark>map")
        expect(SearchPage.marked("nothing here", terms: []), equals: "nothing here")
    }

    /// Filter edits are GETs that only compute a query: hostile values come back escaped or
    /// refused, and no file changes, in the vault, in `.git/` or beside the vault.
    @Test func hostileFilterEditsChangeNoFile() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("outside\n".utf8).write(to: outside.appendingPathComponent("keep.md"))
        defer { try? FileManager.default.removeItem(at: outside) }
        let fixture = try ServerFixture(extraFiles: [".git/config": "[core]\n", ".git/HEAD": "ref: refs/heads/main\n"])
        let before = treeBytes(fixture.root)
        let long = String(repeating: "x", count: 100_000)
        let values = ["<script>alert(1)</script>", "../../" + outside.lastPathComponent, "/etc/passwd", ".git", "\"", "(", long, "", "   "]
        try await fixture.test { client in
            for kind in ["tag", "folder", "not-folder", "text", "links-to", "linked-by", "nonsense"] {
                for value in values {
                    let uri = "/search/chips?q=tag%3Aideas&add=\(kind)&value=" + HTMLText.percentEncoded(value)
                    let location = try await client.execute(uri: uri, method: .get, headers: fixture.browser) { response in
                        expect(response.status, equals: .seeOther)
                        return response.headers[.location] ?? ""
                    }
                    expect(location.hasPrefix("/search?q="), "\(kind)")
                    try await client.execute(uri: location, method: .get, headers: fixture.browser) { response in
                        expect(!response.text.contains("<script>alert"), "\(kind)")
                    }
                }
            }
            // Without the cookie: refused.
            try await client.execute(uri: "/search/chips?q=x&add=tag&value=y", method: .get) { response in
                expect(response.status, equals: .unauthorized)
            }
        }
        expect(treeBytes(fixture.root, skippingState: true), equals: before.filter { !$0.key.hasPrefix(".notez/") })
        expect(treeBytes(outside), equals: ["keep.md": Data("outside\n".utf8)])
    }
}
