import ArgumentParser
import NotezKit

/// `notez undo [ID]`.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last operation (or the one named by its journal id) as a new, undoable operation.",
        discussion: """
            Without an id: the newest operation that is in force and is not itself an undo, so repeated \
            'notez undo' walks back through the history. 'notez undo ID' of an undo redoes. Tag merges, \
            renames and deletions are undone in reverse order only; see 'notez history'.
            """)

    @Argument(help: "The journal id (or a unique prefix of it), from 'notez history'.")
    var id: String?

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let history = try HistoryCommand.journalHistory(root: index.root)
        let planning = ProgressLine(label: "reading")
        let plan = try JournalUndo.plan(
            id: id, history: history, index: index, files: DiskVaultFiles(root: index.root),
            progress: planning.callback)
        planning.finish()
        let target = plan.details["undoes"]?.first.flatMap { history.record($0) }
        let undone = target.map { "'\(JournalHistory.commandLine($0))' (\($0.id))" } ?? "the operation"
        var extra: [(String, JSONValue)] = [("undoes", target.map { .string($0.id) } ?? .null)]
        for key in ["exact", "merged", "missing"] where plan.details[key] != nil {
            extra.append((key, .array((plan.details[key] ?? []).map(JSONValue.string))))
        }
        try PlanExecution.execute(plan, root: index.root, options: mutation, progress: "undoing", extraJSON: extra) { result in
            var lines = ["undid \(undone)"]
            if let exact = plan.details["exact"], let merged = plan.details["merged"] {
                lines.append(
                    "\(exact.count) file\(exact.count == 1 ? "" : "s") restored exactly, \(merged.count) merged with changes made since"
                        + (plan.steps.contains { $0.path == ".notez/tags.yaml" } ? ", registry restored" : ""))
            } else {
                lines += PlanSummary.lines(plan, result)
            }
            if let id = result.id { lines.append("journal \(id); undo this undo with: notez undo \(id)") }
            return lines
        }
    }
}
