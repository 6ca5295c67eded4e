import Foundation
import Testing
import NotezTestSupport

/// The markdown export leaves no link to a note it does not carry; `import` brings tag and folder
/// colors back without replacing the vault's own.
@Suite struct ExportLinksAndColorsTests {
    @Test func linksToNotesNotExportedBecomeTheirText() throws {
        let vault = try TempVault()
        try vault.write(
            "Out/A.md",
            """
            ---
            tags: [out]
            ---
            See [the plan](../Plan.md), [[Plan|our plan]], [[Plan#Goals]], ![[Plan]], [](../Plan.md) and [B](B.md) [[B]].
            Broken [[Nowhere]] and [web](https://example.com) stay.

            """)
        try vault.write("Out/B.md", "---\ntags: [out]\n---\nBack to [A](A.md) and [[Plan]].\n")
        try vault.write("Plan.md", "# Plan\n## Goals\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("notez-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["export", "tag:out", "--format", "markdown", "--out", out.path])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stderr.contains("6 links to notes that are not exported became plain text"), "\(result.stderr)")
        try expect(FileManager.default.contentsOfDirectory(atPath: out.path), equals: ["Out"])
        let a = String(decoding: try Data(contentsOf: out.appendingPathComponent("Out/A.md")), as: UTF8.self)
        expect(
            a, equals: """
                ---
                tags: [out]
                ---
                See the plan, our plan, Plan > Goals, Plan, Plan and [B](B.md) [[B]].
                Broken [[Nowhere]] and [web](https://example.com) stay.

                """, "\(a)")
        let b = String(decoding: try Data(contentsOf: out.appendingPathComponent("Out/B.md")), as: UTF8.self)
        expect(b, equals: "---\ntags: [out]\n---\nBack to [A](A.md) and Plan.\n")
        try expect(vault.snapshot(), equals: before)
    }

    @Test func importRestoresColorsTheVaultDoesNotHave() throws {
        let source = try TempVault.example()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("notez-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("export.json").path
        try expect(Mutation.run(source, ["export", "--out", file]).status, equals: 0)

        // Round trip into an empty vault: every color comes back.
        let empty = try TempVault()
        let imported = try Mutation.run(empty, ["import", file])
        expect(imported.status, equals: 0, "\(imported.stderr)")
        expect(imported.stderr.contains("tag 'space travel': color #3A7BD5 imported"), "\(imported.stderr)")
        expect(imported.stderr.contains("folder 'Work/Projects/Alpha': color orange imported"))
        let tags = try JSONSerialization.jsonObject(with: Data(try Mutation.run(empty, ["tag", "list", "--json"]).stdout.utf8))
            as! [[String: Any]]
        let colors = Dictionary(uniqueKeysWithValues: tags.compactMap { tag in (tag["color"] as? String).map { (tag["name"] as! String, $0) } })
        expect(colors["ideas"] == "yellow" && colors["space travel"] == "#3A7BD5" && colors["project/beta"] == "purple", "\(colors)")
        let folders = String(decoding: try Data(contentsOf: empty.url.appendingPathComponent(".notez/folders.yaml")), as: UTF8.self)
        for line in [#""Work": {color: "blue"}"#, #""Work/Projects/Alpha": {color: "orange"}"#, ##""Reading": {color: "#8E44AD"}"##] {
            expect(folders.contains(line), "\(folders)")
        }
        // Undo takes the colors away with the notes.
        try expect(Mutation.run(empty, ["undo"]).status, equals: 0)
        expect(!FileManager.default.fileExists(atPath: empty.path + "/.notez/folders.yaml"))
        expect(!FileManager.default.fileExists(atPath: empty.path + "/.notez/tags.yaml"))

        // A vault with colors of its own keeps them, and says so; an uncolored tag gets one.
        let own = try TempVault()
        try own.write("Work/.keep", "")
        try own.write(".notez/tags.yaml", "\"ideas\": {color: \"red\"}\n\"someday\": {}\n\"project/alpha\": {}\n")
        try own.write(".notez/folders.yaml", "\"Work\": {color: \"green\"}\n")
        let kept = try Mutation.run(own, ["import", file, "--into", "Work"])
        expect(kept.status, equals: 0, "\(kept.stderr)")
        expect(kept.stderr.contains("tag 'ideas' keeps its color red (the export has yellow)"), "\(kept.stderr)")
        let ownTags = String(decoding: try Data(contentsOf: own.url.appendingPathComponent(".notez/tags.yaml")), as: UTF8.self)
        expect(ownTags.contains(#""ideas": {color: "red"}"#) && ownTags.contains(#""project/alpha": {color: "blue"}"#), "\(ownTags)")
        let ownFolders = String(decoding: try Data(contentsOf: own.url.appendingPathComponent(".notez/folders.yaml")), as: UTF8.self)
        // --into Work: the export's folders land below it; the vault's own Work keeps green.
        expect(ownFolders.contains(#""Work": {color: "green"}"#) && ownFolders.contains(#""Work/Work": {color: "blue"}"#), "\(ownFolders)")
    }

    @Test func hostileColorsAreLeftOut() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("notez-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("hostile.json")
        let json = #"""
            {"format": "notez-export", "version": 1, "notes": [{"path": "N.md", "frontMatterText": "", "body": "x\n"}],
             "tags": [{"name": "a\nb: {color: red}", "color": "red"}, {"name": "ok", "color": "javascript:alert(1)"}, {"name": "fine", "color": "teal"}],
             "folders": [{"path": "../outside", "color": "red", "children": []}]}
            """#
        try Data(json.utf8).write(to: file)
        let vault = try TempVault()
        let refused = try Mutation.run(vault, ["import", file.path])
        // An unsafe folder path refuses the whole file, as for notes.
        expect(refused.status, equals: 4, "\(refused.stderr)")
        expect(!FileManager.default.fileExists(atPath: vault.path + "/N.md"))
        try Data(json.replacingOccurrences(of: "../outside", with: "Fine").utf8).write(to: file)
        let result = try Mutation.run(vault, ["import", file.path])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stderr.contains("not imported"), "\(result.stderr)")
        let tags = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(".notez/tags.yaml")), as: UTF8.self)
        expect(tags.hasSuffix("\"fine\": {color: \"teal\"}\n") && !tags.contains("javascript") && !tags.contains("a\nb"), "\(tags)")
    }
}
