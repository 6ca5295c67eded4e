import ArgumentParser
import NotezKit

/// `notez pin NOTE...`.
struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin notes (sets 'pinned: true').")

    @Argument(help: "Notes: paths (with or without .md) or unique titles.", completion: Completions.notes)
    var notes: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if notes.isEmpty { throw ValidationError("give at least one note") }
    }

    func run() throws {
        let index = try vault.openForNoteEdit(dryRun: mutation.dryRun, notes: notes)
        let plan = try NotePlanner.setPinned(true, notes: notes, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in plan.touchedFiles.map { "pinned \($0)" } }
    }
}
