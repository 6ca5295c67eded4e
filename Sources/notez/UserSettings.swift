import Foundation
import NotezKit

/// The user's `config.yaml` (`UserConfig`, whose rules live in NotezKit) applied to a command line:
/// an alias in the command's place, `-V NAME` / `--vault-name NAME`, and the default vault. Done in
/// `main` before the warm path, so a daemon gets the same words the cold path parses.
enum UserSettings {
    /// The settings of this process (read once in `main`; empty in a daemon's requests, which
    /// arrive already rewritten).
    nonisolated(unsafe) static var current = UserConfig()

    /// Reads the file; a malformed one is a warning and no settings, so it never bricks notez.
    static func load(environment: [String: String]) {
        do {
            current = try UserConfig.load(environment: environment)
        } catch {
            Terminal.warning(TerminalText.safe(error.description) + "; the user settings are not used")
        }
    }

    /// `arguments` with the settings applied; an unknown vault name is a usage error.
    static func rewrite(_ arguments: [String], environment: [String: String], currentDirectory: String) throws -> [String] {
        let config = current
        // Leading vault options stay in front; an alias is looked for right after them.
        var lead: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if ["--vault", "-V", "--vault-name"].contains(first), rest.count >= 2 {
                lead += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--vault=") || first.hasPrefix("--vault-name=") {
                lead.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        var words = lead + config.expandingAlias(Array(rest))
        // `-V NAME` anywhere before `--` becomes `--vault PATH`.
        var index = 0
        var hasVault = false
        while index < words.count, words[index] != "--" {
            let word = words[index]
            var name: String?
            if (word == "-V" || word == "--vault-name"), index + 1 < words.count {
                name = words[index + 1]
                words.remove(at: index + 1)
            } else if word.hasPrefix("--vault-name=") {
                name = String(word.dropFirst("--vault-name=".count))
            }
            if let name {
                guard let path = config.vaults[name] else {
                    let known = config.vaults.keys.sorted().joined(separator: ", ")
                    throw CLIExit(
                        code: CLIExit.usage,
                        message: "no vault named '\(TerminalText.safe(name))' in \(UserConfig.path(environment: environment) ?? UserConfig.fileDescription)"
                            + (known.isEmpty ? " (it names none under 'vaults:')" : " (named: \(known))"))
                }
                words[index] = "--vault=" + path
                hasVault = true
            } else if word == "--vault" || word.hasPrefix("--vault=") {
                hasVault = true
            }
            index += 1
        }
        // The default vault, written out so that a daemon answers the same vault.
        let first = words.first { !$0.hasPrefix("-") }
        if !hasVault, first != "init", first != "help", !words.contains("--help"), !words.contains("-h"),
            let vault = config.defaultVault(explicit: nil, environment: environment, currentDirectory: currentDirectory)
        {
            words = ["--vault", vault] + words
        }
        return words
    }

    /// `notez ---vault-names`: the named vaults, one a line, for the completion scripts.
    static func printVaultNames() {
        for name in current.vaults.keys.sorted() where TerminalText.safe(name) == name { Terminal.line(name) }
    }
}
