import ArgumentParser
import Foundation
import NotezKit

/// `notez queue list|retry`: captures waiting for their vault (`$XDG_STATE_HOME/notez/queue/`).
struct QueueGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue", abstract: "List and retry queued captures (made while their vault was busy or unreachable).",
        subcommands: [QueueListCommand.self, QueueRetryCommand.self], defaultSubcommand: QueueListCommand.self)

    /// One line per entry: state, id, vault, title, and the path or the last error.
    static func lines(_ entries: [CaptureQueue.Entry]) -> [String] {
        entries.map { entry in
            var line = "\(entry.state.rawValue)  \(entry.id)  \(entry.vault)  '\(entry.request.title)'"
            if let path = entry.path, entry.state == .done { line += " -> \(path)" }
            if entry.state != .done { line += "  (\(entry.attempts) attempt\(entry.attempts == 1 ? "" : "s"); \(entry.lastError ?? entry.reason))" }
            return line
        }
    }

    static func json(_ entries: [CaptureQueue.Entry]) -> JSONValue {
        .array(
            entries.map { entry in
                .object([
                    ("id", .string(entry.id)), ("state", .string(entry.state.rawValue)), ("vault", .string(entry.vault)),
                    ("title", .string(entry.request.title)), ("attempts", .int(entry.attempts)), ("reason", .string(entry.reason)),
                    ("error", entry.lastError.map(JSONValue.string) ?? .null), ("path", entry.path.map(JSONValue.string) ?? .null),
                ])
            })
    }
}

/// `notez queue list`: every queued capture (all vaults), oldest first.
struct QueueListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List queued captures: pending, failed and done (of every vault, or of --vault).")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        var (entries, problems) = CaptureQueue.load()
        if let explicit = vault.explicitVault {
            // The vault may be unreachable: compare the paths as given, made absolute.
            let wanted = (try? vault.root()) ?? VaultLocator.absolutePath(explicit)
            entries = entries.filter { CaptureQueue.samePath($0.vault, wanted) }
        }
        for problem in problems { Terminal.warning(TerminalText.safe("\(problem.path): \(problem.reason)")) }
        if output.json {
            Terminal.line(QueueGroup.json(entries).text())
        } else if entries.isEmpty {
            Terminal.line("The capture queue is empty.")
        } else {
            for line in QueueGroup.lines(entries) { Terminal.line(TerminalText.safe(line)) }
        }
    }
}

/// `notez queue retry`: deliver pending captures now, with the retry rule (3 attempts, waits of 2 s and 4 s).
struct QueueRetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry", abstract: "Deliver pending captures now (3 attempts, 2 s then 4 s apart); --failed retries failed ones too.")

    @Flag(name: .long, help: "Also retry captures that failed 3 times (with a fresh count).")
    var failed = false

    @Flag(name: .long, help: "Only the captures of the vault (--vault, $NOTEZ_VAULT or the current folder's).")
    var thisVault = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let only = thisVault ? try vault.root() : nil
        // NOTEZ_NOW shifts the clock for tests; it must still advance, or the backoff would never pass.
        let start = PlanExecution.now
        let started = Date()
        let entries = CaptureQueue.retry(
            vault: only, includeFailed: failed, clock: { start + Date().timeIntervalSince(started) },
            sleep: { usleep(useconds_t(min($0, 10) * 1_000_000)) },
            counter: Vault.writeCounter())
        if output.json {
            Terminal.line(QueueGroup.json(entries).text())
        } else {
            for line in QueueGroup.lines(entries) { Terminal.line(TerminalText.safe(line)) }
            if entries.isEmpty { Terminal.line("The capture queue is empty.") }
        }
        if entries.contains(where: { $0.state == .failed }) {
            throw CLIExit(code: CLIExit.io, message: "some captures could not be delivered; they stay in the queue (notez queue list)")
        }
    }
}
