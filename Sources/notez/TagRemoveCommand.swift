import ArgumentParser
import NotezKit

/// `notez tag remove NOTE TAG...`.
struct TagRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove tags from a note (exactly these, not their children).")

    @Argument(help: "The note: a path or a unique title.", completion: Completions.notes)
    var note: String

    @Argument(help: "Tags to remove.", completion: Completions.tags)
    var tags: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if tags.isEmpty { throw ValidationError("give at least one tag") }
    }

    func run() throws {
        let index = try vault.openForNoteEdit(dryRun: mutation.dryRun, notes: [note])
        let plan = try NotePlanner.removeTags(tags, note: note, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation)
    }
}
