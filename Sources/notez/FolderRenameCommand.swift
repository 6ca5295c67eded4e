import ArgumentParser
import NotezKit

/// `notez folder rename PATH NEWNAME`.
struct FolderRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a folder in place (its color follows).")

    @Argument(help: "The folder path.", completion: Completions.folders)
    var path: String

    @Argument(help: "The new name (a name, not a path).")
    var newName: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try FolderPlanner.rename(path, to: newName, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in
            plan.steps.filter { $0.kind == .move }.map { "renamed \($0.path) -> \($0.to ?? "")" }
        }
    }
}
