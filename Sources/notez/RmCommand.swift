import ArgumentParser
import NotezKit

/// `notez rm NOTE...`: move notes to the trash.
struct RmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Move notes to the trash (.notez/trash/); restore them with 'notez trash restore'.")

    @Argument(help: "Notes: paths (with or without .md) or unique titles.", completion: Completions.notes)
    var notes: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if notes.isEmpty { throw ValidationError("give at least one note") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try TrashPlanner.trash(
            notes: notes, now: PlanExecution.now, key: try MachineKey.loadOrCreate(), index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in
            plan.steps.filter { $0.kind == .move }.map { "trashed \($0.path)" }
        }
    }
}
