import Foundation
import Testing

/// `notez attach` writes wikilink embeds in a vault Obsidian opens (its documented default) or
/// with `--wikilink`, Markdown links otherwise or with `--markdown`.
@Suite struct AttachLinkStyleTests {
    static let note = "Work/Quarterly goals.md"

    func tail(_ vault: TempVault, lines: Int) throws -> [String] {
        let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self)
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast().suffix(lines))
    }

    @Test func obsidianVaultsGetWikilinksUnlessSetToMarkdown() throws {
        let sources = try AttachmentCommandTests.Sources()
        let files = [sources.path("my photo.jpg"), sources.path("report.png")]
        // `.obsidian/` without app.json, and app.json without the key: Obsidian's default, wikilinks.
        for setting in [nil, "{}", #"{"useMarkdownLinks": false}"#] {
            let vault = try TempVault.example()
            try FileManager.default.createDirectory(atPath: vault.path + "/.obsidian", withIntermediateDirectories: true)
            if let setting { try vault.write(".obsidian/app.json", setting) }
            let result = try Mutation.run(vault, ["attach", Self.note] + files)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try tail(vault, lines: 2) == ["![[my photo.jpg]]", "[[report.png]]"], "\(setting ?? "no app.json")")
            #expect(try Mutation.run(vault, ["attachments", Self.note]).status == 0)
        }
        let markdown = try TempVault.example()
        try markdown.write(".obsidian/app.json", #"{"useMarkdownLinks": true}"#)
        #expect(try Mutation.run(markdown, ["attach", Self.note] + files).status == 0)
        #expect(try tail(markdown, lines: 2) == ["![](attachments/my%20photo.jpg)", "[report.png](attachments/report.png)"])
        // --markdown wins over the vault's preference, --wikilink over a vault without one.
        let forced = try TempVault.example()
        try FileManager.default.createDirectory(atPath: forced.path + "/.obsidian", withIntermediateDirectories: true)
        #expect(try Mutation.run(forced, ["attach", Self.note, files[1], "--markdown"]).status == 0)
        #expect(try tail(forced, lines: 1) == ["[report.png](attachments/report.png)"])
        let plain = try TempVault.example()
        #expect(try Mutation.run(plain, ["attach", Self.note, files[0], "--wikilink"]).status == 0)
        #expect(try tail(plain, lines: 1) == ["![[my photo.jpg]]"])
        #expect(try Mutation.run(plain, ["attach", Self.note, files[0], "--wikilink", "--markdown"]).status == 2)
    }

    @Test func aNameTwoFilesHaveIsWrittenAsAPath() throws {
        let sources = try AttachmentCommandTests.Sources()
        let vault = try TempVault.example()
        try vault.write("Personal/report.png", "another file with that name")
        let before = try String(decoding: Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self)
        let result = try Mutation.run(vault, ["attach", Self.note, sources.path("report.png"), sources.path("my photo.jpg"), "--wikilink"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try tail(vault, lines: 2) == ["[[Work/attachments/report.png]]", "![[my photo.jpg]]"])
        let rows = try JSONSerialization.jsonObject(with: Data(try Mutation.run(vault, ["attachments", Self.note, "--json"]).stdout.utf8))
            as! [[String: Any]]
        #expect(rows.map { $0["path"] as? String } == ["Work/attachments/report.png", "Work/attachments/my photo.jpg"])
        #expect(try Mutation.run(vault, ["undo"]).status == 0)
        #expect(try String(decoding: Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self) == before)
    }

    @Test func aHostileObsidianSettingIsRefused() throws {
        let sources = try AttachmentCommandTests.Sources()
        let vault = try TempVault.example()
        try vault.write(".obsidian/app.json", #"{"useMarkdownLinks": "yes"}"#)
        let before = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        let result = try Mutation.run(vault, ["attach", Self.note, sources.path("report.png")])
        #expect(result.status == 4 && result.stderr.contains("useMarkdownLinks"), "\(result.stderr)")
        #expect(try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") } == before)
    }
}
