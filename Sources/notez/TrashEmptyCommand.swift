import ArgumentParser
import NotezKit

/// `notez trash empty`: permanent.
struct TrashEmptyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "empty", abstract: "Delete every trashed note permanently (asks first).")

    @OptionGroup var confirm: ConfirmOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try TrashPlanner.empty(index: index, files: DiskVaultFiles(root: index.root))
        let count = plan.steps.filter { $0.kind == .removeFolder }.count
        try PlanExecution.execute(plan, root: index.root, options: mutation, yes: confirm.yes) { _ in
            ["emptied the trash (\(count) note\(count == 1 ? "" : "s") deleted)"]
        }
    }
}
