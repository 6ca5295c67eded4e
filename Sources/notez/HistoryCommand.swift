import ArgumentParser
import NotezKit

/// `notez history`: the journal, newest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List journaled operations, newest first, and whether each can be undone now.")

    @Option(name: [.customShort("n"), .long], help: "Show at most this many operations.")
    var limit: Int?

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if output.json && formatOptions.format != nil { throw ValidationError("--json and --format cannot be combined") }
    }

    func run() throws {
        try HistoryCommand.show(vault: vault, json: output.json, format: formatOptions, limit: limit, onlyTags: false)
    }

    /// Prints the history (all operations, or only tag operations).
    static func show(vault: VaultOptions, json: Bool, format formatOptions: FormatOptions, limit: Int?, onlyTags: Bool) throws {
        let format = try formatOptions.resolve(.history)
        let index = try vault.loadSettings()
        let history = try HistoryCommand.journalHistory(root: index.root)
        var records = Array(history.records.reversed())
        if onlyTags { records = records.filter { history.isTagOperation($0) } }
        if let limit { records = Array(records.prefix(max(0, limit))) }
        if json {
            Terminal.line(JSONValue.array(records.map { JournalJSON.object($0, history: history) }).text())
            return
        }
        if let format { return ListPrinter.print(records.map { ListRow(json: JournalJSON.object($0, history: history)) }, schema: .history, format: format) }
        if records.isEmpty {
            Terminal.line(onlyTags ? "No tag operations in the journal yet." : "No operations in the journal yet.")
            return
        }
        Terminal.line(Terminal.dim("ID                        TIME                  FILES  UNDO  COMMAND"))
        for record in records {
            let status = history.undoability(of: record)
            let command = TerminalText.safe(JournalHistory.commandLine(record, history: history))
            Terminal.row(
                TerminalText.pad(record.id, 26) + TerminalText.pad(record.time, 22) + TerminalText.right(record.fileCount, 5)
                    + "  " + TerminalText.pad(status == .undoable ? "yes" : "no", 6) + command)
            if case .notUndoable(let reason) = status {
                Terminal.row(String(repeating: " ", count: 61) + Terminal.dim("↳ " + TerminalText.safe(reason)))
            }
        }
    }
}

extension HistoryCommand {
    /// The journal as a history, with a warning for each file in it that this machine did not
    /// write (never replayed or undone) or that cannot be read; the rest stays usable.
    static func journalHistory(root: String) throws -> JournalHistory {
        let contents = Journal(writer: try AtomicWriter(root: root)).read()
        for issue in contents.ignored { Terminal.warning(TerminalText.safe("\(issue.path): \(issue.reason)")) }
        return JournalHistory(records: contents.records)
    }
}
