import ArgumentParser

/// `notez trash ...`: the trash commands.
struct TrashGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash", abstract: "List, show, restore and permanently delete trashed notes.",
        subcommands: [
            TrashListCommand.self, TrashShowCommand.self, TrashRestoreCommand.self,
            TrashDeleteCommand.self, TrashEmptyCommand.self,
        ],
        defaultSubcommand: TrashListCommand.self)
}
