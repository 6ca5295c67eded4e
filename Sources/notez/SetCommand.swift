import ArgumentParser
import NotezKit

/// `notez set NOTE key=value...`: set (or with `key=`, remove) front matter properties, typed by the folder's schema.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set a note's properties (key=value; key= removes it), checked against the folder's schema.")

    @Argument(help: "The note: a path (with or without .md) or a unique title.", completion: Completions.notes)
    var note: String

    @Argument(help: ArgumentHelp("Properties to set; an empty value removes the key.", valueName: "key=value"))
    var assignments: [String]

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        var pairs: [(key: String, value: String)] = []
        for assignment in assignments {
            guard let pair = PropertyKey.assignment(assignment) else {
                throw CLIExit(code: CLIExit.usage, message: "expected key=value, not '\(TerminalText.safe(assignment))'")
            }
            pairs.append(pair)
        }
        guard !pairs.isEmpty else { throw CLIExit(code: CLIExit.usage, message: "give at least one key=value") }
        let index = try vault.openForNoteEdit(dryRun: mutation.dryRun, notes: [note])
        let plan = try CapturePlanner.set(
            pairs, note: note, settings: CaptureClock.settings(root: index.root), index: index, files: DiskVaultFiles(root: index.root))
        try PlanExecution.execute(plan, root: index.root, options: mutation)
    }
}
