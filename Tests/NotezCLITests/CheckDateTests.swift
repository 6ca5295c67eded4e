import Foundation
import Testing
import NotezTestSupport

/// `notez check` names date values it cannot read instead of using the file time in silence.
@Suite struct CheckDateTests {
    @Test func unreadableDatesAreFindings() throws {
        let vault = try TempVault()
        try vault.write("good.md", "---\ncreated: 2024-05-01\ndate: 20230613\nmodified: 1714554000\n---\n")
        try vault.write("empty.md", "---\ncreated:\nmodified: null\n---\n")
        try vault.write("bad.md", "---\ntitle: Bad\ncreated: someday\nDate: 2611-99-99\nupdated: [2024]\n---\nbody created: nope\n")
        try vault.write("crlf.md", "---\r\nlastmod: 13/45/2024\r\n---\r\n")
        let result = try vault.run(["check", "--no-links"])
        expect(result.status, equals: 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        expect(
            lines, equals: [
                "bad.md:3:1: created: 'someday' is not a date notez can read; the file's time is used",
                "bad.md:4:1: Date: '2611-99-99' is not a date notez can read; the file's time is used",
                "bad.md:5:1: updated: a list or mapping is not a date notez can read; the file's time is used",
                "crlf.md:2:1: lastmod: '13/45/2024' is not a date notez can read; the file's time is used",
            ], "\(result.stdout)")
        let json = try vault.run(["check", "--json"])
        expect(json.stdout.contains("created: 'someday' is not a date") && json.stdout.contains("\"line\""), "\(json.stdout)")
    }
}
