import ArgumentParser
import NotezKit

/// `notez folder create PATH [--color C]`.
struct FolderCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a folder (and missing parents).")

    @Argument(help: "The folder path, e.g. Work/Projects/Beta.", completion: Completions.folders)
    var path: String

    @Option(name: .long, help: "A color: one of \(ColorName.presetList), or #RRGGBB.", completion: Completions.newColors)
    var color: String?

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try FolderPlanner.create(path, color: color, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation)
    }
}
