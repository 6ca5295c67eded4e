import ArgumentParser
import Foundation
import NotezKit
import NotezLSP

#if canImport(Glibc)
import Glibc
#endif

/// `notez lsp`: the vault in any editor through the Language Server Protocol (stdio); the server
/// is NotezLSP's `NotezLSPServer`. See docs/editors.md.
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the vault to an editor over the Language Server Protocol (stdin/stdout).",
        discussion: """
            Link and tag completion, go to note, backlinks, hover, diagnostics, renames of notes and tags \
            (journaled: 'notez undo' reverses them). The vault is --vault, else the one holding the editor's \
            first workspace folder. See docs/editors.md.
            """)

    @Option(name: .customLong("vault"), help: ArgumentHelp("The vault (default: the one holding the editor's workspace folder).", valueName: "path"), completion: .directory)
    var vaultPath: String?

    func run() throws {
        var root: String?
        if let explicit = vaultPath ?? CommandRun.current?.leadingVault {
            root = try Vault.locate(explicit: explicit).root
        }
        Terminal.flush()
        let status = NotezLSPServer(vault: root, version: Notez.configuration.version).run()
        Glibc.exit(status)
    }
}
