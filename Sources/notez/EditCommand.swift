import ArgumentParser
import Foundation
import NotezKit

/// `notez edit NOTE`: open the note in `$VISUAL`/`$EDITOR` (else `vi`); a changed note gets a new `modified`.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Open a note in $VISUAL or $EDITOR (else vi); update 'modified' when it changed.")

    @Argument(help: "The note: a path (with or without .md) or a unique title.")
    var note: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange()
        let target = try index.resolve(note)
        let files = DiskVaultFiles(root: index.root)
        let before = try files.read(target.path)?.bytes ?? []
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // Through the shell, so EDITOR may carry arguments (`code --wait`); the path is passed as "$1".
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "sh", index.root + "/" + target.path]
        Terminal.flush()
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIExit(
                code: CLIExit.io,
                message: "the editor '\(TerminalText.safe(editor))' exited with status \(process.terminationStatus); 'modified' not updated"
            )
        }
        let plan = try NotePlanner.touchModified(
            path: target.path, before: before, now: PlanExecution.now,
            index: index, files: files)
        if plan.isEmpty, plan.skipped.isEmpty {
            if mutation.json { Terminal.line(PlanExecution.json(plan, result: nil, dryRun: false).text()) }
            return
        }
        // The editor already ran, so a dry run would only hide the new `modified`.
        var options = mutation
        options.dryRun = false
        try PlanExecution.execute(plan, root: index.root, options: options) { _ in [] }
    }
}
