import Foundation
import Testing
import NotezTestSupport

/// `notez export` and `notez import`: the json schema, byte-for-byte round trips, never
/// overwriting, never writing into the vault, and hostile export files.
@Suite struct ExportImportTests {
    /// Note files (not under hidden folders) by path, with their bytes.
    static func notes(_ vault: TempVault) throws -> [String: Data] {
        try vault.snapshot().filter { path, _ in
            let lower = path.lowercased()
            return !path.hasPrefix(".") && !path.contains("/.") && (lower.hasSuffix(".md") || lower.hasSuffix(".markdown"))
        }
    }

    /// A scratch folder outside any vault, removed by the caller's `defer`.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("notez-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A vault with the unusual notes the round trip must keep exactly.
    static func unusualVault() throws -> TempVault {
        let vault = try TempVault.example()
        try vault.write("Odd/crlf.md", "---\r\ntags: [a, b]\r\n---\r\nbody\r\n")
        try vault.write("Odd/bom.md", Data([0xEF, 0xBB, 0xBF] + Array("---\ntitle: BOM\n---\nx\n".utf8)))
        try vault.write("Odd/not utf8.md", Data(Array("---\ntags: [x]\n---\n".utf8) + [0xFF, 0xFE, 0x00, 0x41, 0x0A]))
        try vault.write("Odd/nul.md", Data(Array("text with a NUL".utf8) + [0x00] + Array(" byte\n".utf8)))
        try vault.write("Odd/bad yaml.md", "---\ntags: [a, b\n---\nbody\n")
        try vault.write("Odd/unterminated.md", "---\ntags: [a]\nno closer\n")
        try vault.write("Odd/no final newline.md", "---\npinned: yes\n---\nlast line")
        try vault.write("Odd/nfd-e\u{301}.md", "caf\u{65}\u{301} \u{1F600} \u{202E}rtl\n")
        try vault.write("Odd/dup keys.md", "---\ntitle: a\ntitle: b\n---\n")
        try vault.write("Odd/empty.md", "")
        try vault.write("Odd/Deep/er/still.markdown", "# Deep\n\n<script>alert(1)</script>\n")
        return vault
    }

