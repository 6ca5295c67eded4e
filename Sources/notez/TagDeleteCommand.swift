import ArgumentParser
import NotezKit

/// `notez tag delete TAG...`.
struct TagDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove tags from every note and from the registry (asks first; 'notez undo' reverses it).",
        discussion: "Child tags are not deleted. Without a terminal, pass --yes.")

    @Argument(help: "The tags to delete.", completion: Completions.tags)
    var tags: [String]

    @Flag(name: .customLong("frontmatter-only"), help: "Change only front matter tags; leave inline #tags in note bodies as they are.")
    var frontMatterOnly = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions
    @OptionGroup var confirm: ConfirmOptions

    func validate() throws {
        if tags.isEmpty { throw ValidationError("give at least one tag to delete") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let planning = ProgressLine(label: "reading")
        let plan = try TagRefactorPlanner.delete(tags, frontMatterOnly: frontMatterOnly, index: index, files: DiskVaultFiles(root: index.root), progress: planning.callback)
        planning.finish()
        try PlanExecution.execute(
            plan, root: index.root, options: mutation, yes: confirm.yes, progress: "deleting",
            extraJSON: TagRefactorOutput.json(plan)
        ) { TagRefactorOutput.summary(plan, $0) }
    }
}
