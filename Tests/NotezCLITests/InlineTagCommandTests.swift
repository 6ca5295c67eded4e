import Foundation
import Testing
import NotezTestSupport

/// Inline `#tags` end to end: listing, searching, and rename/merge/delete with byte-identical undo.
@Suite struct InlineTagCommandTests {
    static let noteA = """
        ---
        tags: [Project, draft]
        ---
        # Plan

        Working on #project today, and #Project/alpha too.
        ```
        #project in code stays
        ```
        Ends with #draft
        """
    static let noteB = "No front matter. #project and #other/child\r\nsecond line #PROJECT\r\n"
    static let noteC = "---\ntags: [other]\n---\nOnly front matter here; `#project` is code.\n"

    func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write("A.md", Self.noteA)
        try vault.write("Folder/B.md", Self.noteB)
        try vault.write("C.md", Self.noteC)
        return vault
    }

    func tags(_ vault: TempVault) throws -> [String: [String: Any]] {
        let result = try vault.run(["tag", "list", "--json"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as! String, $0) })
    }

    /// A dry run shows the body lines it would change (inline tags), not only the front matter.
    @Test func dryRunShowsInlineEdits() throws {
        let vault = try vault()
        let before = try vault.snapshot()
        let dry = try vault.run(["tag", "rename", "project", "venture", "--dry-run"])
        expect(dry.status, equals: 0, "\(dry.stderr)")
        expect(dry.stdout.contains("--- a/Folder/B.md\n+++ b/Folder/B.md\n"), "\(dry.stdout)")
        expect(dry.stdout.contains("-No front matter. #project and #other/child\n-second line #PROJECT\n"))
        expect(dry.stdout.contains("+No front matter. #venture and #other/child\n+second line #venture\n"))
        expect(dry.stdout.contains("+Working on #venture today, and #venture/alpha too.\n"))
        expect(!dry.stdout.contains("+#venture in code stays"))
        try expect(vault.snapshot(), equals: before)
    }

    @Test func inlineTagsAreCountedAndSearchable() throws {
        let vault = try vault()
        let rows = try tags(vault)
        expect(rows["Project"]?["count"] as? Int == 2)
        expect(rows["Project"]?["inline"] as? Int == 2)
        expect(rows["Project"]?["frontmatter"] as? Int == 1)
        expect(rows["Project/alpha"]?["inline"] as? Int == 1)
        expect(rows["other/child"]?["count"] as? Int == 1)
        let search = try vault.run(["search", "tag:project", "--paths"])
        let found: Set<String> = Set(search.stdout.split(separator: "\n").map { String($0) })
        expect(found, equals: ["A.md", "Folder/B.md"])
        let show = try vault.run(["search", "tag:other", "--json"])
        let notes = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [[String: Any]]
        let b = notes.first { $0["path"] as? String == "Folder/B.md" }
        expect(b?["inlineTags"] as? [String] == ["Project", "other/child"])
    }

    @Test func renameRewritesInlineAndUndoIsByteIdentical() throws {
        let vault = try vault()
        let before = try vault.snapshot()
        let rename = try vault.run(["tag", "rename", "project", "work"])
        expect(rename.status, equals: 0, "\(rename.stderr)")
        let a = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("A.md")), as: UTF8.self)
        expect(a, equals: Self.noteA.replacingOccurrences(of: "[Project,", with: "[work,")
            .replacingOccurrences(of: "on #project", with: "on #work").replacingOccurrences(of: "#Project/alpha", with: "#work/alpha"))
        let b = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("Folder/B.md")), as: UTF8.self)
        expect(b, equals: "No front matter. #work and #other/child\r\nsecond line #work\r\n")
        try expect(vault.snapshot()["C.md"], equals: before["C.md"])
        let undo = try vault.run(["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        try expect(vault.snapshot(skipping: []).filter { !$0.key.hasPrefix(".notez/") }, equals: before.filter { !$0.key.hasPrefix(".notez/") })
    }

    @Test func frontMatterOnlyLeavesInlineTags() throws {
        let vault = try vault()
        let rename = try vault.run(["tag", "rename", "project", "work", "--exact", "--frontmatter-only"])
        expect(rename.status, equals: 0, "\(rename.stderr)")
        let a = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("A.md")), as: UTF8.self)
        expect(a, equals: Self.noteA.replacingOccurrences(of: "[Project,", with: "[work,"))
        expect(String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("Folder/B.md")), as: UTF8.self), equals: Self.noteB)
    }

    @Test func mergeAndDeleteThenUndo() throws {
        let vault = try vault()
        let before = try vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }
        let merge = try vault.run(["tag", "merge", "draft", "project", "--into", "other"])
        expect(merge.status, equals: 0, "\(merge.stderr)")
        let b = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("Folder/B.md")), as: UTF8.self)
        expect(b, equals: "No front matter. #other and #other/child\r\nsecond line #other\r\n")
        expect(try tags(vault)["draft"] == nil)
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }, equals: before)

        let delete = try vault.run(["tag", "delete", "project", "--yes"])
        expect(delete.status, equals: 0, "\(delete.stderr)")
        let deleted = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("Folder/B.md")), as: UTF8.self)
        expect(deleted, equals: "No front matter. and #other/child\r\nsecond line\r\n")
        let a = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent("A.md")), as: UTF8.self)
        expect(a.contains("Working on today, and #Project/alpha too."))
        expect(a.contains("#project in code stays"))
        try expect(vault.run(["undo"]).status, equals: 0)
        try expect(vault.snapshot().filter { !$0.key.hasPrefix(".notez/") }, equals: before)
    }

    @Test func aNameThatCannotBeInlineIsRefused() throws {
        let vault = try vault()
        let before = try vault.snapshot()
        let rename = try vault.run(["tag", "rename", "project", "two words"])
        expect(rename.status, equals: 4)
        expect(rename.stderr.contains("cannot be written as an inline #tag"))
        try expect(vault.snapshot(), equals: before)
        // Only the front matter: allowed.
        try expect(vault.run(["tag", "rename", "project", "two words", "--frontmatter-only", "--exact"]).status, equals: 0)
    }

    @Test func hostileBodiesAreNotTags() throws {
        let vault = try TempVault()
        let binary = Data([0x23, 0x61, 0x00, 0xFF, 0x20, 0x23, 0x62]) + Data(repeating: 0, count: 9000)
        try vault.write("binary.md", binary)
        try vault.write("huge.md", String(repeating: "#t ", count: 400_000))
        let rows = try tags(vault)
        expect(rows["a"] == nil && rows["b"] == nil)
        expect(rows["t"]?["inline"] as? Int == 1)
        // A rename never writes the binary note.
        let before = try vault.snapshot()["binary.md"]
        _ = try vault.run(["tag", "rename", "t", "u"])
        try expect(vault.snapshot()["binary.md"], equals: before)
    }
}
