import Foundation
import Testing
import NotezTestSupport

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
            expect(result.status, equals: 0, "\(result.stderr)")
            try expect(tail(vault, lines: 2), equals: ["![[my photo.jpg]]", "[[report.png]]"], "\(setting ?? "no app.json")")
            try expect(Mutation.run(vault, ["attachments", Self.note]).status, equals: 0)
        }
        let markdown = try TempVault.example()
        try markdown.write(".obsidian/app.json", #"{"useMarkdownLinks": true}"#)
        try expect(Mutation.run(markdown, ["attach", Self.note] + files).status, equals: 0)
        try expect(tail(markdown, lines: 2), equals: ["![](attachments/my%20photo.jpg)", "[report.png](attachments/report.png)"])
        // --markdown wins over the vault's preference, --wikilink over a vault without one.
        let forced = try TempVault.example()
        try FileManager.default.createDirectory(atPath: forced.path + "/.obsidian", withIntermediateDirectories: true)
        try expect(Mutation.run(forced, ["attach", Self.note, files[1], "--markdown"]).status, equals: 0)
        try expect(tail(forced, lines: 1), equals: ["[report.png](attachments/report.png)"])
        let plain = try TempVault.example()
        try expect(Mutation.run(plain, ["attach", Self.note, files[0], "--wikilink"]).status, equals: 0)
        try expect(tail(plain, lines: 1), equals: ["![[my photo.jpg]]"])
        try expect(Mutation.run(plain, ["attach", Self.note, files[0], "--wikilink", "--markdown"]).status, equals: 2)
    }

    @Test func aNameTwoFilesHaveIsWrittenAsAPath() throws {
        let sources = try AttachmentCommandTests.Sources()
        let vault = try TempVault.example()
        try vault.write("Personal/report.png", "another file with that name")
        let before = try String(decoding: Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self)
        let result = try Mutation.run(vault, ["attach", Self.note, sources.path("report.png"), sources.path("my photo.jpg"), "--wikilink"])
        expect(result.status, equals: 0, "\(result.stderr)")
        try expect(tail(vault, lines: 2), equals: ["[[Work/attachments/report.png]]", "![[my photo.jpg]]"])
        let rows = try JSONSerialization.jsonObject(with: Data(try Mutation.run(vault, ["attachments", Self.note, "--json"]).stdout.utf8))
            as! [[String: Any]]
        expect(rows.map { $0["path"] as? String }, equals: ["Work/attachments/report.png", "Work/attachments/my photo.jpg"])
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(String(decoding: Data(contentsOf: vault.url.appendingPathComponent(Self.note)), as: UTF8.self), equals: before)
    }

    @Test func aHostileObsidianSettingIsRefused() throws {
        let sources = try AttachmentCommandTests.Sources()
        let vault = try TempVault.example()
        try vault.write(".obsidian/app.json", #"{"useMarkdownLinks": "yes"}"#)
        let before = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        let result = try Mutation.run(vault, ["attach", Self.note, sources.path("report.png")])
        expect(result.status == 4 && result.stderr.contains("useMarkdownLinks"), "\(result.stderr)")
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }, equals: before)
    }
}
