import ArgumentParser
import NotezKit

/// `notez mv NOTE... FOLDER`.
struct MvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv", abstract: "Move notes to a folder ('' or / is Unsorted Notes, the root).")

    @Argument(help: "Notes, then the target folder (which must exist unless --create).", completion: Completions.notesAndFolders)
    var items: [String]

    @Flag(name: .long, help: "Create the folder (and its parents) when it does not exist.")
    var create = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if items.count < 2 { throw ValidationError("give one or more notes and then a folder") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let folder = items.last! == "/" ? "" : items.last!
        let plan = try MovePlanner.move(
            notes: Array(items.dropLast()), to: folder, create: create,
            index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation)
    }
}
