import ArgumentParser
import NotezKit

/// `notez tag rename OLD NEW [--exact]`.
struct TagRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a tag in every note (and its child tags: project/alpha → NEW/alpha).",
        discussion: "Each file keeps its quoting and list style. Renaming onto an existing tag is refused: use 'notez tag merge'.")

    @Argument(help: "The tag to rename.", completion: Completions.tags)
    var old: String

    @Argument(help: "Its new name (a case-only change such as work → Work rewrites every spelling).")
    var new: String

    @Flag(name: .long, help: "Rename only the tag itself, not its child tags.")
    var exact = false

    @Flag(name: .customLong("frontmatter-only"), help: "Change only front matter tags; leave inline #tags in note bodies as they are.")
    var frontMatterOnly = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions
    @OptionGroup var confirm: ConfirmOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let planning = ProgressLine(label: "reading")
        let plan = try TagRefactorPlanner.rename(
            old, to: new, exact: exact, frontMatterOnly: frontMatterOnly, index: index, files: DiskVaultFiles(root: index.root),
            progress: planning.callback)
        planning.finish()
        try PlanExecution.execute(
            plan, root: index.root, options: mutation, yes: confirm.yes, progress: "renaming",
            extraJSON: TagRefactorOutput.json(plan)
        ) { TagRefactorOutput.summary(plan, $0) }
    }
}
