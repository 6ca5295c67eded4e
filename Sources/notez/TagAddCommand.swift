import ArgumentParser
import NotezKit

/// `notez tag add NOTE TAG...`.
struct TagAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add tags to a note (its list style is kept).")

    @Argument(help: "The note: a path or a unique title.", completion: Completions.notes)
    var note: String

    @Argument(help: "Tags to add.", completion: Completions.tags)
    var tags: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if tags.isEmpty { throw ValidationError("give at least one tag") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try NotePlanner.addTags(tags, note: note, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation)
    }
}
