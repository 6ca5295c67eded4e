import ArgumentParser
import Foundation
import NotezKit

/// `notez init`: create `.notez/` with a configuration and its `.gitignore`.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Make this folder a notez vault (creates .notez/).")

    @Argument(help: "The folder to initialize (default: --vault, else the current folder).", completion: .directory)
    var folder: String?

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let root: String
        if let folder {
            root = try Vault.locate(explicit: folder).root
        } else if let explicit = vault.explicitVault {
            root = try Vault.locate(explicit: explicit).root
        } else {
            root = FileManager.default.currentDirectoryPath
        }
        let created = try VaultInitializer.initialize(root: root)
        Terminal.line(
            created
                ? "Initialized a notez vault in \(TerminalText.safe(root))/.notez"
                : "\(TerminalText.safe(root)) is already a notez vault; nothing changed.")
    }
}
