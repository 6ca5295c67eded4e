import ArgumentParser
import NotezKit

/// `notez order FOLDER [NOTE...]`: a folder's manual order (lists of the folder follow it; pinned notes stay first).
struct OrderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Give a folder's notes a manual order, or print it.",
        discussion: """
            notez order FOLDER                      print the folder's notes in order
            notez order FOLDER A B C                A, B, C first, the other notes after them
            notez order FOLDER --move A --before B  move one note (or --after B)
            notez order FOLDER --clear              back to the usual order (newest first)
            The order is kept in .notez/order.yaml (shared through git), by file name.
            """)

    @Argument(help: "The folder ('' or / for the root).", completion: Completions.folders)
    var folder: String

    @Argument(help: "Notes of the folder, in the order they should come first.", completion: Completions.notes)
    var notes: [String] = []

    @Option(name: .long, help: "A note to move.", completion: Completions.notes)
    var move: String?

    @Option(name: .long, help: "Put the moved note before this one.", completion: Completions.notes)
    var before: String?

    @Option(name: .long, help: "Put the moved note after this one.", completion: Completions.notes)
    var after: String?

    @Flag(name: .long, help: "Forget the folder's manual order.")
    var clear = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        let modes = [!notes.isEmpty, move != nil, clear].filter { $0 }.count
        if modes > 1 { throw ValidationError("give NOTEs, or --move, or --clear") }
        if move != nil, (before == nil) == (after == nil) { throw ValidationError("--move needs --before OTHER or --after OTHER") }
        if move == nil, before != nil || after != nil { throw ValidationError("--before and --after go with --move") }
    }

    func run() throws {
        let path = folder == "/" ? "" : folder
        let change: OrderPlanner.Change
        if clear {
            change = .clear
        } else if let move {
            change = .move(move, before: before != nil, other: before ?? after ?? "")
        } else if !notes.isEmpty {
            change = .first(notes)
        } else {
            let index = try vault.loadIndex()
            let node = try index.resolveFolder(path)
            let ordered = try ManualOrder.load(root: index.root).sorted(index.notes(inFolder: node.path, recursive: false), folder: node.path)
            for (position, note) in ordered.enumerated() {
                Terminal.line(TerminalText.safe("\(position + 1). \(VaultPath.name(of: note.path))" + (note.pinned ? "  (pinned)" : "")))
            }
            return
        }
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try OrderPlanner.plan(folder: path, change: change, index: index, files: DiskVaultFiles(root: index.root))
        let names = plan.details["order"] ?? []
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in
            names.enumerated().map { "\($0.offset + 1). \($0.element)" }
        }
    }
}
