import ArgumentParser
import Foundation
import NotezKit

/// `notez edit NOTE`: open the note in `$VISUAL`/`$EDITOR` (else `vi`); a changed note gets a new `modified`.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Open a note in $NOTEZ_EDITOR, the settings' editor, $VISUAL or $EDITOR (else vi); update 'modified' when it changed.")

    @Argument(help: "The note: a path (with or without .md) or a unique title.", completion: Completions.notes)
    var note: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange()
        let target = try index.resolve(note)
        let files = DiskVaultFiles(root: index.root)
        let before: [UInt8]
        do {
            before = try files.read(target.path)?.bytes ?? []
        } catch {
            if case .unreadable(_, let reason) = error, reason == NoteReader.tooLargeReason {
                throw CLIExit(code: CLIExit.refused, message: "\(TerminalText.safe(target.path)): \(reason)")
            }
            throw error
        }
        let environment = ProcessInfo.processInfo.environment
        // NOTEZ_EDITOR, then the user settings' editor, then the usual variables.
        let editor =
            [environment["NOTEZ_EDITOR"], UserSettings.current.editor, environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.isEmpty } ?? "vi"
        if mutation.dryRun {
            var hasFrontMatter = true
            if case .none = FrontMatterBlock.scan(before) { hasFrontMatter = false }
            try dryRun(path: target.path, editor: editor, hasFrontMatter: hasFrontMatter)
            return
        }
        // Through the shell, so EDITOR may carry arguments (`code --wait`); the path is passed as "$1".
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "sh", index.root + "/" + target.path]
        Terminal.flush()
        // Other notez commands may change the vault while the editor is open (for minutes): the
        // lock is let go, and taken again to plan and write the new 'modified'.
        let session = CommandRun.session(root: index.root)
        session.endChange()
        let exit = ChildExit(of: process)
        try process.run()
        exit.wait()
        for message in try session.beginChange() { Terminal.notice(TerminalText.safe(message)) }
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
            for message in plan.messages where !mutation.json { Terminal.notice(TerminalText.safe(message)) }
            return
        }
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in [] }
    }

    /// `--dry-run`: says which note would be opened in which editor and what notez would do after
    /// it, without opening the editor.
    func dryRun(path: String, editor: String, hasFrontMatter: Bool) throws {
        let after =
            hasFrontMatter
            ? "if it changes, 'modified' would be set to the time of saving"
            : "it has no front matter: 'modified' would not be added"
        if mutation.json {
            Terminal.line(
                JSONValue.object([
                    ("operation", .string("edit")), ("dryRun", .bool(true)), ("path", .string(path)),
                    ("editor", .string(editor)), ("updatesModified", .bool(hasFrontMatter)),
                ]).text())
        } else {
            Terminal.line(TerminalText.safe("would open \(path) in '\(editor)'; \(after)"))
        }
    }
}
