import ArgumentParser
import Foundation
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
        discussion: GlobalFlags.help,
        version: "0.1.0",
        subcommands: [
            OverviewCommand.self, LsCommand.self, ShowCommand.self,
            SearchCommand.self, TagGroup.self, FolderGroup.self, CheckCommand.self, InitCommand.self,
            NewCommand.self, EditCommand.self, PinCommand.self, UnpinCommand.self, MvCommand.self, RmCommand.self,
            TrashGroup.self, WatchCommand.self, UndoCommand.self, HistoryCommand.self, RecoverCommand.self, McpCommand.self,
        ],
        defaultSubcommand: OverviewCommand.self
    )

    /// Runs a command and maps every error to the exit status table of the README.
    static func main() {
        let status: Int32
        do {
            let (flags, arguments) = try GlobalFlags.take(Array(CommandLine.arguments.dropFirst()))
            if ExitCodes.isRequested(arguments) {
                Terminal.line(ExitCodes.text)
                Terminal.flush()
                Glibc.exit(0)
            }
            var command = try parseAsRoot(VaultOptions.takeLeadingVault(arguments))
            // The terminal facts are read once, here, before stdout may become the pager's pipe.
            Terminal.facts = TerminalFacts.detect(
                color: flags.color, pagerAllowed: !flags.noPager && command is PagedCommand,
                environment: ProcessInfo.processInfo.environment)
            if let pager = Terminal.facts.pager { Pager.start(pager) }
            try command.run()
            status = 0
        } catch let exit as CLIExit {
            if let message = exit.message { Terminal.error(message) }
            status = exit.code
        } catch let error as NotezError {
            Terminal.error(TerminalText.safe(error.description))
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
        Pager.finish()
        Glibc.exit(status)
    }
}
