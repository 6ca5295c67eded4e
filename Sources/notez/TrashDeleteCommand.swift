import ArgumentParser
import NotezKit

/// `notez trash delete ITEM...`: permanent.
struct TrashDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete trashed notes permanently (asks first).")

    @Argument(help: "Items: id, original path, file name or title.", completion: Completions.trashItems)
    var items: [String]

    @OptionGroup var confirm: ConfirmOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if items.isEmpty { throw ValidationError("give at least one trashed note") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let all = TrashStore(root: index.root).items()
        var chosen: [TrashItem] = []
        for item in items { chosen.append(try TrashPlanner.resolve(item, in: all)) }
        let plan = try TrashPlanner.delete(chosen, arguments: items, index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation, yes: confirm.yes) { _ in
            chosen.map { "deleted \($0.originalPath) permanently" }
        }
    }
}
