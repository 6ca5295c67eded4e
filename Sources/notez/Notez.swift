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
            NewCommand.self, EditCommand.self, PinCommand.self, UnpinCommand.self, MvCommand.self, RenameCommand.self, RmCommand.self,
            TrashGroup.self, WatchCommand.self, UndoCommand.self, HistoryCommand.self, RecoverCommand.self, McpCommand.self,
            LinksCommand.self, BacklinksCommand.self, GraphGroup.self, RelatedCommand.self, RecentCommand.self, LogCommand.self, AttachCommand.self, AttachmentsCommand.self,
            TemplateGroup.self, SetCommand.self, TodayCommand.self, DailyCommand.self, SuggestCommand.self, QueueGroup.self,
            ExportCommand.self, ImportCommand.self, SyncCommand.self, MergeDriverCommand.self, OrderCommand.self,
            ServeCommand.self, LspCommand.self, RenameFocusCommand.self, MoveFocusCommand.self, NoteFocusCommand.self, IndexCommand.self,
        ],
        defaultSubcommand: OverviewCommand.self
    )

    /// Asks a running daemon first (the warm path), else runs the command here.
    static func main() {
        let status: Int32
        do {
            var (flags, arguments) = try GlobalFlags.take(Array(CommandLine.arguments.dropFirst()))
            // `--version` alone needs no parser: setting it up reflects every command, most of the run.
            if arguments == ["--version"] {
                Terminal.line(configuration.version)
                Terminal.flush()
                Glibc.exit(0)
            }
            if let script = CompletionScripts.requested(arguments) {
                Terminal.line(script)
                Terminal.flush()
                Glibc.exit(0)
            }
            if ExitCodes.isRequested(arguments) {
                Terminal.line(ExitCodes.text)
                Terminal.flush()
                Glibc.exit(0)
            }
            // The terminal facts are read once, here, before stdout may become the pager's pipe.
            let environment = ProcessInfo.processInfo.environment
            // The user's settings: aliases, named and default vaults become plain arguments here.
            UserSettings.load(environment: environment)
            if arguments == ["---vault-names"] {
                UserSettings.printVaultNames()
                Terminal.flush()
                Glibc.exit(0)
            }
            arguments = try UserSettings.rewrite(
                arguments, environment: environment, currentDirectory: FileManager.default.currentDirectoryPath)
            // An alias's own words may hold the global flags too (`todo: search tag:todo -q`).
            let (aliased, rest) = try GlobalFlags.take(arguments)
            flags.merge(aliased)
            arguments = rest
            // A `NOTEZ_NOW` that cannot be read is refused, never silently replaced by the clock.
            _ = try FixedNow.seconds(environment: environment)
            var warmFacts = TerminalFacts.detect(color: flags.color, pagerAllowed: !flags.noPager, environment: environment)
            warmFacts.quiet = flags.quiet
            if let answered = WarmPath.answer(arguments, facts: warmFacts) {
                status = answered
            } else {
                status =
                    execute(arguments, endsProcess: true) { command in
                        Terminal.facts = TerminalFacts.detect(
                            color: flags.color, pagerAllowed: !flags.noPager && command is PagedCommand, environment: environment)
                        Terminal.facts.quiet = flags.quiet
                        if let pager = Terminal.facts.pager { Pager.start(pager) }
                        return true
                    } ?? 2
            }
        } catch {
            status = report(error)
        }
        Terminal.flush()
        Pager.finish()
        Glibc.exit(status)
    }

    /// Parses and runs a command, mapping every error to the exit status table of the README.
    /// `prepare` sees the parsed command first and may refuse it (nil: a daemon then sends its
    /// client to the cold path); for a daemon (`answering`), arguments that do not parse are refused
    /// too, and `warm` is the session on its live index the command reads from. `endsProcess`: the
    /// process exits after this run (`main`), so the run is kept alive for the kernel to free.
    static func execute(
        _ arguments: [String], answering: Bool = false, warm: Vault? = nil, endsProcess: Bool = false,
        prepare: (ParsableCommand) -> Bool = { _ in true }
    ) -> Int32? {
        let (rest, leadingVault) = VaultOptions.takeLeadingVault(arguments)
        let run = CommandRun(leadingVault: leadingVault, warm: warm, endsProcess: endsProcess)
        if endsProcess { CommandRun.processRun = run }
        defer { run.held.removeAll() }  // its locks end with the run, even when the run is kept
        return CommandRun.$current.withValue(run) { () -> Int32? in
            var command: ParsableCommand
            do {
                command = try parseCommand(rest)
            } catch {
                if answering { return nil }
                if let message = CommandSuggestion.unknownCommand(rest) {
                    Terminal.error(message)
                    return CLIExit.usage
                }
                return report(error)
            }
            if !prepare(command) { return nil }
            // A first run on a large vault answered before writing the cache: refresh it after.
            defer { if !answering { BackgroundIndex.startIfNeeded() } }
            do {
                try command.run()
                return 0
            } catch {
                return report(error)
            }
        }
    }

    /// Parses `arguments` as `parseAsRoot` does. The root's parse sets up the named subcommand's
    /// arguments twice and the default subcommand's once, and a debug build of the argument parser
    /// checks each set it builds (`#if DEBUG`): about 60 of a debug search's 80 ms, in every run the
    /// tests make. A subcommand parsed alone yields the same command when it succeeds; any failure
    /// (a usage error, an unknown word) is parsed again from the root, whose messages name the whole
    /// command path. So is a help request: parsed alone, its usage line would lack `notez` and its
    /// options `--version`, which the root accepts after any subcommand.
    static func parseCommand(_ arguments: [String]) throws -> ParsableCommand {
        if let first = arguments.first, !arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "help" }),
            let subcommand = configuration.subcommands.first(where: {
                $0._commandName == first || $0.configuration.aliases.contains(first)
            }),
            let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst()))
        {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// Prints an error as the README says and returns its exit status.
    private static func report(_ error: Error) -> Int32 {
        if let exit = error as? CLIExit {
            if let message = exit.message { Terminal.error(message) }
            return exit.code
        }
        if let error = error as? NotezError {
            if case .ambiguousNote(let name, let candidates) = error {
                // One candidate a line: only the separators are newlines, every name is made safe.
                Terminal.error(
                    NotezError.ambiguousNote(TerminalText.safe(name), candidates: candidates.map { TerminalText.safe($0) }).description)
            } else {
                Terminal.error(TerminalText.safe(error.description))
            }
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
