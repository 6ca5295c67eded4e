import ArgumentParser
import NotezKit

/// `notez folder delete PATH`: its notes move to Unsorted Notes, its subfolders up one level.
struct FolderDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a folder: its notes move to Unsorted Notes, its subfolders to its parent; nothing is deleted (asks first).")

    @Argument(help: "The folder path.", completion: Completions.folders)
    var path: String

    @OptionGroup var confirm: ConfirmOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try FolderPlanner.delete(path, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation, yes: confirm.yes)
    }
}
