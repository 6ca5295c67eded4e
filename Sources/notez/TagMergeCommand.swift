import ArgumentParser
import NotezKit

/// `notez tag merge SRC... --into DST`.
struct TagMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge tags into one: every note with a source tag gets the target once and loses the sources.",
        discussion: "The sources leave the tag registry. Undo with 'notez undo'.")

    @Argument(help: "The tags to merge away.", completion: Completions.tags)
    var sources: [String]

    @Option(name: .long, help: "The tag they become (created when it does not exist).", completion: Completions.tags)
    var into: String

    @Flag(name: .customLong("frontmatter-only"), help: "Change only front matter tags; leave inline #tags in note bodies as they are.")
    var frontMatterOnly = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions
    @OptionGroup var confirm: ConfirmOptions

    func validate() throws {
        if sources.isEmpty { throw ValidationError("give at least one tag to merge") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let planning = ProgressLine(label: "reading")
        let plan = try TagRefactorPlanner.merge(
            sources, into: into, frontMatterOnly: frontMatterOnly, index: index, files: DiskVaultFiles(root: index.root),
            progress: planning.callback)
        planning.finish()
        try PlanExecution.execute(
            plan, root: index.root, options: mutation, yes: confirm.yes, progress: "merging",
            extraJSON: TagRefactorOutput.json(plan)
        ) { TagRefactorOutput.summary(plan, $0) }
    }
}
