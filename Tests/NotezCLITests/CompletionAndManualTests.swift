import Foundation
import Testing
import NotezTestSupport

/// Shell completions (static scripts and the dynamic candidates notez gives them), the manual's
/// source (`--experimental-dump-help`) and `notez help exit-codes`.
@Suite struct CompletionAndManualTests {
    /// What the completion scripts run for the last word of `words` (cursor at its end), as
    /// `notez ---completion SUBCOMMAND... -- ARGUMENT CWORD CURSOR WORDS...`.
    private func complete(
        _ vault: TempVault, _ path: [String], _ argument: String, _ words: [String], in directory: URL? = nil
    ) throws -> [String] {
        let position = words.count - 1
        let result = try CLIRunner.run(
            ["---completion"] + path + ["--", argument, String(position), String(words[position].count)] + words,
            in: directory ?? vault.url)
        expect(result.status, equals: 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func scriptsForEveryShellAreGeneratedAndParse() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLIRunner.run(["--generate-completion-script", shell])
            expect(script.status, equals: 0)
            // Dynamic candidates: the scripts call back into notez for notes, folders and tags.
            expect(script.stdout.contains("---completion show -- positional@0"), "\(shell)")
            expect(script.stdout.contains("---completion ls -- --tag"), "\(shell)")
        }
        // fish: both kinds of condition ask the kept parse of the line first (a change in the argument
        // parser's script would leave fish slow, not wrong, so the shell tests would not notice).
        let fish = try CLIRunner.run(["--generate-completion-script", "fish"]).stdout
        expect(fish.components(separatedBy: "__notez_commands_are \"$expected_commands\"; or return 1").count - 1, equals: 2)
        let bash = try CLIRunner.run(["--generate-completion-script", "bash"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notez-completion-\(UUID().uuidString).bash")
        try Data(bash.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try expect(CLIRunner.runShell("bash -n '\(file.path)'").status, equals: 0)
    }

    @Test func notesFoldersAndTagsAreCompletedFromTheVault() throws {
        let vault = try TempVault.example()
        try expect(complete(vault, ["show"], "positional@0", ["notez", "show", "Q"]), equals: ["Q3 2024 goals", "Quick capture"])
        try expect(complete(vault, ["ls"], "positional@0", ["notez", "ls", "work/p"]), equals: ["Work/Projects", "Work/Projects/Alpha", "Work/Projects/Beta"])
        try expect(complete(vault, ["ls"], "--tag", ["notez", "ls", "--tag", "proj"]), equals: ["project", "project/alpha", "project/beta"])
        try expect(complete(vault, ["tag", "merge"], "positional@0", ["notez", "tag", "merge", "space"]), equals: ["space travel"])
        // From another folder, the vault named on the command line is the one completed.
        let elsewhere = FileManager.default.temporaryDirectory
        try expect(
            complete(vault, ["show"], "positional@0", ["notez", "show", "--vault", vault.path, "Q"], in: elsewhere), equals: ["Q3 2024 goals", "Quick capture"])
        // Completion reads only: nothing in the vault changes.
        let before = try vault.snapshot()
        _ = try complete(vault, ["show"], "positional@0", ["notez", "show", ""])
        try expect(vault.snapshot(), equals: before)
    }

    @Test func hostileVaultsCompleteNothingDangerous() throws {
        let vault = try TempVault.example()
        try vault.write("Evil.md", "---\ntitle: \"line\\nbreak\"\ntags: [\"a\\u001B[31mred\"]\n---\n")
        let notes = try complete(vault, ["show"], "positional@0", ["notez", "show", ""])
        expect(notes.contains("Quick capture"))
        expect(!notes.contains { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        let tags = try complete(vault, ["ls"], "--tag", ["notez", "ls", "--tag", ""])
        expect(tags.contains("work") || tags.contains("Work"))
        expect(!tags.contains { $0.unicodeScalars.contains { $0.value < 0x20 } })
        // No vault there: no candidates, no error, nothing created.
        let empty = try TempVault()
        expect(try complete(empty, ["show"], "positional@0", ["notez", "show", "x"]).isEmpty)
        expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
    }

    /// The root command of `notez --experimental-dump-help`: the argument parser's own account of
    /// every command, which the manual and completion scripts are generated from.
    private func dumpedRootCommand() throws -> [String: Any] {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        expect(dump.status, equals: 0)
        let info = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        return info?["command"] as? [String: Any] ?? [:]
    }

    @Test func manualSourceCoversEveryCommand() throws {
        let command = try dumpedRootCommand()
        let names = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        expect(Set(names).isSuperset(of: ["ls", "search", "show", "tag", "folder", "trash", "mcp", "undo", "history"]))
    }

    /// The argument parser checks its own definitions only in a debug build, and `make test` builds
    /// without `DEBUG`: the two checks that would reject a definition are made here, from the dump.
    @Test func everyCommandHasUniqueNamesAndNoPositionalAfterARepeatedOne() throws {
        var pending = [try dumpedRootCommand()]
        var commands = 0
        while let command = pending.popLast() {
            commands += 1
            let name = command["commandName"] as? String ?? "?"
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            var seen = Set<String>()
            for argument in arguments {
                for spelling in argument["names"] as? [[String: Any]] ?? [] {
                    let key = "\(spelling["kind"] as? String ?? "") \(spelling["name"] as? String ?? "")"
                    expect(seen.insert(key).inserted, "\(name): \(key) is defined twice")
                }
            }
            let positionals = arguments.filter { $0["kind"] as? String == "positional" }
            for positional in positionals.dropLast() {
                expect(positional["isRepeating"] as? Bool != true, "\(name): a positional follows a repeated one")
            }
            pending += command["subcommands"] as? [[String: Any]] ?? []
        }
        expect(commands > 40, "\(commands) commands in the dump")
    }

    /// `notez CMD --help` is parsed from the root (`Notez.parseCommand` parses other requests for
    /// CMD alone), so it prints what `notez help CMD` prints, for every command and for
    /// subcommands of groups.
    @Test func helpOfACommandNamesTheTool() throws {
        let names = (try dumpedRootCommand()["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        expect(names.count > 40, "\(names.count) commands in the dump")
        // `CMD --help`, `CMD -h` and `help CMD` print one text: the usage line names the tool, and
        // `--version`, which the root accepts after any command, is listed each time.
        for name in names where name != "help" {
            let help = try CLIRunner.run([name, "--help"])
            expect(help.status, equals: 0, "\(name): \(help.stderr)")
            let usage = help.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") } ?? ""
            expect(usage.hasPrefix("USAGE: notez \(name)"), "\(name): \(usage)")
            expect(help.stdout.contains("\n  --version "), "\(name): \(help.stdout)")
            expect(try CLIRunner.run(["help", name]).stdout, equals: help.stdout, "\(name)")
        }
        for path in [["tag", "rename"], ["trash", "restore"], ["graph", "path"]] {
            let asked = try CLIRunner.run(path + ["--help"])
            expect(asked.stdout.contains("\nUSAGE: notez \(path.joined(separator: " ")) "), "\(path): \(asked.stdout)")
            expect(try CLIRunner.run(["help"] + path).stdout, equals: asked.stdout, "\(path)")
            expect(try CLIRunner.run(path + ["-h"]).stdout, equals: asked.stdout, "\(path)")
        }
        expect(try CLIRunner.run(["ls", "--version"]).stdout, equals: try CLIRunner.run(["--version"]).stdout)
    }

    @Test func exitCodesAreListedAndMatchTheDocs() throws {
        let result = try CLIRunner.run(["help", "exit-codes"])
        expect(result.status, equals: 0)
        let docs = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/exit-status.md"), encoding: .utf8)
        for code in 0...5 {
            expect(result.stdout.contains("\n  \(code)  "), "\(code)")
            expect(docs.contains("| \(code) |"), "\(code)")
        }
        expect(try CLIRunner.run(["--help"]).stdout.contains("notez help exit-codes"))
    }
}
