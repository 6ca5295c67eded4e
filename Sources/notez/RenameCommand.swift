import ArgumentParser
import NotezKit

/// `notez rename NOTE "New title"`.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a note: its file name and title follow the new title, and every link to it is rewritten.")

    @Argument(help: "The note: a path (with or without .md), a unique title, file name or alias.", completion: Completions.notes)
    var note: String

    @Argument(help: "The new title; the file name is derived from it as 'new' does.")
    var title: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let opened = try vault.openForRename(dryRun: mutation.dryRun, note: note, title: title)
        if let warm = opened.warm {
            let plan = try RenamePlanner.rename(
                note: note, to: title, focused: warm.index, notePath: warm.notePath, freeTargets: warm.freeTargets,
                files: DiskVaultFiles(root: warm.index.root))
            try PlanExecution.execute(plan, root: warm.index.root, options: mutation)
        } else if let focus = opened.focus {
            let plan = try RenamePlanner.rename(note: note, to: title, focus: focus, files: DiskVaultFiles(root: focus.root))
            try PlanExecution.execute(plan, root: focus.root, options: mutation)
        } else if let index = opened.index {
            let plan = try RenamePlanner.rename(note: note, to: title, index: index, files: DiskVaultFiles(root: index.root))
            try PlanExecution.execute(plan, root: index.root, options: mutation)
        }
    }
}
