import Foundation
import Testing
import NotezTestSupport

/// `--format` (path, json, jsonl, csv, tsv, templates), `--delimiter` and `--sort KEY` with signs,
/// on every listing; the old short forms print the bytes they printed before.
@Suite struct ListFormatTests {
    /// A vault whose names need quoting in CSV and escaping in TSV.
    private func quotingVault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write(".notez/config.yaml", "")
        try vault.write("Plain.md", "---\ntags: [a, b]\ncreated: 2024-01-02\nmodified: 2024-03-04T05:06:07Z\n---\nshort\n")
        try vault.write("Work/Comma, \"quoted\".md", "---\ntags: [x]\ncreated: 2023-05-06\nmodified: 2023-05-07\n---\n" + String(repeating: "long body ", count: 50) + "\n")
        try vault.write("Tab\there.md", "---\ncreated: 2022-01-01\nmodified: 2022-01-01\n---\nback\\slash\n")
        return vault
    }

    @Test func shortFormsAreTheFormatsByteForByte() throws {
        let vault = try TempVault.example()
        for base in [["ls", "-r"], ["ls", "Work"], ["search", "tag:work"], ["search", "soup OR bread", "--sort", "title"]] {
            let json = try vault.run(base + ["--json"])
            let formatJSON = try vault.run(base + ["--format", "json"])
            expect(json.status == 0 && formatJSON.status == 0, "\(base) \(formatJSON.stderr)")
            expect(json.stdout, equals: formatJSON.stdout, "\(base)")
            try expect(vault.run(base + ["--paths"]).stdout, equals: vault.run(base + ["--format", "path"]).stdout, "\(base)")
            try expect(vault.run(base + ["--print0"]).stdout, equals: vault.run(base + ["--format", "path", "--delimiter", "\\0"]).stdout, "\(base)")
            try expect(vault.run(base + ["--paths"]).stdout, equals: vault.run(base + ["--format", "{{path}}"]).stdout, "\(base)")
        }
        for base in [["tag", "list"], ["history"], ["trash", "list"], ["links", "Team handbook"], ["backlinks", "Lentil soup"]] {
            let json = try vault.run(base + ["--json"])
            expect(json.stdout, equals: (try vault.run(base + ["--format", "json"])).stdout, "\(base)")
            // jsonl is the same objects, one a line.
            let lines = try vault.run(base + ["--format", "jsonl"]).stdout.split(separator: "\n")
            let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
            expect(lines.count, equals: array.count, "\(base)")
            for (line, object) in zip(lines, array) {
                let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                expect(NSDictionary(dictionary: parsed).isEqual(to: object), "\(base)")
            }
        }
    }

    @Test func csvQuotesAsRFC4180AndTSVEscapes() throws {
        let vault = try quotingVault()
        let csv = try vault.run(["ls", "-r", "--sort", "path", "--format", "csv"])
        expect(csv.status, equals: 0, "\(csv.stderr)")
        let rows = csv.stdout.components(separatedBy: "\r\n")
        expect(rows[0], equals: "path,title,folder,tags,inlineTags,pinned,created,modified,snippet")
        expect(rows[1], equals: "Plain.md,Plain,,\"a, b\",,false,2024-01-02T00:00:00Z,2024-03-04T05:06:07Z,short")
        expect(rows[2].hasPrefix("Tab\there.md,Tab\there,,,,false,2022-01-01T00:00:00Z,2022-01-01T00:00:00Z,back\\slash"))
        expect(rows[3].hasPrefix("\"Work/Comma, \"\"quoted\"\".md\",\"Comma, \"\"quoted\"\"\",Work,x,,false,"))
        expect(rows.count == 5 && rows[4].isEmpty, "every record ends with CRLF")

        let tsv = try vault.run(["ls", "-r", "--sort", "+path", "--format", "tsv"])
        let lines = tsv.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        expect(lines[0], equals: "path\ttitle\tfolder\ttags\tinlineTags\tpinned\tcreated\tmodified\tsnippet")
        expect(lines[2], equals: "Tab\\there.md\tTab\\there\t\t\t\tfalse\t2022-01-01T00:00:00Z\t2022-01-01T00:00:00Z\tback\\\\slash")
        expect(lines.count, equals: 5)

        // Nothing matched: the header alone (csv) and `[]`-like silence elsewhere, status 1.
        let none = try vault.run(["search", "nothingatall", "--format", "csv"])
        expect(none.status, equals: 1)
        expect(none.stdout, equals: "path,title,folder,tags,inlineTags,pinned,created,modified,snippet\r\n")
    }

    @Test func templatesFieldsDatesListsAndEscapes() throws {
        let vault = try quotingVault()
        let result = try vault.run([
            "ls", "-r", "--sort", "path", "--format", "{{title}}|{{modified:%Y/%m/%d}}|{{tags: }}|{{ size }}|\\{{literal}}\\t{{pinned}}",
        ])
        expect(result.status, equals: 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let size = try FileManager.default.attributesOfItem(atPath: vault.path + "/Plain.md")[.size] as! Int
        expect(lines[0], equals: "Plain|2024/03/04|a b|\(size)|{{literal}}\tfalse")
        expect(lines[1].hasPrefix("Tab\there|2022/01/01||"), "piped values are exact")

        let delimited = try vault.run(["ls", "-r", "--sort", "path", "--format", "{{title}}", "--delimiter", ";"])
        expect(delimited.stdout, equals: "Plain;Tab\there;Comma, \"quoted\";")

        let tags = try vault.run(["tag", "list", "--format", "{{name}}={{count}}"])
        expect(tags.stdout, equals: "a=1\nb=1\nx=1\n")
    }

    @Test func badFormatsAreUsageErrorsThatNameTheProblem() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let cases: [([String], String)] = [
            (["ls", "--format", "{{title}} {{titel}}"], "unknown field 'titel' (did you mean 'title'?); the fields are path, title, folder"),
            (["search", "tag:work", "--format", "{{nope}}"], "unknown field 'nope'"),
            (["tag", "list", "--format", "{{path}}"], "unknown field 'path'"),
            (["ls", "--format", "jsn"], "unknown format 'jsn'; did you mean 'json'?"),
            (["ls", "--format", "{{title"], "'{{' without '}}'"),
            (["ls", "--format", "{{title:%Y}}"], "the field 'title' takes no ':argument'"),
            (["tag", "list", "--format", "path"], "these rows are not notes"),
            (["ls", "--format", "csv", "--delimiter", ";"], "--delimiter applies to --format path and templates, not csv"),
            (["ls", "--delimiter", ";"], "--delimiter needs --format path or a template"),
            (["ls", "--json", "--format", "csv"], "cannot be combined"),
            (["search", "x", "--paths", "--format", "json"], "cannot be combined"),
            (["history", "--json", "--format", "jsonl"], "cannot be combined"),
            (["ls", "--sort", "sise"], "--sort"),
            (["ls", "--sort", "+random"], "--sort"),
        ]
        for (arguments, message) in cases {
            let result = try vault.run(arguments)
            expect(result.status, equals: 2, "\(arguments): \(result.stderr)")
            expect(result.stdout.isEmpty, "\(arguments)")
            expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        try expect(vault.snapshot(), equals: before)
    }

    @Test func sortKeysWithSignsBeforeOrAfter() throws {
        let vault = try quotingVault()
        func paths(_ sort: String) throws -> [String] {
            let result = try vault.run(["ls", "-r", "--sort", sort, "--paths"])
            expect(result.status, equals: 0, "\(sort): \(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        let byPath = ["Plain.md", "Tab\\u{9}here.md", "Work/Comma, \"quoted\".md"]
        try expect(paths("path"), equals: byPath)
        try expect(paths("path+"), equals: byPath)
        try expect(paths("-path"), equals: byPath.reversed())
        try expect(paths("path-"), equals: byPath.reversed())
        try expect(paths("size"), equals: ["Work/Comma, \"quoted\".md", "Plain.md", "Tab\\u{9}here.md"])
        try expect(paths("modified"), equals: ["Plain.md", "Work/Comma, \"quoted\".md", "Tab\\u{9}here.md"])
        try expect(paths("+created"), equals: ["Tab\\u{9}here.md", "Work/Comma, \"quoted\".md", "Plain.md"])
        try expect(paths("-title"), equals: ["Tab\\u{9}here.md", "Plain.md", "Work/Comma, \"quoted\".md"])
        try expect(paths("random").sorted(), equals: byPath.sorted())
        // --reverse still flips whatever order was chosen; search takes the same keys.
        let search = try vault.run(["search", "folder:Work OR tag:a", "--sort", "-created", "--reverse", "--paths"])
        expect(search.stdout, equals: "Work/Comma, \"quoted\".md\nPlain.md\n")
    }
}
