import Foundation
import Testing
import NotezTestSupport

/// `notez export --format html|pdf`: every link resolves, scripts never run, the pdf is printed by Chromium.
@Suite struct HTMLExportTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// ExampleVault with a hostile note: scripts, event handlers, links out of the vault, a symlinked image.
    static func vault() throws -> (TempVault, URL) {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: outside.appendingPathComponent("secret.png"))
        try vault.write("Work/attachments/chart.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]))
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/Work/attachments/link.png", withDestinationPath: outside.appendingPathComponent("secret.png").path)
        try vault.write(
            "Work/Evil & <odd> note.md",
            """
            ---
            title: Evil <b>title</b>
            tags: [x, "a/b", "Café ñ"]
            ---
            <script>document.title = "PWNED"</script>
            <img src="x" onerror="document.title='PWNED'">

            [js](javascript:alert(1)) [plan](Quarterly%20goals.md#goals) [up](../Phone%20numbers.md) [out](../../../../etc/passwd)
            [abs](/etc/passwd) [web](https://example.com/a?b=c) [[Team handbook]] [[Team handbook|the handbook]] [[Nope]]
            ![chart](attachments/chart.png) ![secret](attachments/link.png) ![escape](../../outside/secret.png)

            """)
        return (vault, outside)
    }

    /// Every `href`/`src` of a page, as written.
    static func targets(_ html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = Substring(html)
            while let range = rest.range(of: attribute) {
                rest = rest[range.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                found.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return found
    }

    @Test func everyLinkAndImageResolvesAndNoScriptSurvives() throws {
        let (vault, outside) = try Self.vault()
        defer { try? FileManager.default.removeItem(at: outside) }
        let site = outside.appendingPathComponent("site")
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["export", "--format", "html", "--out", site.path])
        expect(result.status, equals: 3, "\(result.stderr)")
        // The symlinked image and the one outside the vault are not copied, and say so.
        expect(result.stderr.contains("Work/attachments/link.png: image not copied"))
        try expect(vault.snapshot(), equals: before)
        let files = FileManager.default.enumerator(atPath: site.path)!.compactMap { $0 as? String }
        let pages = files.filter { $0.hasSuffix(".html") }
        expect(pages.contains("index.html") && pages.contains("print.html"))
        expect(pages.contains("folders/Work/Projects/Alpha/index.html"))
        expect(pages.contains("notes/Work/Evil & <odd> note.html"))
        expect(pages.contains("tags/caf_C3_A9_20_C3_B1.html"))
        expect(files.contains("notes/Work/attachments/chart.png"))
        expect(!files.contains { $0.contains("secret") || $0.hasSuffix("link.png") })
        var checked = 0
        for page in pages {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            expect(!html.lowercased().contains("<script"), "\(page)")
            expect(!html.contains("onerror"), "\(page)")
            expect(!html.contains("javascript:"), "\(page)")
            let folder = site.appendingPathComponent(page).deletingLastPathComponent()
            for target in Self.targets(html) {
                if target.hasPrefix("https://") || target.isEmpty { continue }
                let path = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let file = folder.appendingPathComponent(String(path).removingPercentEncoding ?? "").standardizedFileURL.path
                expect(file.hasPrefix(site.standardizedFileURL.path + "/"), "\(page): \(target) leaves the site")
                expect(FileManager.default.fileExists(atPath: file), "\(page): \(target) does not resolve")
                checked += 1
            }
        }
        expect(checked > 200)
        let evil = try String(contentsOf: site.appendingPathComponent("notes/Work/Evil & <odd> note.html"), encoding: .utf8)
        expect(evil.contains("<title>Evil &lt;b&gt;title&lt;/b&gt;</title>"))
        expect(evil.contains("<a href=\"../../notes/Work/Quarterly%20goals.html#goals\">plan</a>"))
        expect(evil.contains("<a href=\"../../notes/Phone%20numbers.html\">up</a>"))
        expect(evil.contains("<a class=\"missing\">out</a>") && evil.contains("<a class=\"missing\">abs</a>"))
        expect(evil.contains("<a href=\"../../notes/Work/Team%20handbook.html\">the handbook</a>"))
        expect(evil.contains("[[Nope]]"))
        expect(evil.contains("<img src=\"../../notes/Work/attachments/chart.png\""))
    }

    @Test(.enabled(if: chromium != nil, "needs headless Chromium (Debian package chromium)"))
    func aRealBrowserRunsNoScriptOfANote() throws {
        let (vault, outside) = try Self.vault()
        defer { try? FileManager.default.removeItem(at: outside) }
        let site = outside.appendingPathComponent("site")
        _ = try Mutation.run(vault, ["export", "--format", "html", "--out", site.path])
        let page = site.appendingPathComponent("notes/Work/Evil & <odd> note.html")
        let profile = outside.appendingPathComponent("profile").path
        let sandbox = getuid() == 0 ? " --no-sandbox" : ""
        let result = try CLIRunner.runShell(
            "timeout 120 '\(Self.chromium!)' --headless --disable-gpu --no-first-run\(sandbox) --user-data-dir='\(profile)' "
                + "--dump-dom '\(page.absoluteString)' 2>/dev/null")
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stdout.contains("<title>Evil &lt;b&gt;title&lt;/b&gt;</title>"), "\(result.stdout.prefix(500))")
        expect(result.stdout.contains("Team handbook"))
        expect(!result.stdout.contains("PWNED"))
    }

    @Test(.enabled(if: chromium != nil, "needs headless Chromium (Debian package chromium)"))
    func pdfIsPrintedByChromium() throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        let pdf = outside.appendingPathComponent("notes.pdf")
        let result = try Mutation.run(vault, ["export", "folder:Recipes", "--format", "pdf", "--out", pdf.path])
        expect(result.status, equals: 0, "\(result.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: pdf.path))
        expect(bytes.starts(with: Data("%PDF-".utf8)))
        expect(bytes.count > 5000)
    }

    @Test func pdfWithoutChromiumSaysHowToGetIt() throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        let pdf = outside.appendingPathComponent("notes.pdf")
        let result = try Mutation.run(vault, ["export", "--format", "pdf", "--out", pdf.path], environment: ["NOTEZ_CHROMIUM": "/nonexistent/chromium"])
        expect(result.status, equals: 3)
        expect(result.stderr.contains("apt-get install chromium"))
        expect(!FileManager.default.fileExists(atPath: pdf.path))
    }
}
