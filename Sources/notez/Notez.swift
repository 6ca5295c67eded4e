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
            TrashGroup.self, WatchCommand.self, UndoCommand.self, HistoryCommand.self, RecoverCommand.self,
        ],
        defaultSubcommand: OverviewCommand.self
    )

    /// Asks a running daemon first (the warm path), else runs the command here.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = WarmPath.answer(arguments) { Glibc.exit(status) }
        let status = execute(arguments) ?? 2
        Terminal.flush()
        Glibc.exit(status)
    }

    /// Parses and runs a command, mapping every error to the exit status table of the README.
    /// `accept` may refuse the parsed command (nil: a daemon then sends its client to the cold path);
    /// arguments that do not parse are refused the same way when `accept` is given.
    static func execute(_ arguments: [String], accept: ((ParsableCommand) -> Bool)? = nil) -> Int32? {
        VaultOptions.leadingVault = nil
        var command: ParsableCommand
        do {
            command = try parseAsRoot(VaultOptions.takeLeadingVault(arguments))
        } catch {
            if accept != nil { return nil }
            return report(error)
        }
        if let accept, !accept(command) { return nil }
        do {
            try command.run()
            return 0
        } catch {
            return report(error)
        }
    }

    /// Prints an error as the README says and returns its exit status.
    private static func report(_ error: Error) -> Int32 {
        if let exit = error as? CLIExit {
            if let message = exit.message { Terminal.error(message) }
            return exit.code
        }
        if let error = error as? NotezError {
            Terminal.error(TerminalText.safe(error.description))
            return CLIExit.code(for: error)
        }
        if exitCode(for: error) == .success {
            Terminal.line(fullMessage(for: error))
            return 0
        }
        // Usage errors from the argument parser are status 2, like every usage error.
        FileHandleOutput.stderr(fullMessage(for: error) + "\n")
        return 2
    }
}
