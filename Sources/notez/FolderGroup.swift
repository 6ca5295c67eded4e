import ArgumentParser
import NotezKit

/// `notez folder ...`: the folder commands.
struct FolderGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder", abstract: "Show and manage folders.",
        subcommands: [
            FolderTreeCommand.self, FolderCreateCommand.self, FolderRenameCommand.self, FolderColorCommand.self, FolderDeleteCommand.self,
        ],
        defaultSubcommand: FolderTreeCommand.self)
}

/// `notez folder tree`: folders with recursive counts.
struct FolderTreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tree", abstract: "Show the folder tree with recursive note counts.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        // Counted from the cache's records when it is current (no note is decoded).
        let index = try vault.loadCollection(snippets: false)
        if output.json {
            Terminal.line(JSONValue.array(index.folderTree.children.map { FolderJSON.object($0) }).text())
            return
        }
        Terminal.line(TerminalText.pad("(vault)", 34) + TerminalText.right(index.folderTree.count, 6))
        Terminal.line(TerminalText.pad("  Unsorted Notes", 34) + TerminalText.right(index.folderTree.direct, 6))
        FolderTreePrinter.print(index.folderTree.children, depth: 1, width: 34)
    }
}
