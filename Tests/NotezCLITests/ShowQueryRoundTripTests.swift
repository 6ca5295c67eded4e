import Foundation
import Testing
import NotezTestSupport

/// `search --show-query` prints a query that `notez search` accepts back and that finds exactly
/// what the flags found.
@Suite struct ShowQueryRoundTripTests {
    static let values = [
        "a b", "a\"b", "a:b", "-x", "--x", "-h", "OR", "AND", "NOT", "or", "(x)", "x)", "(", "café", "cafe\u{301}", "東京",
        "a\\b", "a\\", "\"", " lead", "trail ", "tab\there", "rtl\u{202E}x", "tag:x", "folder:y", "foo:bar", "-", "é", "a\u{A0}b",
    ]

    /// A vault where every value is a tag, a word of a body, and (when it can be) a folder name.
    /// Each value's case has a vault of its own, so the cases (about 17 `notez` runs each) run in parallel.
    static func vault() throws -> TempVault {
        let vault = try TempVault.example()
        for (number, value) in values.enumerated() {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: [value]), as: UTF8.self)
            let folder = value.contains("/") || value.hasPrefix(".") ? "Tricky" : "Tricky/" + value
            try vault.write("\(folder)/n\(number).md", "---\ntags: \(json)\n---\nxx \(value) yy\n")
        }
        return vault
    }

    @Test(arguments: values)
    func printedQueryMeansWhatTheFlagsMean(_ value: String) throws {
        let vault = try Self.vault()
        let flagSets = [
            ["--tag=" + value], ["--text=" + value], ["--folder=" + value],
            ["--any-tag", value, "--any-tag", "Work", "--not-folder", value, "--text", "xx"],
        ]
        for flags in flagSets {
            let shown = try vault.run(["search"] + flags + ["--show-query"])
            expect(shown.status, equals: 0, "\(flags): \(shown.stderr)")
            expect(shown.stderr, equals: "")
            let query = String(shown.stdout.dropLast())
            let again = try vault.run(["search", query, "--show-query"])
            expect(
                again.status == 0 && again.stdout == shown.stdout,
                "\(flags) printed \(query.debugDescription), read back as \(again.stdout.debugDescription) \(again.stderr)")
            let byFlags = try vault.run(["search"] + flags + ["--paths"])
            let byQuery = try vault.run(["search", query, "--paths"])
            expect(byFlags.status, equals: byQuery.status, "\(flags) vs \(query.debugDescription)")
            expect(byFlags.stdout, equals: byQuery.stdout, "\(flags) vs \(query.debugDescription)")
        }
        // A tag finds at least its own note (tags are read trimmed, so not for " lead").
        if value == value.trimmingCharacters(in: .whitespaces) {
            try expect(vault.run(["search", "--tag=" + value, "--paths"]).status, equals: 0, "\(value.debugDescription)")
        }
    }
}
