import ArgumentParser
import NotezKit

/// `notez tag color NAME COLOR`.
struct TagColorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "color", abstract: "Set a tag's color ('none' removes it).")

    @Argument(help: "The tag name.", completion: Completions.tags)
    var name: String

    @Argument(help: "One of \(ColorName.presetList), #RRGGBB, or none.", completion: Completions.colors)
    var color: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try TagRegistryPlanner.color(name, color: color, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in
            [color.lowercased() == "none" ? "removed the color of tag \(name)" : "colored tag \(name) \(color.lowercased())"]
        }
    }
}
