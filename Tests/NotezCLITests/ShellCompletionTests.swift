import Foundation
import Testing
import NotezTestSupport

/// The generated completion scripts, run in the real shells (Debian's bash, zsh and fish, which
/// `make setup` installs) for partial command lines: notes, tags, folders (bare names too),
/// templates, trash items and enums, with `--vault` before the subcommand. A shell that is not
/// installed is skipped, with the reason in the test report.
@Suite(.serialized) struct ShellCompletionTests {
    /// Whether `name` is on PATH.
    static func has(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// A copy of ExampleVault with one note in the trash, and a folder with the scripts.
    final class Setup {
        let vault: TempVault
        let folder: URL

        init() throws {
            vault = try TempVault.example()
            let removed = try vault.run(["rm", "scratch"])
            expect(removed.status, equals: 0, "\(removed.stderr)")
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-shells-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (shell, name) in [("bash", "notez.bash"), ("zsh", "_notez"), ("fish", "notez.fish")] {
                let script = try CLIRunner.run(["--generate-completion-script", shell])
                expect(script.status, equals: 0)
                try Data(script.stdout.utf8).write(to: folder.appendingPathComponent(name))
            }
            try Data(Setup.bashDriver.utf8).write(to: folder.appendingPathComponent("drive.bash"))
            try Data(Setup.zshCapture.utf8).write(to: folder.appendingPathComponent("capture.zsh"))
            try Data(Setup.zshDriver.utf8).write(to: folder.appendingPathComponent("drive.zsh"))
            // Named vaults for `-V NAME`, in the settings of the shells' HOME.
            let settings = folder.appendingPathComponent(".config/notez")
            try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
            try Data("vaults:\n  work: \(vault.path)\n  play: /nonexistent\n".utf8).write(to: settings.appendingPathComponent("config.yaml"))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// The candidates `shell` offers for `line` (the cursor at its end), one per element.
        func complete(_ shell: String, _ line: String) throws -> [String] {
            let line = line.replacingOccurrences(of: "VAULT", with: vault.path)
            let path = CLIRunner.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            let command: String
            switch shell {
            case "bash": command = "bash --norc --noprofile \(quote(folder.path + "/drive.bash")) \(quote(line))"
            case "zsh": command = "zsh -f \(quote(folder.path + "/drive.zsh")) \(quote(folder.path)) \(quote(line))"
            default: command = "fish --no-config -c \(quote("source \(folder.path)/notez.fish; complete -C \(fishQuote(line))"))"
            }
            let result = try CLIRunner.runShell(
                "timeout 30 " + command, environment: ["PATH": path, "HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/.config"])
            expect(result.status, equals: 0, "\(shell) \(line): \(result.stderr)")
            return result.stdout.split(separator: "\n").map { candidate in
                // fish adds a tab and the description; zsh escapes spaces as it would insert them.
                String(candidate.split(separator: "\t", maxSplits: 1).first ?? "").replacingOccurrences(of: "\\ ", with: " ")
            }.filter { !$0.isEmpty }
        }

        private func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        private func fishQuote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }

        /// Sets COMP_WORDS/COMP_CWORD as bash does for the line and calls the function.
        static let bashDriver = """
            source "$(dirname "$0")/notez.bash"
            line="$1"
            read -r -a COMP_WORDS <<< "$line"
            [[ "$line" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="$line"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _notez notez "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """

        /// Loaded into an interactive zsh: completion on TAB, `compadd` printing each match between marks.
        static let zshCapture = """
            PROMPT=
            autoload -Uz compinit
            compinit -u -d "$HOME/zcompdump"
            bindkey '^I' complete-word
            mark () { echo -E - 'CAPTURE-MARK' }
            compprefuncs=( mark )
            comppostfuncs=( mark exit )
            zstyle ':completion:*' list-grouped false
            zstyle ':completion:*' insert-tab false
            compadd () {
                if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
                    builtin compadd "$@"
                    return $?
                fi
                typeset -a __hits
                builtin compadd -A __hits "$@"
                [[ -n $__hits ]] || return
                local i
                for i in {1..$#__hits}; do echo -E - "MATCH:$__hits[$i]"; done
            }
            echo ok
            """

        /// Starts zsh on a pseudo-terminal, types the line and TAB, prints the captured matches.
        static let zshDriver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "fpath=($1 \\$fpath)"
            zpty -w z "source $1/capture.zsh"
            local line
            repeat 100; do
              zpty -r z line || exit 3
              [[ $line == ok* ]] && break
            done
            zpty -w z "$2"$'\\t'
            integer marks=0
            while zpty -r z line; do
              line=${line//$'\\r'/}
              line=${line%$'\\n'}
              if [[ $line == *CAPTURE-MARK* ]]; then
                (( marks++ ))
                (( marks == 2 )) && break
                continue
              fi
              (( marks == 1 )) && [[ $line == MATCH:* ]] && print -r -- "${line#MATCH:}"
            done
            zpty -d z
            """
    }

    /// Partial lines and the candidates every shell must offer for them.
    static let cases: [(line: String, expected: [String])] = [
        ("notez --vault VAULT search --tag proj", ["project", "project/alpha", "project/beta"]),
        ("notez --vault VAULT links Q", ["Q3 2024 goals", "Quick capture"]),
        ("notez --vault VAULT backlinks Red", ["Red lentil soup"]),
        ("notez --vault VAULT ls Alp", ["Alpha"]),
        ("notez --vault VAULT ls Work/Pro", ["Work/Projects", "Work/Projects/Alpha", "Work/Projects/Beta"]),
        ("notez --vault VAULT new Idea --template ", ["daily", "meeting"]),
        ("notez --vault VAULT trash restore ", ["scratch"]),
        ("notez --vault VAULT tag merge space", ["space travel"]),
        ("notez --vault VAULT tag merge x --into proj", ["project", "project/alpha", "project/beta"]),
        ("notez --vault VAULT mv Red", ["Red lentil soup"]),
        ("notez --vault VAULT mv scratch Rec", ["Recipes"]),
        ("notez sync --prefer ", ["local", "remote", "newest"]),
        ("notez --color ", ["auto", "always", "never"]),
        // The global options after the subcommand too, and the values after them.
        ("notez --vault VAULT ls --color ", ["auto", "always", "never"]),
        ("notez --vault VAULT tag list --color a", ["auto", "always"]),
        ("notez --vault VAULT ls --color never Alp", ["Alpha"]),
        ("notez --vault VAULT search --qui", ["--quiet"]),
        ("notez --vault VAULT ls --no-pa", ["--no-pager"]),
        // `-V NAME` from the user settings, before and after the subcommand; the named vault's
        // notes and folders then complete.
        ("notez -V ", ["play", "work"]),
        ("notez --vault-name w", ["work"]),
        ("notez ls -V ", ["play", "work"]),
        ("notez -V work ls Alp", ["Alpha"]),
        ("notez backlinks -V work Red", ["Red lentil soup"]),
        ("notez --vault VAULT search tag:x --format ", ["path", "json", "jsonl", "csv", "tsv"]),
        ("notez --vault VAULT daily to", ["today", "tomorrow"]),
        ("notez --vault VAULT tag color work ", ["blue", "none"]),
        // The graph filters of `search` take a NOTE: titles, as for `links`.
        ("notez --vault VAULT search --links-to Red", ["Red lentil soup"]),
        ("notez --vault VAULT search is:orphan --linked-by Q", ["Q3 2024 goals", "Quick capture"]),
    ]

    private func check(_ shell: String) throws {
        let setup = try Setup()
        for (line, expected) in ShellCompletionTests.cases {
            let offered = try setup.complete(shell, line)
            for candidate in expected {
                expect(offered.contains(candidate), "\(shell): '\(line)' offered \(offered), not '\(candidate)'")
            }
        }
        // A sort key's completion has the signed forms too.
        let sorts = try setup.complete(shell, "notez --vault VAULT ls --sort ")
        expect(Set(["title", "size", "modified-", "random", "word-count", "word-count-"]).isSubset(of: Set(sorts)), "\(shell): \(sorts)")
        // `tag create NAME --color` names a color preset: the global values are not offered there.
        let presets = try setup.complete(shell, "notez --vault VAULT tag create x --color ")
        expect(presets.contains("teal") && !presets.contains("always"), "\(shell): \(presets)")
    }

    @Test(.enabled(if: has("bash"), "bash is not installed")) func bash() throws { try check("bash") }

    @Test(.enabled(if: has("zsh"), "zsh is not installed (make setup installs it)")) func zsh() throws { try check("zsh") }

    @Test(.enabled(if: has("fish"), "fish is not installed (make setup installs it)")) func fish() throws { try check("fish") }
}

/// The completion scripts know `--vault` before the subcommand; the parser must still give a
/// `--vault` after it to the subcommand (a root option would take it, and the command would run
/// on the current folder's vault instead).
@Suite struct GlobalOptionPlacementTests {
    @Test func vaultAfterTheSubcommandNamesTheVaultFromAnotherVaultsFolder() throws {
        let vault = try TempVault.example()
        let other = try TempVault()
        try other.write(".notez/config.yaml", "")
        try other.write("scratch.md", "other vault\n")
        let before = try other.snapshot()
        let listed = try CLIRunner.run(["ls", "--vault", vault.path, "--paths"], in: other.url)
        expect(listed.stdout.contains("Quick capture.md"), "\(listed.stdout)")
        let leading = try CLIRunner.run(["--vault", vault.path, "ls", "--paths"], in: other.url)
        expect(leading.stdout, equals: listed.stdout)
        let removed = try CLIRunner.run(["rm", "scratch", "--vault", vault.path], in: other.url)
        expect(removed.status, equals: 0, "\(removed.stderr)")
        expect(!FileManager.default.fileExists(atPath: vault.path + "/scratch.md"))
        try expect(other.snapshot(), equals: before, "the folder's own vault is untouched")
    }
}
