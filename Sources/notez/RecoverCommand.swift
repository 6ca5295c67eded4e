import ArgumentParser
import NotezKit

/// `notez recover`: what every changing command does first, on its own: finish interrupted
/// operations, remove temporary files a kill left, purge old trash. Read commands never do this.
struct RecoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Finish interrupted operations and purge old trash now (every changing command does this first).")

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let session = try vault.session()
        let writer = try AtomicWriter(root: session.root)
        guard writer.directory.kind(".notez") == .folder else {
            Terminal.line("nothing to recover (no .notez/ folder)")
            return
        }
        let messages = try session.beginChange()
        for message in messages { Terminal.notice(TerminalText.safe(message)) }
        let pending = Journal(writer: writer).pending().ids.count
        if pending > 0 {
            throw CLIExit(
                code: CLIExit.io,
                message: "\(pending) operation\(pending == 1 ? "" : "s") could not be finished and stay\(pending == 1 ? "s" : "") pending (see above)")
        }
        Terminal.line(messages.isEmpty ? "nothing to recover" : "done")
    }
}
