import ArgumentParser
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The client side of the warm path in `main`: read commands are first offered to a running daemon
/// (`notez watch`), which answers from its live index; anything else runs here, cold.
///
/// `NOTEZ_WARM=off` never asks; `NOTEZ_WARM=require` fails with status 6 instead of running cold
/// (for tests and benchmarks that must know which path answered).
enum WarmPath {
    /// Exit status when `NOTEZ_WARM=require` and no daemon answered.
    static let notAnswered: Int32 = 6
    /// Whether the command the first words name (`ls`, `tag list`; none: the default command) is
    /// one a daemon answers, that is, one that conforms to `WarmServable`, the one place they are
    /// declared. The command is found by name first, so that only its own conformance is looked up
    /// at run time (looking up every command's cost milliseconds at each start).
    static func answersWarm(_ words: [String]) -> Bool {
        var command: ParsableCommand.Type = words.isEmpty ? (Notez.configuration.defaultSubcommand ?? Notez.self) : Notez.self
        for word in words {
            guard let sub = command.configuration.subcommands.first(where: { ($0.configuration.commandName ?? $0._commandName) == word })
            else { break }
            command = sub
        }
        return command is any WarmServable.Type
    }

    /// The client's exit status when a daemon answered (its output is written, through the pager
    /// when `facts` has one), else nil.
    static func answer(_ arguments: [String], facts: TerminalFacts) -> Int32? {
        let mode = getenv("NOTEZ_WARM").map { String(cString: $0) } ?? "auto"
        if mode == "off" { return nil }
        let required = mode == "require"
        guard let request = request(arguments, facts: facts) else {
            // A rename or move asks for its notes itself (`WarmFocus`), under the vault lock.
            return required && !plansWithWatch(arguments) ? refuse("not a command the daemon answers") : nil
        }
        switch WarmClient.ask(request, pieces: true) {
        case .answer(let status, let stdout, let stderr):
            return write(status: status, stdout: [stdout], stderr: stderr, facts: facts)
        case .captured(let status, let stdout, let stderr):
            // An answer that came in pieces: written as they came, never joined.
            return write(status: status, stdout: stdout, stderr: stderr, facts: facts)
        case .fallback(let reason):
            return required ? refuse(reason) : nil
        case nil:
            return required ? refuse("no daemon answered") : nil
        }
    }

    /// Writes a daemon's answer (stdout through the pager when `facts` has one) and returns its status.
    private static func write(status: Int32, stdout: [[UInt8]], stderr: [UInt8], facts: TerminalFacts) -> Int32 {
        if let pager = facts.pager, stdout.contains(where: { !$0.isEmpty }) { Pager.start(pager) }
        for piece in stdout where !piece.isEmpty { FileHandleOutput.write(fd: 1, piece) }
        FileHandleOutput.write(fd: 2, facts.quiet ? withoutNotices(stderr) : stderr)
        return status
    }

    /// Whether the command plans with a running watch's help (`WarmFocus`): `rename`, `mv`, and
    /// the edits of named notes (`pin`, `unpin`, `tag remove`, `set`).
    static func plansWithWatch(_ arguments: [String]) -> Bool {
        let words = VaultOptions.takeLeadingVault(arguments).arguments
        guard let first = words.first else { return false }
        return ["rename", "mv", "pin", "unpin", "set"].contains(first) || (first == "tag" && words.dropFirst().first == "remove")
    }

    /// A daemon's stderr without its notices, for `--quiet` (the daemon runs the command with its
    /// own facts): the lines `Terminal.notice` writes, `notez: ` not followed by `error:` or `warning:`.
    static func withoutNotices(_ stderr: [UInt8]) -> [UInt8] {
        let prefix = Array("notez: ".utf8)
        var kept: [UInt8] = []
        var start = 0
        while start < stderr.count {
            let end = stderr[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? stderr.count
            let line = stderr[start..<end]
            let rest = line.dropFirst(prefix.count)
            let notice = line.starts(with: prefix) && !rest.starts(with: "error: ".utf8) && !rest.starts(with: "warning: ".utf8)
            if !notice { kept += line }
            start = end
        }
        return kept
    }

    /// The request for a read command, nil for anything a daemon would not answer anyway.
    static func request(_ arguments: [String], facts: TerminalFacts) -> WarmRequest? {
        var explicitVault: String?
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--help" || argument == "-h" || argument == "--version" || argument == "help" { return nil }
            if argument == "--vault", index + 1 < arguments.count {
                explicitVault = arguments[index + 1]
                index += 2
                continue
            }
            // A saved search (`@name`) is the client's settings; a random order the client's own:
            // asking a daemon would only cost a round trip.
            if argument.contains("@") { return nil }
            // A random order is the client's own: asking a daemon would only cost a round trip.
            if (argument == "--sort" && index + 1 < arguments.count && arguments[index + 1].lowercased() == "random")
                || argument.lowercased() == "--sort=random"
            {
                return nil
            }
            if argument.hasPrefix("--vault=") { explicitVault = String(argument.dropFirst(8)) }
            if !argument.hasPrefix("-"), words.count < 2 { words.append(argument) }
            index += 1
        }
        if !answersWarm(words) { return nil }
        guard let root = try? Vault.locate(explicit: explicitVault).root, let directory = currentDirectory() else { return nil }
        var terminals: WarmRequest.Terminals = []
        if facts.stdinIsTerminal { terminals.insert(.stdin) }
        if facts.stdoutIsTerminal { terminals.insert(.stdout) }
        if facts.stderrIsTerminal { terminals.insert(.stderr) }
        if facts.color { terminals.insert(.color) }
        if facts.relativeTimes { terminals.insert(.relativeTimes) }
        return WarmRequest(
            cookie: "", root: root, currentDirectory: directory, arguments: arguments, environment: environment(),
            terminals: terminals, width: facts.width)
    }

    /// This process's values of the variables that shape output.
    static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in WarmRequest.relevantVariables {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    static func currentDirectory() -> String? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func refuse(_ reason: String) -> Int32 {
        FileHandleOutput.stderr("notez: error: NOTEZ_WARM=require, but the warm path did not answer: \(reason)\n")
        return notAnswered
    }
}
