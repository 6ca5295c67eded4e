import Foundation
import Testing
import NotezTestSupport

/// Typo help: unknown commands and options get the nearest valid ones, exit status 2, nothing run;
/// `-n` is `--limit`; a query word that looks like an option is refused unless it follows `--`.
@Suite struct TypoHelpTests {
    @Test func unknownCommandsAreNamedWithTheNearest() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let cases: [([String], String)] = [
            (["serach", "tag:work"], "notez: error: unknown command 'serach' for 'notez'; did you mean 'notez search'? (see 'notez --help')\n"),
            (["tag", "lst"], "notez: error: unknown command 'lst' for 'notez tag'; did you mean 'notez tag list'? (see 'notez tag --help')\n"),
            (["trash", "retsore", "x"], "notez: error: unknown command 'retsore' for 'notez trash'; did you mean 'notez trash restore'? (see 'notez trash --help')\n"),
            (["zzzz"], "notez: error: unknown command 'zzzz' for 'notez' (see 'notez --help')\n"),
        ]
        for (arguments, message) in cases {
            let result = try vault.run(arguments)
            expect(result.status, equals: 2, "\(arguments)")
            expect(result.stdout.isEmpty)
            expect(result.stderr, equals: message)
        }
        // Valid commands are untouched by the check; `--vault` before the command is looked past.
        try expect(vault.run(["--vault", vault.path, "tag", "list"]).status, equals: 0)
        try expect(vault.snapshot(), equals: before)
    }

    @Test func shortLimitAndOptionLikeQueryWords() throws {
        let vault = try TempVault.example()
        let limited = try vault.run(["search", "tag:work", "-n", "2", "--paths"])
        expect(limited.status, equals: 0, "\(limited.stderr)")
        expect(limited.stdout.split(separator: "\n").count, equals: 2)
        try expect(vault.run(["ls", "-r", "-n", "3", "--paths"]).stdout.split(separator: "\n").count, equals: 3)
        expect(try vault.run(["history", "-n", "1"]).status != 2)

        let typo = try vault.run(["search", "tag:work", "--lmit", "2"])
        expect(typo.status, equals: 2)
        expect(typo.stderr.contains("'--lmit' is not an option of notez search (did you mean '--limit'?)"), "\(typo.stderr)")
        let short = try vault.run(["search", "tag:work", "-x"])
        expect(short.status, equals: 2)
        expect(short.stderr.contains("'-x' is not an option of notez search; to search for it, write it after '--'"))
        // After `--`, and inside one quoted argument, such words are query text (`-x` is NOT x).
        let literal = try CLIRunner.run(["--vault", vault.path, "search", "--count", "--", "tag:work", "-x"])
        expect(literal.status, equals: 0, "\(literal.stderr)")
        try expect(vault.run(["search", "tag:work -x", "--count"]).stdout, equals: literal.stdout)
        // A negated word of several letters stays a query term.
        try expect(vault.run(["search", "tag:work", "-draft", "--count"]).status, equals: 0)
    }
}
