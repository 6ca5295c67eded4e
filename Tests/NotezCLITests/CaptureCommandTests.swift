import Foundation
import Testing
import NotezTestSupport

/// `new --template/--prop`, `template list|show`, `set`, `today`/`daily`, and schema findings in `check`.
@Suite struct CaptureCommandTests {
    static let config = """
        templates:
          Work/Meetings: meeting
        properties:
          Work:
            status: {type: select, options: [todo, doing, done], required: true}
            due: date
        daily: {folder: Journal/Days, format: "YYYY-MM-DD ddd", template: daily}

        """

    static func vault() throws -> TempVault {
        let vault = try TempVault.example()
        let existing = try String(contentsOf: vault.url.appendingPathComponent(".notez/config.yaml"), encoding: .utf8)
        try vault.write(".notez/config.yaml", existing + config)
        try vault.write(".notez/templates/meeting.md", "---\ntitle: {{title}}\nstatus: todo\ndate: {{date}}\n---\n# {{title}}\n\n{{stdin}}\n")
        try vault.write(".notez/templates/daily.md", "---\ntags: [daily]\n---\n# {{date}}\n\n## Log\n")
        return vault
    }

    @Test func newUsesTheFoldersDefaultTemplateWithTypedProperties() throws {
        let vault = try Self.vault()
        let before = try vault.snapshot()
        let result = try Mutation.run(
            vault, ["new", "Standup: Monday", "--folder", "Work/Meetings", "--prop", "due=2026-11-20", "--tag", "team"],
            stdin: "notes from stdin\n")
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stdout, equals: "Work/Meetings/Standup- Monday.md\n")
        let after = try vault.snapshot()
        Mutation.expectOnly(["Work/Meetings/Standup- Monday.md"], before: before, after: after)
        expect(
            Mutation.text(after["Work/Meetings/Standup- Monday.md"]), equals: "---\ntitle: \"Standup: Monday\"\nstatus: todo\ndate: 2026-11-18\ntags: [team]\ndue: 2026-11-20\n---\n# Standup: Monday\n\nnotes from stdin\n"
        )
    }

    @Test func badPropertiesAndTemplatesAreUsageErrorsThatWriteNothing() throws {
        let vault = try Self.vault()
        let before = try vault.snapshot()
        for (args, message) in [
            (["new", "x", "--folder", "Work", "--prop", "status=later"], "not one of: todo, doing, done"),
            (["new", "x", "--folder", "Work", "--prop", "due=soon"], "not a date"),
            (["new", "x", "--prop", "../../etc=1"], "not a property name"),
            (["new", "x", "--prop", "tags=a"], "managed by notez"),
            (["new", "x", "--prop", "novalue"], "key=value"),
            (["new", "x", "--template", "missing"], "no template 'missing'"),
            (["new", "x", "--template", "../../etc/passwd"], "not a template name"),
        ] {
            let result = try Mutation.run(vault, args)
            expect(result.status, equals: 2, "\(args): \(result.stderr)")
            expect(result.stderr.contains(message), "\(args): \(result.stderr)")
        }
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func unknownPlaceholderNamesTheLine() throws {
        let vault = try Self.vault()
        try vault.write(".notez/templates/broken.md", "# {{title}}\n\n{{author}}\n")
        let show = try vault.run(["template", "show", "broken"])
        expect(show.status, equals: 3)
        expect(show.stderr.contains(".notez/templates/broken.md:3:1: unknown placeholder {{author}}"))
        let new = try Mutation.run(vault, ["new", "x", "--template", "broken"])
        expect(new.status, equals: 3)
        expect(!FileManager.default.fileExists(atPath: vault.path + "/x.md"))
    }

    @Test func templateListShowsDefaults() throws {
        let vault = try Self.vault()
        let list = try vault.run(["template", "list"])
        expect(list.stdout, equals: "daily\nmeeting  (default in Work/Meetings)\n")
        let json = try vault.run(["template", "list", "--json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        expect(decoded?.map { $0["name"] as? String } == ["daily", "meeting"])
        expect(decoded?.last?["folders"] as? [String] == ["Work/Meetings"])
        let show = try vault.run(["template", "show", "daily"])
        expect(show.status, equals: 0)
        expect(show.stdout, equals: "---\ntags: [daily]\n---\n# {{date}}\n\n## Log\n")
    }

    @Test func templateSymlinkIsNotFollowed() throws {
        let vault = try Self.vault()
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/.notez/templates/evil.md", withDestinationPath: "/etc/passwd")
        let result = try Mutation.run(vault, ["new", "x", "--template", "evil"])
        expect(result.status, equals: 4)
        expect(!FileManager.default.fileExists(atPath: vault.path + "/x.md"))
    }

    @Test func setWritesSurgicallyValidatesAndUndoes() throws {
        let vault = try Self.vault()
        let path = "Work/Quarterly goals.md"
        let original = try String(contentsOf: vault.url.appendingPathComponent(path), encoding: .utf8)
        let bad = try Mutation.run(vault, ["set", "Quarterly goals", "status=someday"])
        expect(bad.status, equals: 2)
        let result = try Mutation.run(vault, ["set", "Quarterly goals", "status=Doing", "due=2026-12-31", "owner=Ana: lead"])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stdout, equals: "updated \(path)\n")
        let changed = try String(contentsOf: vault.url.appendingPathComponent(path), encoding: .utf8)
        let block = original.components(separatedBy: "\n---\n")[0]
        expect(changed.hasPrefix(block + "\nstatus: doing\ndue: 2026-12-31\nowner: \"Ana: lead\"\n---\n"))
        expect(changed.hasSuffix(original.dropFirst(block.count + 5)))
        let required = try Mutation.run(vault, ["set", "Quarterly goals", "status="])
        expect(required.status == 2 && required.stderr.contains("required"))
        let removed = try Mutation.run(vault, ["set", "Quarterly goals", "owner="])
        expect(removed.status, equals: 0)
        expect(try !String(contentsOf: vault.url.appendingPathComponent(path), encoding: .utf8).contains("owner:"))
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(String(contentsOf: vault.url.appendingPathComponent(path), encoding: .utf8), equals: original)
    }

    @Test func setRefusesHostileInput() throws {
        let vault = try Self.vault()
        let before = try vault.snapshot()
        for args in [
            ["set", "Quarterly goals", "../x=1"], ["set", "Quarterly goals", "pinned=true"],
            ["set", "Quarterly goals", "owner=a\nb: c"], ["set", "../../etc/passwd", "a=1"],
            ["set", "Quarterly goals", "owner=" + String(repeating: "x", count: 5000)],
        ] {
            let result = try Mutation.run(vault, args)
            expect(result.status, equals: 2, "\(args): \(result.stderr)")
        }
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func checkReportsSchemaViolations() throws {
        let vault = try Self.vault()
        let result = try vault.run(["check"])
        expect(result.status, equals: 1)
        expect(result.stdout.contains("Work/Quarterly goals.md: property status: required property is missing"))
        try expect(Mutation.run(vault, ["set", "Quarterly goals", "status=done"]).status, equals: 0)
        expect(try !vault.run(["check"]).stdout.contains("Work/Quarterly goals.md: property"))
    }

    @Test func todayTwiceOpensTheSameNote() throws {
        let vault = try Self.vault()
        // 2026-11-18T11:06:40Z is still the 18th in Tokyo (UTC+9) but already the 19th on Kiritimati (UTC+14).
        let tokyo = try Mutation.run(vault, ["today", "--dry-run"], environment: ["TZ": "Asia/Tokyo"])
        expect(tokyo.stdout.contains("Journal/Days/2026-11-18 Wed.md"))
        let environment = ["TZ": "Pacific/Kiritimati"]
        let first = try Mutation.run(vault, ["today"], environment: environment)
        expect(first.status, equals: 0, "\(first.stderr)")
        expect(first.stdout, equals: "Journal/Days/2026-11-19 Thu.md\n")
        let text = try String(contentsOf: vault.url.appendingPathComponent("Journal/Days/2026-11-19 Thu.md"), encoding: .utf8)
        expect(text, equals: "---\ntags: [daily]\n---\n# 2026-11-19\n\n## Log\n")
        let before = try vault.snapshot()
        let second = try Mutation.run(vault, ["today"], environment: environment)
        expect(second.stdout, equals: first.stdout)
        try expect(vault.snapshot(), equals: before)
        let other = try Mutation.run(vault, ["daily", "2026-01-02"], environment: environment)
        expect(other.stdout, equals: "Journal/Days/2026-01-02 Fri.md\n")
        try expect(Mutation.run(vault, ["daily", "../2026"]).status, equals: 2)
    }

    @Test func dailyRefusesASymlinkedFolder() throws {
        let vault = try Self.vault()
        let outside = try TempVault()
        try FileManager.default.createDirectory(atPath: vault.path + "/Journal", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Journal/Days", withDestinationPath: outside.path)
        let result = try Mutation.run(vault, ["today"])
        expect(result.status, equals: 4, "\(result.stderr)")
        expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }
}
