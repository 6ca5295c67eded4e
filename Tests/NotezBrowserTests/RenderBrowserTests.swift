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
            "/history", "/tags", "/new?title=Missing&folder=Render", "/new", "/search", "/search?q=filler+folder%3ARender", "/notebook?path=Render", "/notebook?path=Render&page=2", "/no-such-page", "/note?path=Nope.md",
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
}
