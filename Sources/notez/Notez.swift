import ArgumentParser
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The root command: `notez` alone shows the overview.
@main
struct Notez: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notez",
        abstract: "Organize a folder of Markdown notes: folders, tags, pins, trash and search.",
        version: "0.1.0",
        subcommands: [
            OverviewCommand.self, LsCommand.self, ShowCommand.self,
            SearchCommand.self, TagGroup.self, FolderGroup.self, CheckCommand.self, InitCommand.self,
            NewCommand.self, EditCommand.self, PinCommand.self, UnpinCommand.self, MvCommand.self, RmCommand.self,
            TrashGroup.self, WatchCommand.self, UndoCommand.self, HistoryCommand.self, RecoverCommand.self, LinksCommand.self, BacklinksCommand.self,
        ],
        defaultSubcommand: OverviewCommand.self
    )

    /// Runs a command and maps every error to the exit status table of the README.
    static func main() {
        let status: Int32
        do {
            var command = try parseAsRoot(VaultOptions.takeLeadingVault(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            status = 0
        } catch let exit as CLIExit {
            if let message = exit.message { Terminal.error(message) }
            status = exit.code
        } catch let error as NotezError {
            if case .ambiguousNote(let name, let candidates) = error {
                // One candidate a line: only the separators are newlines, every name is made safe.
                Terminal.error(NotezError.ambiguousNote(TerminalText.safe(name), candidates: candidates.map { TerminalText.safe($0) }).description)
            } else {
                Terminal.error(TerminalText.safe(error.description))
            }
            status = CLIExit.code(for: error)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                status = 0
            } else {
                // Usage errors from the argument parser are status 2, like every usage error.
                FileHandleOutput.stderr(fullMessage(for: error) + "\n")
                status = 2
            }
        }
        Terminal.flush()
        Glibc.exit(status)
    }
}
