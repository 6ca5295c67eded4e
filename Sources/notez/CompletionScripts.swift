import ArgumentParser
import Foundation

/// `notez --generate-completion-script SHELL`: the argument parser's script, made to work with the
/// shells Debian ships. Its fish script asks `commandline -tC` for the cursor's place in the
/// current word, which fish before 4.0 reads as an attempt to set the cursor (the completion of
/// notes, folders and tags then fails): there the word's length stands for it (the cursor is at
/// the end of the word being completed). Each of its 700-odd `complete` lines has a condition that
/// parses the whole command line again to see whether the line's subcommand is its own: 0.4-1.4 s
/// of fish's CPU for one TAB. Here the subcommands a command line names are parsed once and kept
/// until the line changes, and a condition for another subcommand fails at once (0.07-0.29 s).
enum CompletionScripts {
    /// The script asked for by `arguments`, nil when they ask for none (or name an unknown shell,
    /// which the parser reports).
    static func requested(_ arguments: [String]) -> String? {
        guard let at = arguments.firstIndex(where: { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") })
        else { return nil }
        let word = arguments[at]
        let name = word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : at + 1 < arguments.count ? arguments[at + 1] : ""
        guard let shell = CompletionShell(rawValue: name) else { return nil }
        return script(for: shell)
    }

    /// The script for `shell`.
    static func script(for shell: CompletionShell) -> String {
        let script = GlobalOptionCompletion.patch(CompletionModel.completionScript(for: shell), shell: shell.rawValue)
        guard shell == .fish else { return script }
        let helper = """
            function __notez_cursor_in_token
                if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
                    commandline -tC
                else
                    string length -- (commandline -ct)
                end
            end

            # The subcommands the command line names depend on the line alone: parsed once per line.
            set -e __notez_parsed_line
            function __notez_commands_are -a expected_commands
                set -l line (commandline -pc | string collect)
                if not set -q __notez_parsed_line; or test "$__notez_parsed_line" != "$line"
                    set -l non_repeating_flags_or_options
                    set -l non_repeating_flags_or_options_absent 0
                    set -l positional_index 0
                    set -l commands
                    __notez_parse_tokens
                    set -g __notez_parsed_line $line
                    set -g __notez_parsed_commands "$commands"
                end
                test "$__notez_parsed_commands" = "$expected_commands"
            end


            """
        var patched = script.replacingOccurrences(of: "(__notez_tokens -tC)", with: "(__notez_cursor_in_token)")
        for condition in ["flags_or_options -a expected_commands", "positional -a expected_commands positional_index_comparison"] {
            guard let header = patched.range(of: "function __notez_should_offer_completions_for_" + condition),
                let end = patched[header.upperBound...].firstIndex(of: "\n")
            else { continue }
            patched.insert(contentsOf: "\n    __notez_commands_are \"$expected_commands\"; or return 1", at: end)
        }
        // Before the first `complete` line, after the helper functions.
        guard let first = patched.range(of: "\ncomplete -c ") else { return patched + "\n" + helper }
        return patched.replacingCharacters(in: first, with: "\n" + helper + "complete -c ")
    }
}

/// The command tree of `notez` with the global options declared on the root, for the completion
/// scripts only (`GlobalOptionCompletion` copies them into every subcommand): `notez --vault V search --tag <TAB>` must see `--vault V` as an option and `search`
/// as the subcommand. The real root declares none: the options are taken out of the arguments
/// before parsing (`VaultOptions.takeLeadingVault`, `GlobalFlags.take`), and a root `--vault` would
/// take the subcommand's `--vault` from it (the parser gives a parent's option the value wherever
/// it is written).
struct CompletionModel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Notez.configuration.commandName, abstract: Notez.configuration.abstract,
        subcommands: Notez.configuration.subcommands, defaultSubcommand: Notez.configuration.defaultSubcommand)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The vault folder for any subcommand (default: $NOTEZ_VAULT, else the nearest folder with .notez/, else the current folder).",
            valueName: "path"),
        completion: .directory)
    var vault: String?

    @Option(name: .long, help: ArgumentHelp("Colors: auto, always or never.", valueName: "when"), completion: .list(["auto", "always", "never"]))
    var color: String?

    @Flag(name: .customLong("no-pager"), help: "Do not page long output.")
    var noPager = false

    @Flag(name: .shortAndLong, help: "No notices or progress on stderr (warnings and errors stay).")
    var quiet = false

    @Option(
        name: [.customShort("V"), .customLong("vault-name")], help: ArgumentHelp("A vault named in the user settings.", valueName: "name"),
        completion: .shellCommand("notez ---vault-names 2>/dev/null"))
    var vaultName: String?
}
