import ArgumentParser
import NotezKit

/// `--vault PATH`, shared by every command, and opening the vault.
struct VaultOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The vault folder (default: $NOTEZ_VAULT, else the nearest folder with .notez/, else the current folder).", valueName: "path"))
    var vault: String?

    /// The vault root.
    func root() throws -> String {
        try VaultLocator.root(explicit: vault)
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
