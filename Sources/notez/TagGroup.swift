import ArgumentParser
import NotezKit

/// `notez tag ...`: the tag commands.
struct TagGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "List and manage tags.",
        subcommands: [
            TagListCommand.self, TagCreateCommand.self, TagColorCommand.self, TagAddCommand.self, TagRemoveCommand.self,
            TagRenameCommand.self, TagMergeCommand.self, TagDeleteCommand.self, TagHistoryCommand.self, TagSuggestCommand.self,
        ],
        defaultSubcommand: TagListCommand.self)
}

/// `notez tag list`: every tag with its note count.
struct TagListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List tags with their note counts.")

    enum SortOrder: String, ExpressibleByArgument, CaseIterable {
        case name, count
    }

    @Option(name: .long, help: "Sort by name (default) or by count, largest first.")
    var sort: SortOrder = .name

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if output.json && formatOptions.format != nil { throw ValidationError("--json and --format cannot be combined") }
    }

    func run() throws {
        let format = try formatOptions.resolve(.tags)
        // The tag table of the cache has the counts: no note is decoded when it is current.
        var tags = try vault.loadCollection(snippets: false).tags
        if sort == .count {
            tags.sort { $0.count != $1.count ? $0.count > $1.count : Ordering.nameLess($0.name, $1.name) }
        }
        if output.json {
            Terminal.line(JSONValue.array(tags.map(TagJSON.object)).text())
            return
        }
        if let format { return ListPrinter.print(tags.map { ListRow(json: TagJSON.object($0)) }, schema: .tags, format: format) }
        if tags.isEmpty {
            Terminal.line("No tags yet. Add one with:  notez tag add NOTE TAG")
            return
        }
        let width = max(20, tags.map { TerminalText.displayWidth(TerminalText.safe($0.name)) }.max()! + 4)
        for tag in tags {
            let label = Terminal.dot(tag.color) + TerminalText.safe(tag.name)
            Terminal.line(TerminalText.pad(label, width) + TerminalText.right(tag.count, 6))
        }
    }
}
