import Foundation
import Testing
import NotezTestSupport

/// Obsidian Markdown, the layout and the attachment rules in the real browser. One server and one
/// browser session for all of it (the browser suite's time is most of `make test`'s budget).
@Suite(.serialized)
struct RenderBrowserTests {
    /// A 1×1 PNG.
    static let pixel = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    static let everything = """
        ---
        tags: [render]
        ---
        # Everything

        Go to [[Target note#Second heading]], [[Target note|an alias]], [a Markdown link](Target%20note.md) and [[No such note]].

        ![[pixel.png|40]]

        ![[Embedded]]

        > [!warning] Careful
        > Inside the callout.

        > [!tip]- Folded tip
        > Hidden body.

        Some ==highlighted== text and #rendertag here.

        - [ ] open task
        - [x] done task

        A footnote[^1].

        [^1]: The footnote text.

        | a | b | c | d | e | f | g | h |
        |---|---|---|---|---|---|---|---|
        | a-rather-long-cell-value | another-long-cell-value | third-long-cell-value | 4 | 5 | 6 | 7 | 8 |

        ```
        a_code_line_that_is_long_enough_to_overflow_a_phone_screen_by_itself_without_any_break_at_all()
        ```

        A paragraph with an id. ^para1

        | in a cell | more |
        |---|---|
        | [[Target note\\|cell link]] | ==cell mark== and $x*y*z$ |

        Shown %%a hidden comment%% here.

        $$
        a*b*c
        $$

        ```mermaid
        graph TD
        A-->B
        ```

        """

    static let hostile = """
        <script>window.__pwned = 1</script>
        <img src=x onerror="window.__pwned = 2">

        [click](javascript:window.__pwned=3) [[javascript:window.__pwned=4]]

        ![[evil.svg]] [svg](evil.svg) [page](evil.html)

        """

