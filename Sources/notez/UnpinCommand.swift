import ArgumentParser
import NotezKit

/// `notez unpin NOTE...`.
struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Unpin notes (sets 'pinned: false').")

    @Argument(help: "Notes: paths (with or without .md) or unique titles.", completion: Completions.notes)
    var notes: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if notes.isEmpty { throw ValidationError("give at least one note") }
    }

    func run() throws {
        let index = try vault.openForNoteEdit(dryRun: mutation.dryRun, notes: notes)
        let plan = try NotePlanner.setPinned(false, notes: notes, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in plan.touchedFiles.map { "unpinned \($0)" } }
    }
}
