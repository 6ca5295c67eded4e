import ArgumentParser
import NotezKit

/// `--vault PATH`, shared by every command, and opening the vault.
struct VaultOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The vault folder (default: $NOTEZ_VAULT, else the nearest folder with .notez/, else the current folder).", valueName: "path"))
    var vault: String?

    /// A `--vault` given before the subcommand (`notez --vault V ls`), which the parser would reject.
    nonisolated(unsafe) static var leadingVault: String?

    /// Removes a leading `--vault PATH` / `--vault=PATH` and remembers it for every command.
    static func takeLeadingVault(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--vault", rest.count >= 2 {
                leadingVault = rest[rest.startIndex + 1]
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--vault=") {
                leadingVault = String(first.dropFirst("--vault=".count))
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        return Array(rest)
    }

    /// The explicit vault, after the subcommand or before it.
    var explicitVault: String? { vault ?? VaultOptions.leadingVault }

    /// The vault root.
    func root() throws -> String {
        try VaultLocator.root(explicit: explicitVault)
    }

    /// The vault's index, after the start-up duties every command performs.
    func loadIndex() throws -> VaultIndex {
        let root = try root()
        for message in StartupDuties.run(root: root) { Terminal.notice(message) }
        return try IndexBuilder.build(root: root)
    }
}

/// `--json`, shared by listings.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (the schema is in the README).")
    var json = false
}

/// `--snippets` / `--no-snippets`, overriding the `snippets` setting.
struct SnippetOptions: ParsableArguments {
    @Flag(name: .long, inversion: .prefixedNo, help: "Show a plain-text snippet under each note (default: the 'snippets' setting).")
    var snippets: Bool?

    /// Whether to show snippets in this run.
    func enabled(_ config: VaultConfig) -> Bool { snippets ?? config.snippets }
}