    /// The vault: ExampleVault, the render notes, a hostile note with its attachments, and 700
    /// folders (the sidebar must still show Tags on the first screen).
    static func prepare(_ root: URL) throws {
        let folder = root.appendingPathComponent("Render")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try write("Everything.md", everything)
        let filler = (1...60).map { "Filler paragraph \($0) of the target note." }.joined(separator: "\n\n")
        try write("Target note.md", "# Target note\n\n\(filler)\n\n## Second heading\n\nThe place the link points at.\n")
        try write("Embedded.md", "Embedded body text.\n")
        try write("Hostile.md", hostile)
        try pixel.write(to: folder.appendingPathComponent("pixel.png"))
        try write("evil.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>document.title='pwned';window.__pwned=5</script></svg>")
        try write("evil.html", "<script>document.title='pwned';window.__pwned=6</script><p>evil</p>")
        for number in 0..<700 {
            let many = root.appendingPathComponent("Many/Folder \(number)")
            try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
            if number % 7 == 0 { try Data("# Note \(number)\n".utf8).write(to: many.appendingPathComponent("Note \(number).md")) }
        }
        for number in 0..<700 where number % 10 == 0 {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Top \(number)"), withIntermediateDirectories: true)
        }
        // A symlinked note pointing out of the vault, linking to a hub: never listed, never read.
        let outside = root.deletingLastPathComponent().appendingPathComponent("outside-secret.md")
        try Data("---\ntitle: Leaked secret\n---\n[[Team handbook]] [[Alpha project plan]]\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Outside.md", withDestinationPath: outside.path)
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw WebDriver.Failure(description: message()) }
    }

    @Test func obsidianMarkdownLayoutAndAttachmentsInTheBrowser() throws {
        let served = try ServedVault(prepare: Self.prepare)
        let driver = try WebDriver()
        defer {
            driver.stop()
            served.stop()
        }
        do {
            try driver.open(served.startURL)
            try everyConstructIsTheRightElement(driver, served)
            try aWikilinkOpensItsNoteAtTheHeading(driver, served)
            try aHostileNoteRunsNothing(driver, served)
            try noPageScrollsSideways(driver, served)
            try tagsAreOnTheFirstScreenOfAVaultOf700Folders(driver, served)
            try theGraphPageListsHubsAndOrphansAsSearchFindsThem(driver, served)
            try theRelatedPanelListsWhatRelatedFindsFirst(driver, served)
            try graphTermsAreChipsInTheSearchFilters(driver, served)
        } catch {
            let folder = TestPaths.packageRoot.appendingPathComponent(".build/browser-failures")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("render.png")
            if let png = try? driver.screenshot() { try? png.write(to: file) }
            Issue.record("render: \(error) (screenshot: \(file.path))")
        }
    }

    func everyConstructIsTheRightElement(_ driver: WebDriver, _ served: ServedVault) throws {
        try driver.open(served.url("/note?path=Render%2FEverything.md"))
        let counts = try driver.execute(
            """
            var m = document.querySelector('.markdown');
            function n(s) { return m.querySelectorAll(s).length; }
            return {
              links: n('a.internal-link[href^="/note?path=Render%2FTarget%20note.md"]'),
              cellLinks: n('td a.internal-link'), cellMarks: n('td mark'), math: n('.math'), displayMath: n('.math-display'),
              diagrams: n('figure.diagram-mermaid pre'), comments: m.textContent.indexOf('hidden comment') >= 0 ? 1 : 0,
              unresolved: n('a.internal-link.unresolved[href^="/new?"]'),
              images: n('img[src="/file?path=Render%2Fpixel.png"][width="40"]'),
              embeds: n('div.embed'), embedText: m.querySelector('div.embed .embed-body') ? m.querySelector('div.embed .embed-body').textContent : '',
              callouts: n('div.callout.callout-warning'), folded: n('details.callout.callout-tip:not([open])'),
              icons: n('.callout-title svg'), marks: n('mark'), tags: n('a.tag[href="/tag?name=rendertag"]'),
              tasks: n('input[type=checkbox]'), footnotes: n('section.footnotes li'), tables: n('table'),
              blockIDs: n('[id="^para1"]'), headingAnchors: n('#everything'),
              raw: ['[[', '[!', '^para1', '==', '%%', '$$'].filter(function (s) { return m.textContent.indexOf(s) >= 0; })
            };
            """) as? [String: Any] ?? [:]
        let expected: [String: Int] = [
            "links": 4, "unresolved": 1, "images": 1, "embeds": 1, "callouts": 1, "folded": 1, "icons": 2, "marks": 2, "tags": 1,
            "tasks": 2, "footnotes": 1, "tables": 2, "blockIDs": 1, "headingAnchors": 1, "cellLinks": 1, "cellMarks": 1, "math": 2,
            "displayMath": 1, "diagrams": 1, "comments": 0,
        ]
        for (key, count) in expected.sorted(by: { $0.key < $1.key }) {
            try check(counts[key] as? Int == count, "\(key): \(counts[key] ?? "none") elements, expected \(count)")
        }
        try check((counts["raw"] as? [Any])?.isEmpty == true, "Markdown shown raw: \(counts["raw"] ?? "")")
        try check((counts["embedText"] as? String)?.contains("Embedded body text.") == true, "embed body: \(counts["embedText"] ?? "")")
        try driver.waitUntil("the embedded image loaded") {
            try driver.execute("var i = document.querySelector('.markdown img'); return i.complete && i.naturalWidth > 0;") as? Bool == true
        }
        // The app asks for no favicon it cannot serve.
        let favicon = try driver.executeAsync(
            "var done = arguments[0]; Promise.all(['/favicon.ico', '/favicon.svg'].map(function (u) { return fetch(u).then(function (r) { return r.status; }); })).then(done);")
        try check((favicon as? [Int]) == [200, 200], "favicon: \(favicon)")
    }

    func aWikilinkOpensItsNoteAtTheHeading(_ driver: WebDriver, _ served: ServedVault) throws {
        try driver.click(".markdown a.internal-link[href$='#second-heading']")
        try driver.waitUntil("the target note") { try driver.currentURL().contains("Target%20note.md#second-heading") }
        try driver.waitUntil("the heading scrolled into view") {
            try driver.execute(
                """
                var h = document.getElementById('second-heading');
                if (!h) return false;
                var top = h.getBoundingClientRect().top;
                return window.scrollY > 0 && top >= 0 && top < window.innerHeight;
                """) as? Bool == true
        }
    }

    func aHostileNoteRunsNothing(_ driver: WebDriver, _ served: ServedVault) throws {
        try driver.open(served.url("/note?path=Render%2FHostile.md"))
        let facts = try driver.execute(
            """
            return { pwned: window.__pwned === undefined ? 0 : window.__pwned, scripts: document.scripts.length,
              javascript: document.querySelectorAll('a[href^="javascript"], [onerror], [onclick]').length,
              svgImages: document.querySelectorAll('.markdown img').length, title: document.title };
            """) as? [String: Any] ?? [:]
        try check(facts["pwned"] as? Int == 0, "script ran: \(facts)")
        try check(facts["scripts"] as? Int == 1, "scripts in the page: \(facts)")
        try check(facts["javascript"] as? Int == 0, "active links or handlers: \(facts)")
        try check(facts["svgImages"] as? Int == 0, "an SVG shown inline: \(facts)")
        // SVG and HTML attachments are downloads, sandboxed, never sniffed.
        let headers = try driver.executeAsync(
            """
            var done = arguments[0];
            Promise.all(['evil.svg', 'evil.html'].map(function (name) {
              return fetch('/file?path=Render%2F' + name).then(function (r) {
                return [r.headers.get('content-type'), r.headers.get('content-disposition') || '', r.headers.get('content-security-policy') || '',
                        r.headers.get('x-content-type-options')];
              });
            })).then(done);
            """) as? [[String]] ?? []
        try check(headers.count == 2, "headers: \(headers)")
        for header in headers {
            try check(header[0] == "application/octet-stream" && header[1].hasPrefix("attachment") && header[2].hasPrefix("sandbox")
                && header[3] == "nosniff", "attachment headers: \(header)")
        }
        let page = try driver.currentURL()
        for link in ["evil.html", "evil.svg"] {
            try driver.click(".markdown a[href$='\(link)']")
            usleep(500_000)
            let title = try driver.execute("return document.title;") as? String ?? ""
            let clean = try driver.execute("return window.__pwned === undefined;") as? Bool == true
            try check(title != "pwned" && clean, "\(link) ran script")
        }
        let now = try driver.currentURL()
        try check(now == page, "an attachment opened as a page: \(now)")
    }

    func noPageScrollsSideways(_ driver: WebDriver, _ served: ServedVault) throws {
        let pages = [
            "/", "/folder?path=Render", "/note?path=Render%2FEverything.md", "/tag?name=render", "/search?q=tag%3Arender", "/trash",
            "/history", "/tags", "/new?title=Missing&folder=Render", "/new", "/search", "/search?q=filler+folder%3ARender", "/notebook?path=Render", "/graph", "/search?q=links-to%3A%22Target+note%22+is%3Aorphan", "/notebook?path=Render&page=2", "/no-such-page", "/note?path=Nope.md",
        ]
        for width in [360, 390, 1280] {
            try driver.viewport(width: width, height: width < 600 ? 800 : 900)
            for page in pages {
                try driver.open(served.url(page))
                let sizes = try driver.execute("return [document.documentElement.scrollWidth, window.innerWidth];") as? [Int] ?? []
                try check(sizes.count == 2 && sizes[0] <= sizes[1], "\(page) at \(width) px: scrollWidth \(sizes)")
            }
        }
        try driver.devtools("Emulation.clearDeviceMetricsOverride")
    }

    func tagsAreOnTheFirstScreenOfAVaultOf700Folders(_ driver: WebDriver, _ served: ServedVault) throws {
        try driver.viewport(width: 1280, height: 800)
        try driver.open(served.url("/"))
        let facts = try driver.execute(
            """
            var t = document.getElementById('side-tags').getBoundingClientRect();
            return [Math.round(t.bottom), window.innerHeight, document.documentElement.outerHTML.length];
            """) as? [Int] ?? []
        try check(facts.count == 3 && facts[0] > 0 && facts[0] <= facts[1], "Tags heading at \(facts) (bottom, viewport height)")
        try check(facts[2] <= 100_000, "main page of 700 folders: \(facts[2]) bytes")
        try driver.devtools("Emulation.clearDeviceMetricsOverride")
    }

    /// Saves a docs screenshot (`NAME.png`, `NAME-dark.png`) when `NOTEZ_SCREENSHOTS` names a folder.
    func docsScreenshot(_ driver: WebDriver, _ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["NOTEZ_SCREENSHOTS"] else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for scheme in ["light", "dark"] {
            try driver.colorScheme(scheme)
            usleep(150_000)
            try driver.screenshot().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + (scheme == "dark" ? "-dark" : "") + ".png"))
        }
        try driver.colorScheme("light")
    }

    /// The vault-relative paths the links of `css` open (`/note?path=P`), in page order.
    func linkedPaths(_ driver: WebDriver, _ css: String) throws -> [String] {
        let hrefs = try driver.execute(
            "return Array.from(document.querySelectorAll(arguments[0])).map(function (a) { return new URL(a.href).searchParams.get('path'); });", [css])
        return hrefs as? [String] ?? []
    }

    /// The `path` of the page the browser shows (`/note?path=P`), decoded.
    func openedPath(_ driver: WebDriver) throws -> String? {
        URLComponents(string: try driver.currentURL())?.queryItems?.first { $0.name == "path" }?.value
    }

    /// `/graph` lists exactly the notes `search is:hub` and `search is:orphan` find (never the
    /// symlinked note), each a link that opens the note, reachable with Tab; at 360 and 1280 px.
    func theGraphPageListsHubsAndOrphansAsSearchFindsThem(_ driver: WebDriver, _ served: ServedVault) throws {
        func found(_ query: String) throws -> [String] { try served.cli(["search", query, "--paths"]).split(separator: "\n").map(String.init) }
        let hubs = try found("is:hub")
        let orphans = try found("is:orphan")
        try check(!hubs.isEmpty && orphans.count > 100, "the vault has hubs and orphans: \(hubs.count), \(orphans.count)")
        for width in [1280, 360] {
            try driver.viewport(width: width, height: width < 600 ? 800 : 900)
            if width < 600 {
                try driver.open(served.url("/graph"))
            } else {
                // The sidebar's "Link graph" leads there.
                try driver.open(served.url("/"))
                try driver.click("a[href='/graph']")
            }
            try driver.waitUntil("the graph page") { try driver.text("main h1") == "Link graph" }
            let listedHubs = try linkedPaths(driver, "#h-hubs ~ ul.graph-list a")
            let listedOrphans = try linkedPaths(driver, "#h-orphans ~ ul.graph-list a")
            try check(Set(listedHubs) == Set(hubs) && listedHubs.count == hubs.count, "hubs \(listedHubs) vs \(hubs)")
            try check(Set(listedOrphans) == Set(orphans) && listedOrphans.count == orphans.count, "orphans: \(listedOrphans.count) vs \(orphans.count)")
            try check(try driver.text("#h-orphans .count") == "\(orphans.count)", "the orphan count")
            let source = try driver.pageSource()
            try check(!source.contains("Outside.md") && !source.contains("Leaked"), "the symlinked note is listed")
            // Left unread on purpose, it is not "a note that could not be read" either.
            try check(!source.contains("could not be read"), "the symlinked note counted as unreadable")
            let low = try driver.execute(
                "return Array.from(document.querySelectorAll('main ul.graph-list li')).filter(function (li) { return li.getBoundingClientRect().height < 40; }).length;")
            try check(low as? Int == 0, "rows under 40 px at \(width): \(low)")
            try check(try driver.execute("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true, "scrolls sideways at \(width)")
            // Every listed note is a link a keyboard reaches: focusable, in the Tab order, visible.
            let unreachable = try driver.execute(
                """
                return Array.from(document.querySelectorAll('main ul.graph-list a')).filter(function (a) {
                  a.focus(); var box = a.getBoundingClientRect();
                  return document.activeElement !== a || a.tabIndex < 0 || box.width < 1 || box.height < 1;
                }).length;
                """)
            try check(unreachable as? Int == 0, "links not reachable by keyboard: \(unreachable)")
            _ = try driver.execute("document.activeElement.blur(); window.scrollTo(0, 0); return true;")
            try docsScreenshot(driver, width < 600 ? "web-graph-phone" : "web-graph")
        }
        // Tab from the page's top reaches the first hub; Enter on it opens the note.
        try driver.viewport(width: 1280, height: 900)
        try driver.open(served.url("/graph"))
        let tabs = try driver.execute(
            """
            var first = document.querySelector('#h-hubs ~ ul.graph-list a');
            var order = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]'))
              .filter(function (e) { return e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0; });
            return order.indexOf(first);
            """) as? Int ?? -1
        try check(tabs >= 0, "the first hub is not in the Tab order")
        let first = try linkedPaths(driver, "#h-hubs ~ ul.graph-list a").first ?? ""
        try driver.click("#h-hubs ~ ul.graph-list a")
        try driver.waitUntil("the hub's page") { try driver.currentURL().contains("/note?path=") }
        let opened = try openedPath(driver)
        try check(opened == first, "opened \(opened ?? "?"), not \(first)")
        try driver.devtools("Emulation.clearDeviceMetricsOverride")
    }

    /// The note page's Related panel lists `notez related`'s first notes, in its order, each a
    /// link to the note, with its reasons in words; the symlinked note that links to the same notes is not among them.
    func theRelatedPanelListsWhatRelatedFindsFirst(_ driver: WebDriver, _ served: ServedVault) throws {
        let note = "Work/Projects/Alpha/Alpha project plan.md"
        let related = try served.cli(["related", note, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(related.utf8)) as? [String: Any]
        let items = object?["related"] as? [[String: Any]] ?? []
        let expected = items.compactMap { $0["path"] as? String }.prefix(8)
        try check(expected.count == 8, "related: \(related)")
        for width in [1280, 360] {
            try driver.viewport(width: width, height: width < 600 ? 800 : 900)
            try driver.open(served.url("/note?path=Work%2FProjects%2FAlpha%2FAlpha%20project%20plan.md"))
            try driver.waitUntil("the related panel") { try driver.text("#h-related") == "Related" }
            let listed = try linkedPaths(driver, "section.related ul.graph-list a")
            try check(listed == Array(expected), "panel \(listed) vs related \(Array(expected))")
            let reasons = try driver.text("section.related li:first-child .meta")
            try check(reasons.contains("linked"), "reasons: \(reasons)")
            try check(!(try driver.pageSource()).contains("Leaked"), "the symlinked note in the panel")
            try check(try driver.execute("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true, "scrolls sideways at \(width)")
            // Centred: the top bar is sticky and would cover a row scrolled to the top.
            _ = try driver.execute("document.querySelector('section.related').scrollIntoView({ block: 'center' }); return true;")
            try docsScreenshot(driver, width < 600 ? "web-related-phone" : "web-related")
        }
        _ = try driver.execute("document.querySelector('section.related ul.graph-list a').scrollIntoView({ block: 'center' }); return true;")
        try driver.click("section.related ul.graph-list a")
        try driver.waitUntil("the related note's page") { try openedPath(driver) == expected.first }
        try driver.devtools("Emulation.clearDeviceMetricsOverride")
    }

    /// A `links-to:` term is a chip and `is:orphan` a switch in the search filters: the rows are
    /// the search's, the switch and the chip's × rewrite the text query.
    func graphTermsAreChipsInTheSearchFilters(_ driver: WebDriver, _ served: ServedVault) throws {
        let linking = try served.cli(["search", "links-to:\"Target note\"", "--paths"]).split(separator: "\n")
        try check(linking.count == 1, "notes linking to the target: \(linking)")
        for width in [360, 1280] {
            try driver.viewport(width: width, height: width < 600 ? 800 : 900)
            try driver.open(served.url("/search?q=links-to%3A%22Target+note%22"))
            try check(try driver.text(".filter-chip.kind-links-to .value") == "Target note", "the chip")
            try check(try driver.text("#result-count") == "\(linking.count)", "the count")
            try docsScreenshot(driver, width < 600 ? "web-search-graph-phone" : "web-search-graph")
        }
        _ = try driver.execute("document.querySelector('a.switch[href*=\"orphan\"]').scrollIntoView({ block: 'center' }); return true;")
        try driver.click("a.switch[href*=\"orphan\"]")
        try driver.waitUntil("the orphan switch") { try driver.property("#q", "value") == "links-to:\"Target note\" is:orphan" }
        _ = try driver.execute("document.querySelector('.filter-chip.kind-links-to .remove').scrollIntoView({ block: 'center' }); return true;")
        try driver.click(".filter-chip.kind-links-to .remove")
        try driver.waitUntil("the chip removed") { try driver.property("#q", "value") == "is:orphan" }
        try driver.devtools("Emulation.clearDeviceMetricsOverride")
    }
}
