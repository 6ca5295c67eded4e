import ArgumentParser
import NotezKit

/// `notez folder color PATH COLOR`.
struct FolderColorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "color", abstract: "Set a folder's color ('none' removes it).")

    @Argument(help: "The folder path.", completion: Completions.folders)
    var path: String

    @Argument(help: "One of \(ColorName.presetList), #RRGGBB, or none.", completion: Completions.colors)
    var color: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try FolderPlanner.color(path, color: color, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in
            [color.lowercased() == "none" ? "removed the color of \(path)" : "colored \(path) \(color.lowercased())"]
        }
    }
}
