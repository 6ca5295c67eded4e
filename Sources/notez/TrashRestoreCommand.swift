import ArgumentParser
import NotezKit

/// `notez trash restore ITEM...`.
struct TrashRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore trashed notes to their folder (Unsorted Notes if it is gone).")

    @Argument(help: "Items: id, original path, file name or title.", completion: Completions.trashItems)
    var items: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if items.isEmpty { throw ValidationError("give at least one trashed note") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let all = TrashStore(root: index.root).items()
        var chosen: [TrashItem] = []
        let titles = TrashListCommand.titles(all, index: index)
        for item in items { chosen.append(try TrashPlanner.resolve(item, in: all, titles: titles)) }
        let plan = try TrashPlanner.restore(chosen, arguments: items, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in
            plan.steps.filter { $0.kind == .move }.map { "restored \($0.to ?? "")" }
        }
    }
}