    @Test func jsonRoundTripsEveryNoteByteForByte() throws {
        let source = try Self.unusualVault()
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("export.json").path
        let before = try source.snapshot()
        let export = try Mutation.run(source, ["export", "--out", file])
        expect(export.status, equals: 0, "\(export.stderr)")
        expect(export.stdout.isEmpty)
        expect(export.stderr.contains("exported 41 notes"))
        // An export is a read: the vault is untouched.
        try expect(source.snapshot(), equals: before)

        let target = try TempVault()
        let imported = try Mutation.run(target, ["import", file])
        expect(imported.status, equals: 0, "\(imported.stderr)")
        expect(imported.stdout.hasSuffix("41 notes imported\n"))
        let sourceNotes = try Self.notes(source).filter { !$0.key.hasPrefix("Templates/") }
        let targetNotes = try Self.notes(target)
        expect(sourceNotes.count, equals: 41)
        expect(Set(targetNotes.keys), equals: Set(sourceNotes.keys))
        for (path, bytes) in sourceNotes { expect(targetNotes[path], equals: bytes, "\(path)") }
        // Empty folders of the export come back too.
        var isFolder: ObjCBool = false
        expect(FileManager.default.fileExists(atPath: target.path + "/Odd/Deep/er", isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func jsonFollowsTheDocumentedSchema() throws {
        let vault = try Self.unusualVault()
        let result = try Mutation.run(vault, ["export", "tag:x", "OR", "folder:Odd"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        expect(
            Set(document.keys), equals: ["format", "version", "exported", "query", "notes", "folders", "tags"])
        expect(document["format"] as? String == "notez-export")
        expect(document["version"] as? Int == 1)
        expect(document["exported"] as? String == Mutation.nowISO)
        expect(document["query"] as? String == "tag:x OR folder:Odd")
        let notes = try #require(document["notes"] as? [[String: Any]])
        expect(notes.count, equals: 11)
        let keys: Set<String> = [
            "path", "title", "folder", "tags", "inlineTags", "pinned", "created", "modified", "frontMatter", "frontMatterError",
            "frontMatterText", "body", "contentBase64",
        ]
        for note in notes {
            expect(Set(note.keys), equals: keys)
            expect(note["path"] is String && note["title"] is String && note["folder"] is String)
            expect(note["tags"] is [String] && note["pinned"] is Bool)
            expect((note["created"] as? String)?.hasSuffix("Z") == true)
            let text = note["body"] is String
            expect(text, equals: (note["contentBase64"] is NSNull))
            expect(text, equals: (note["frontMatterText"] is String))
        }
        // Sorted by path bytes.
        let paths = notes.map { $0["path"] as! String }
        expect(paths, equals: paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        let byPath = Dictionary(uniqueKeysWithValues: notes.map { ($0["path"] as! String, $0) })
        let crlf = try #require(byPath["Odd/crlf.md"])
        expect(crlf["frontMatterText"] as? String == "---\r\ntags: [a, b]\r\n---\r\n")
        expect(crlf["body"] as? String == "body\r\n")
        expect((crlf["frontMatter"] as? [String: Any])?["tags"] as? [String] == ["a", "b"])
        expect(byPath["Odd/not utf8.md"]?["contentBase64"] as? String == "LS0tCnRhZ3M6IFt4XQotLS0K//4AQQo=")
        expect((byPath["Odd/bad yaml.md"]?["frontMatterError"] as? String)?.hasPrefix("line ") == true)
        expect(byPath["Odd/dup keys.md"]?["frontMatterError"] as? String == "duplicate key 'title'")
        let pinned = try #require(byPath["Odd/no final newline.md"]?["frontMatter"] as? [String: Any])
        expect(pinned["pinned"] as? String == "yes")
        expect(byPath["Odd/no final newline.md"]?["pinned"] as? Bool == true)
        // Typed scalars: plain numbers and booleans, quoted ones stay strings.
        let folders = try #require(document["folders"] as? [[String: Any]])
        expect(folders.contains { $0["path"] as? String == "Odd" && $0["count"] as? Int == 11 })
        let tags = try #require(document["tags"] as? [[String: Any]])
        expect(tags.allSatisfy { $0["name"] is String && $0["count"] is Int && $0.keys.contains("color") })
    }

    @Test func frontMatterScalarsBecomeTypedJSON() throws {
        let vault = try TempVault()
        try vault.write(
            "typed.md",
            "---\nn: 12\nf: -1.5e3\nlead: 012\nq: \"12\"\nb: true\nyes: yes\nz: ~\nlist: [1, a]\nmap: {k: v}\n---\n")
        let result = try Mutation.run(vault, ["export"])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(
            result.stdout.contains(
                """
                      "frontMatter": {
                        "n": 12,
                        "f": -1.5e3,
                        "lead": "012",
                        "q": "12",
                        "b": true,
                        "yes": "yes",
                        "z": null,
                        "list": [
                          1,
                          "a"
                        ],
                        "map": {
                          "k": "v"
                        }
                      },
                """))
    }

    @Test func importNeverOverwritesAndUndoRemovesWhatItCreated() throws {
        let vault = try TempVault.example()
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("e.json").path
        try expect(Mutation.run(vault, ["export", "folder:Recipes", "--out", file]).status, equals: 0)
        let before = try vault.snapshot()
        let dry = try Mutation.run(vault, ["import", file, "--dry-run"])
        expect(dry.status, equals: 0)
        expect(dry.stdout.contains("create Personal/Recipes/Lentil soup 2.md"))
        try expect(vault.snapshot(), equals: before)

        let result = try Mutation.run(vault, ["import", file])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stderr.contains("'Personal/Recipes/Lentil soup.md' exists; imported as 'Personal/Recipes/Lentil soup 2.md'"))
        let after = try vault.snapshot()
        let created: Set<String> = [
            "Personal/Recipes/Lentil soup 2.md", "Personal/Recipes/Sourdough bread 2.md", "Personal/Recipes/Weeknight pasta 2.md",
        ]
        Mutation.expectOnly(created, before: before, after: after)
        for path in created { expect(after[path], equals: before[path.replacingOccurrences(of: " 2.md", with: ".md")]) }

        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        Mutation.expectOnly([], before: before, after: try vault.snapshot())
    }

    @Test func importIntoAFolderCreatesTheFolders() throws {
        let source = try TempVault.example()
        let json = try Mutation.run(source, ["export", "folder:Alpha"])
        let target = try TempVault()
        try FileManager.default.createDirectory(atPath: target.path + "/Restored", withIntermediateDirectories: true)
        let result = try Mutation.run(target, ["import", "-", "--into", "Restored"], stdin: json.stdout)
        expect(result.status, equals: 0, "\(result.stderr)")
        let notes = try Self.notes(target)
        expect(notes.count, equals: 3)
        expect(notes["Restored/Work/Projects/Alpha/Launch checklist.md"], equals: (try Self.notes(source))["Work/Projects/Alpha/Launch checklist.md"])
    }

    static func document(path: String, body: String = "\"x\\n\"", extra: String = "") -> String {
        """
        {"format": "notez-export", "version": 1, "notes": [
          {"path": "ok.md", "body": "fine\\n"},
          {"path": \(path), "body": \(body)\(extra)}
        ]}
        """
    }

    @Test(arguments: [
        "\"../escape.md\"", "\"/tmp/abs.md\"", "\".git/hooks.md\"", "\"a/.hidden/x.md\"", "\".notez/config.md\"",
        "\"run.sh\"", "\"a/../../x.md\"", "\"bad\\u0001name.md\"", "\"\"",
    ])
    func hostilePathsRefuseTheWholeFile(path: String) throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["import", "-"], stdin: Self.document(path: path))
        expect(result.status, equals: 4, "\(result.stderr)")
        expect(result.stderr.contains("notez: error: import refused"))
        try expect(vault.snapshot(), equals: before)
        expect(HostileVault.files(in: outside).keys.sorted(), equals: ["keep.txt"])
    }

    @Test(arguments: [
        ("not json", "not a notez json export"),
        ("{\"format\": \"other\", \"version\": 1, \"notes\": []}", "format 'other'"),
        ("{\"format\": \"notez-export\", \"version\": 99, \"notes\": []}", "version 99"),
        (document(path: "\"b.md\"", body: "null"), "neither body nor contentBase64"),
        (document(path: "\"b.md\"", body: "null", extra: ", \"contentBase64\": \"!!\""), "not base64"),
    ])
    func malformedFilesAreUsageErrors(text: String, message: String) throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["import", "-"], stdin: text)
        expect(result.status, equals: 2, "\(result.stderr)")
        expect(result.stderr.contains(message), "\(result.stderr)")
        try expect(vault.snapshot(), equals: before)
    }

    @Test func importNeverWritesThroughASymlinkedFolder() throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Link", withDestinationPath: outside.path)
        let result = try Mutation.run(vault, ["import", "-"], stdin: Self.document(path: "\"Link/x.md\""))
        expect(result.status, equals: 3, "\(result.stderr)")
        expect(result.stderr.contains("Link/x.md: 'Link' is not a folder"))
        expect(HostileVault.files(in: outside).keys.sorted(), equals: ["keep.txt"])
        expect(FileManager.default.fileExists(atPath: vault.path + "/ok.md"))
    }

