import ArgumentParser
import NotezKit

/// `notez backlinks NOTE`: the notes that link to it, with the line of each mention.
struct BacklinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backlinks", abstract: "List the links to a note, with the line of each mention.",
        discussion: "Looks the links up in the index and reads only the notes that link to it. Exit status 1 when nothing links to the note, 3 when some notes could not be read.")

    @Argument(help: "A vault-relative path (with or without .md), a title, a file name or an alias.", completion: Completions.notes)
    var note: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if output.json && formatOptions.format != nil { throw ValidationError("--json and --format cannot be combined") }
    }

    func run() throws {
        let format = try formatOptions.resolve(.links(context: true))
        let notes = try vault.loadCollection()
        let found = try notes.resolve(note)
        let (entries, unread) = LinkGraph.backlinks(to: found.path, in: notes)
        let rows = entries.map { LinkJSON.object($0, context: true) }
        if output.json {
            Terminal.line(JSONValue.array(rows).text())
        } else if let format {
            ListPrinter.print(rows.map { ListRow(json: $0) }, schema: .links(context: true), format: format)
        } else {
            for entry in entries {
                let context = (entry.context ?? "").trimmingCharacters(in: .whitespaces)
                Terminal.line(TerminalText.safe("\(entry.source):\(entry.line): \(TerminalText.cut(context, 160))"))
            }
        }
        if !unread.isEmpty {
            Terminal.flush()
            Terminal.warning(
                "\(unread.count) note\(unread.count == 1 ? "" : "s") could not be read, so their links are not listed: "
                    + unread.prefix(5).joined(separator: ", ") + (unread.count > 5 ? ", ..." : ""))
            throw CLIExit(code: CLIExit.io)
        }
        if entries.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
    }
}

import Foundation
