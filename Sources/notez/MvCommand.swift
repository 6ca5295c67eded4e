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
        let folder = items.last! == "/" ? "" : items.last!
        let notes = Array(items.dropLast())
        let (plan, root) = try vault.planFocused(
            dryRun: mutation.dryRun, focusRequest: [MoveFocusCommand.name, "--to=" + items.last!, "--"] + notes,
            warm: { index, set in
                try MovePlanner.move(
                    notes: notes, to: folder, create: create, focused: index, freeTargets: set.freeTargets ?? [],
                    files: DiskVaultFiles(root: index.root))
            },
            focused: { focus in
                try MovePlanner.move(notes: notes, to: folder, create: create, focus: focus, files: DiskVaultFiles(root: focus.root))
            },
            whole: { index in
                try MovePlanner.move(notes: notes, to: folder, create: create, index: index, files: DiskVaultFiles(root: index.root))
            })
        try PlanExecution.execute(plan, root: root, options: mutation)
    }
}