    @Test func exportRefusesExistingPathsAndPathsInsideTheVault() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        for out in [vault.path + "/export.json", vault.path + "/Work/x.json", vault.path + "/Work"] {
            let result = try Mutation.run(vault, ["export", "--out", out])
            expect(result.status, equals: 4, "\(out): \(result.stderr)")
        }
        let inside = try Mutation.run(vault, ["export", "--format", "markdown", "--out", vault.path + "/copy"])
        expect(inside.status, equals: 4)
        expect(inside.stderr.contains("is inside the vault"))
        try expect(vault.snapshot(), equals: before)
        let missing = try Mutation.run(vault, ["export", "--out", "/nonexistent-folder-notez/x.json"])
        expect(missing.status, equals: 3)
    }

    @Test func markdownExportCopiesTheMatchedNotesExactly() throws {
        let vault = try Self.unusualVault()
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("secret\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/Odd/link.md", withDestinationPath: outside.appendingPathComponent("secret.md").path)
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("md")
        let result = try Mutation.run(vault, ["export", "folder:Odd", "--format", "markdown", "--out", out.path])
        // The symlinked note is left out (its bytes come from outside the vault) and reported.
        expect(result.status, equals: 3, "\(result.stderr)")
        expect(result.stderr.contains("Odd/link.md: symlinked note; not exported"))
        let copy = TempVault(existing: out)
        let exported = try Self.notes(copy)
        let original = try Self.notes(vault).filter { $0.key.hasPrefix("Odd/") && $0.key != "Odd/link.md" }
        expect(exported, equals: original)
        expect(exported.count, equals: 11)
        // Never replaces: a second run into the same folder is refused.
        try expect(Mutation.run(vault, ["export", "--format", "markdown", "--out", out.path]).status, equals: 4)
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func corpusRoundTrip(_ archive: String) throws {
        let source = try CorporaTests.unpack(archive)
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("corpus.json").path
        let export = try Mutation.run(source, ["export", "--out", file])
        expect(export.status, equals: 0, "\(export.stderr)")
        let target = try TempVault()
        let imported = try Mutation.run(target, ["import", file])
        expect(imported.status, equals: 0, "\(imported.stderr.prefix(2000))")
        let listed = try source.run(["ls", "-r", "--json", "--no-snippets"])
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            .map { $0["path"] as! String }
        expect(paths.count > 500)
        let targetNotes = try Self.notes(target)
        expect(targetNotes.count, equals: paths.count)
        for path in paths {
            expect(targetNotes[path], equals: FileManager.default.contents(atPath: source.path + "/" + path), "\(path)")
        }
    }
}
