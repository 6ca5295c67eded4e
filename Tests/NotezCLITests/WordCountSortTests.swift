import Foundation
import Testing
import NotezTestSupport

/// `--sort word-count` (zk's key): the words of each note's body, read from the files only when
/// this order is asked for; fewest first by default, `+`/`-` either side, ties by path.
@Suite struct WordCountSortTests {
    /// Notes with known word counts; the front matter's words do not count.
    private func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write(".notez/config.yaml", "")
        try vault.write("a.md", "---\ntitle: one two three four five six seven eight\ntags: [x]\n---\nalpha beta\n")
        try vault.write("b.md", "one\ttwo\nthree   four\n\n")
        try vault.write("c.md", "x")
        try vault.write("d.md", "p  q")
        try vault.write("Sub/e.md", "---\ntags: [x]\n---\n" + String(repeating: "word ", count: 10))
        return vault
    }

    @Test func fewestFirstWithSignsAndTiesByPath() throws {
        let vault = try vault()
        func paths(_ args: [String]) throws -> String {
            let result = try vault.run(args + ["--paths"])
            expect(result.status == 0 && result.stderr.isEmpty, "\(args): \(result.stderr)")
            return result.stdout
        }
        let ascending = "c.md\na.md\nd.md\nb.md\nSub/e.md\n"
        try expect(paths(["ls", "-r", "--sort", "word-count"]), equals: ascending)
        try expect(paths(["ls", "-r", "--sort", "+word-count"]), equals: ascending)
        try expect(paths(["ls", "-r", "--sort", "word-count+"]), equals: ascending)
        // Descending keeps ties A to Z by path, as every key does.
        let descending = "Sub/e.md\nb.md\na.md\nd.md\nc.md\n"
        try expect(paths(["ls", "-r", "--sort", "word-count-"]), equals: descending)
        try expect(paths(["ls", "-r", "--sort=-word-count"]), equals: descending)
        try expect(paths(["ls", "-r", "--sort", "word-count", "--reverse"]), equals: "Sub/e.md\nb.md\nd.md\na.md\nc.md\n")
        try expect(paths(["search", "tag:x", "--sort", "word-count-"]), equals: "Sub/e.md\na.md\n")
        try expect(paths(["ls", "-r", "--sort", "word-count", "-n", "2"]), equals: "c.md\na.md\n")
        let csv = try vault.run(["ls", "-r", "--sort", "word-count", "--format", "{{path}}"])
        expect(csv.stdout, equals: ascending)
    }

    /// A note that is a symlink is listed but never read (0 words), whatever it points at; the
    /// order reads only, so no byte changes in the vault or outside it.
    @Test func symlinkedNotesAreNotReadAndNothingIsWritten() throws {
        let vault = try vault()
        let outside = try TempVault()
        try outside.write("secret.md", String(repeating: "secret ", count: 1000))
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/link.md", withDestinationPath: outside.path + "/secret.md")
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()
        let result = try vault.run(["ls", "-r", "--sort", "word-count-", "--paths"])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stdout.hasSuffix("c.md\nlink.md\n"), "the link counts 0 words: \(result.stdout)")
        try expect(vault.snapshot(), equals: before)
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    @Test func unknownKeysAreUsageErrors() throws {
        let vault = try vault()
        for key in ["words", "word-count--", "+word-count-", "wordcount"] {
            let result = try vault.run(["ls", "--sort", key])
            expect(result.status, equals: 2, "\(key): \(result.stderr)")
        }
    }
}
