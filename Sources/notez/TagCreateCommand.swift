import ArgumentParser
import NotezKit

/// `notez tag create NAME [--color C]`.
struct TagCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Register a tag in .notez/tags.yaml (before any note uses it).")

    @Argument(help: "The tag name.")
    var name: String

    @Option(name: .long, help: "A color: one of \(ColorName.presetList), or #RRGGBB.", completion: Completions.newColors)
    var color: String?

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try TagRegistryPlanner.create(name, color: color, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in ["created tag \(name)"] }
    }
}
