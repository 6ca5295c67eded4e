import ArgumentParser
import NotezKit

/// `notez tag history`: the journal's tag operations, newest first.
struct TagHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List tag operations (and their undos), newest first, and whether each can be undone now.")

    @Option(name: [.customShort("n"), .long], help: "Show at most this many operations.")
    var limit: Int?

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if output.json && formatOptions.format != nil { throw ValidationError("--json and --format cannot be combined") }
    }

    func run() throws {
        try HistoryCommand.show(vault: vault, json: output.json, format: formatOptions, limit: limit, onlyTags: true)
    }
}
