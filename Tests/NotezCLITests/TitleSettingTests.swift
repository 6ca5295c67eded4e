import Foundation
import Testing
import NotezTestSupport

/// `title_from: heading` in `.notez/config.yaml`: zk's titles (the first `# Heading`) instead of
/// Obsidian's (the file name), in listings, NOTE arguments and JSON; changing the setting is seen
/// at once, through the index cache and the warm path.
@Suite struct TitleSettingTests {
    @Test("titles follow the setting, and the cache is never trusted across a change of it")
    func titlesFollowTheSetting() throws {
        let vault = try TempVault()
        try vault.write("2024-05-06.md", "# Weekly *sync*\n\nbody\n")
        try vault.write("keyed.md", "---\ntitle: From the key\n---\n# Heading loses\n")
        try vault.write("plain.md", "no heading here\n")
        func titles() throws -> [String] {
            let result = try vault.run(["ls", "-r", "--json"])
            expect(result.status, equals: 0, "\(result.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return rows.sorted { ($0["path"] as? String ?? "") < ($1["path"] as? String ?? "") }.compactMap { $0["title"] as? String }
        }
        try expect(titles(), equals: ["2024-05-06", "From the key", "plain"])
        try vault.write(".notez/config.yaml", "title_from: heading\n")
        try expect(titles(), equals: ["Weekly sync", "From the key", "plain"])
        // A NOTE argument matches the heading title now.
        let shown = try vault.run(["show", "Weekly sync", "--json"])
        expect(shown.status, equals: 0, "\(shown.stderr)")
        expect(shown.stdout.contains("2024-05-06.md"), "\(shown.stdout)")
        try vault.write(".notez/config.yaml", "title_from: file\n")
        try expect(titles(), equals: ["2024-05-06", "From the key", "plain"])
    }

    @Test func aValueOtherThanFileOrHeadingIsReportedAndTheDefaultUsed() throws {
        let vault = try TempVault()
        try vault.write("a.md", "# Heading\n")
        try vault.write(".notez/config.yaml", "title_from: h1\n")
        let result = try vault.run(["ls", "--json"])
        expect(result.stderr.contains("title_from must be file or heading, not 'h1'"), "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        expect(rows.map { $0["title"] as? String }, equals: ["a"])
    }
}
