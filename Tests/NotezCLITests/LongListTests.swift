import Foundation
import Testing
import NotezTestSupport

/// Lists long enough to be formatted on several cores in chunks (`NoteRows`): every row is still
/// there once, in list order, laid out exactly as the JSON of the same list says.
@Suite struct LongListTests {
    /// 2,600 notes (three chunks of rows) in nested folders, with tag spellings that differ from
    /// the display name, pinned notes, a control character in a title and notes without a snippet.
    private func longVault() throws -> TempVault {
        let vault = try TempVault()
        for number in 0..<2600 {
            let folder = ["", "Work", "Work/Meetings", "Home", "Archive/2024"][number % 5]
            let spelling = number % 3 == 0 ? "Idea" : "idea"
            let pinned = number % 97 == 0 ? "pinned: true\n" : ""
            // YAML's `\a` is the bell character, which a row shows as an escape.
            let title = number == 1234 ? "Bell\\aringer" : "Note \(number)"
            let body = number % 7 == 0 ? "" : "Body of note \(number) with words.\n"
            let day = String(format: "2024-%02d-%02dT%02d:%02d:00Z", number % 12 + 1, number % 28 + 1, number % 24, number % 60)
            try vault.write(
                (folder.isEmpty ? "" : folder + "/") + "n\(number).md",
                "---\ntitle: \"\(title)\"\ntags: [\(spelling), project/p\(number % 11)]\n"
                    + pinned + "modified: \(day)\n---\n" + body)
        }
        return vault
    }

    /// The rows `ls -r` must print for the notes of its `--json` list (tags there are display names).
    private func expectedRows(_ json: String, color: Bool) throws -> String {
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        func styled(_ escape: String, _ text: String) -> String { color ? "\u{1B}[\(escape)m" + text + "\u{1B}[0m" : text }
        var out = ""
        for note in notes {
            let title = (note["title"] as! String).replacingOccurrences(of: "\u{07}", with: "\\u{7}")
            let folder = note["folder"] as! String
            let tags = (note["tags"] as! [String]).map { "#" + $0 }.joined(separator: " ")
            var head = title
            if !folder.isEmpty { head += styled("2", "  (\(folder))") }
            out += ((note["pinned"] as! Bool) ? "* " : "  ") + styled("1", head)
            if !tags.isEmpty { out += "  " + tags }
            out += "  " + styled("2", String((note["modified"] as! String).prefix(10))) + "\n"
            let snippet = note["snippet"] as! String
            if !snippet.isEmpty { out += "    " + styled("2", snippet) + "\n" }
        }
        return out
    }

    @Test func everyRowOnceInListOrderAsTheJSONSays() throws {
        let vault = try longVault()
        let json = try vault.run(["ls", "-r", "--json"])
        expect(json.status, equals: 0)
        for color in [false, true] {
            let listed = try vault.run(["ls", "-r"] + (color ? ["--color", "always"] : []))
            expect(listed.status, equals: 0)
            expect(listed.stderr.isEmpty)
            // The folder lines come first, then a blank line, then the rows.
            let rows = try #require(listed.stdout.components(separatedBy: "\n\n").dropFirst().first.map { $0 })
            let expected = try expectedRows(json.stdout, color: color)
            expect(rows + (rows.hasSuffix("\n") ? "" : "\n"), equals: expected)
            expect(listed.stdout.contains("Bell\\u{7}ringer"))
        }
        // The streamed listing and the filtered one agree on order, paths and limits.
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]).map { $0["path"] as! String }
        try expect(vault.run(["ls", "-r", "--paths"]).stdout, equals: paths.map { $0 + "\n" }.joined())
        try expect(vault.run(["ls", "-r", "--paths", "--limit", "1500"]).stdout, equals: paths.prefix(1500).map { $0 + "\n" }.joined())
        try expect(vault.run(["ls", "-r", "--paths", "--reverse"]).stdout, equals: paths.reversed().map { $0 + "\n" }.joined())
        let limited = try vault.run(["ls", "-r", "--limit", "1500"]).stdout
        let full = try vault.run(["ls", "-r"]).stdout
        expect(full.hasPrefix(limited) && limited.split(separator: "\n").filter { $0.hasPrefix("  Note") || $0.hasPrefix("* Note") }.count <= 1500)
        // The rows of a search go through the same layout.
        let search = try vault.run(["search", "tag:idea"])
        expect(search.status, equals: 0)
        expect(search.stdout.split(separator: "\n").filter { !$0.hasPrefix("    ") }.count, equals: 2600)
    }
}
