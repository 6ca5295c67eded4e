import Foundation
import Testing
import NotezTestSupport

/// `--quiet` / `-q` (zk), before or after the subcommand or inside an alias: no notices and no
/// progress on stderr; stdout, warnings, errors and the exit status are what they are without it.
@Suite struct QuietFlagTests {
    @Test func noticesGoWarningsErrorsAndStatusStay() throws {
        let vault = try TempVault.example()
        // `search` with no match: a notice on stderr and status 1, quiet or not.
        let loud = try vault.run(["search", "zzzz-nothing"])
        expect(loud.status == 1 && loud.stdout.isEmpty)
        expect(loud.stderr, equals: "notez: no notes match zzzz-nothing\n")
        for words in [["search", "zzzz-nothing", "-q"], ["search", "--quiet", "zzzz-nothing"], ["-q", "search", "zzzz-nothing"]] {
            let quiet = try vault.run(words)
            expect(quiet.status == 1 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(words): \(quiet.stderr)")
        }
        // stdout is the result: unchanged.
        let listed = try vault.run(["search", "tag:work", "--paths"])
        expect(listed.status == 0 && !listed.stdout.isEmpty)
        try expect(vault.run(["search", "tag:work", "--paths", "-q"]).stdout, equals: listed.stdout)
        // Errors are never hidden, nor their status.
        let missing = try vault.run(["show", "No such note at all", "-q"])
        let missingLoud = try vault.run(["show", "No such note at all"])
        expect(missing.status == missingLoud.status && missing.status != 0)
        expect(missing.stderr == missingLoud.stderr && missing.stderr.hasPrefix("notez: error: "), "\(missing.stderr)")
        let usage = try vault.run(["search", "(tag:x", "-q"])
        expect(usage.status == 2 && usage.stderr.contains("notez: error: "), "\(usage.stderr)")
    }

    @Test func changingCommandsKeepTheirResultAndDropTheirNotice() throws {
        let vault = try TempVault.example()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("notez-quiet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let before = try vault.snapshot()
        let loud = try vault.run(["export", "tag:work", "--format", "markdown", "--out", scratch.path + "/loud"])
        expect(loud.status == 0 && loud.stderr.contains("notez: exported "), "\(loud.stderr)")
        let quiet = try vault.run(["export", "tag:work", "--format", "markdown", "--out", scratch.path + "/quiet", "--quiet"])
        expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/quiet").sorted()
        expect(written, equals: (try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/loud").sorted()))
        expect(!written.isEmpty)
        try expect(vault.snapshot(), equals: before, "export reads only")
    }

    /// A warning (here: settings that cannot be read) is printed with `-q`; an alias may carry `-q`.
    @Test func warningsStayAndAliasesMayCarryIt() throws {
        let vault = try TempVault.example()
        let config = try TempVault()
        try config.write("notez/config.yaml", "aliases:\n  hush: \"search -q\"\n")
        let hushed = try vault.run(["hush", "zzzz-nothing"], environment: ["XDG_CONFIG_HOME": config.path])
        expect(hushed.status == 1 && hushed.stderr.isEmpty, "\(hushed.stderr)")
        try config.write("notez/config.yaml", "vault: [unclosed\n")
        let warned = try vault.run(["search", "zzzz-nothing", "-q"], environment: ["XDG_CONFIG_HOME": config.path])
        expect(warned.status, equals: 1)
        expect(warned.stderr.hasPrefix("notez: warning: ") && warned.stderr.contains("the user settings are not used"), "\(warned.stderr)")
        expect(!warned.stderr.contains("no notes match"))
    }

    /// After `--` it is a word of the command, not the flag.
    @Test func afterTheSeparatorItIsAnArgument() throws {
        let vault = try TempVault()
        try vault.write("-q.md", "a note named like the flag\n")
        let shown = try CLIRunner.run(["--vault", vault.path, "show", "--", "-q"])
        expect(shown.status == 0 && shown.stdout.contains("a note named like the flag"), "\(shown.stderr)")
    }
}
