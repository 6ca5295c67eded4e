import ArgumentParser
import Foundation
import NotezKit

/// `notez new TITLE`: create a note; prints its path.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Create a note (the body comes from --body, or from stdin when it is not a terminal).")

    @Argument(help: "The note's title; the file name is made from it.")
    var title: String

    @Option(name: .long, help: "The folder to create it in (default: the root, Unsorted Notes, or with --route the suggested folder).")
    var folder: String?

    @Flag(name: .long, help: "Without --folder: file the note where routing suggests (see notez suggest).")
    var route = false

    @Option(name: .long, help: "A tag (repeatable).")
    var tag: [String] = []

    @Flag(name: .long, help: "Pin the note.")
    var pin = false

    @Option(name: .long, help: "The note's body text.")
    var body: String?

    @Option(name: .long, help: "Create the note from .notez/templates/NAME.md (default: the folder's template in config.yaml).")
    var template: String?

    @Flag(name: .long, help: "Do not use the folder's default template.")
    var noTemplate = false

    @Option(name: .long, help: ArgumentHelp("A property, typed by the folder's schema (repeatable).", valueName: "key=value"))
    var prop: [String] = []

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        var text = body ?? ""
        if body == nil, !Terminal.stdinIsTerminal {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let files = DiskVaultFiles(root: index.root)
        let settings = CaptureClock.settings(root: index.root)
        var properties: [(key: String, value: String)] = []
        for assignment in prop {
            guard let pair = PropertyKey.assignment(assignment) else {
                throw CLIExit(code: CLIExit.usage, message: "--prop needs key=value, not '\(TerminalText.safe(assignment))'")
            }
            properties.append(pair)
        }
        let time = CaptureClock.now
        var destination = folder ?? ""
        if folder == nil, route || settings.route {
            let best = Router.suggestions(title: title, body: text, time: time, index: index).first
            destination = best?.folder ?? ""
            if let best { Terminal.notice(TerminalText.safe("→ \(best.folder.isEmpty ? "Unsorted" : best.folder) (\(best.reason))")) }
        }
        let folderPath = try VaultPath.validated(destination)
        var loaded: NoteTemplate?
        if let template {
            loaded = try TemplateStore.require(template, root: index.root)
        } else if !noTemplate, let name = settings.template(forFolder: folderPath) {
            // A configured default that is missing must not stop a capture: a plain note, and a warning.
            loaded = try TemplateStore.load(name, root: index.root)
            if loaded == nil { Terminal.warning("the default template '\(TerminalText.safe(name))' does not exist; a plain note is created") }
        }
        let plan: Plan
        if loaded == nil, properties.isEmpty {
            plan = try NotePlanner.new(
                title: title, folder: destination, tags: tag, pinned: pin, body: text,
                now: PlanExecution.now, index: index, files: files)
        } else {
            var request = CapturePlanner.Request(title: title, folder: destination)
            request.tags = tag
            request.pinned = pin
            request.body = text
            request.properties = properties
            plan = try CapturePlanner.new(request, template: loaded, settings: settings, time: time, index: index, files: files)
        }
        let path = plan.details["created"]?.first ?? ""
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in [path] }
        guard !mutation.dryRun else { return }
        // The capture is done; a history that cannot be written only costs routing a data point.
        do {
            try Router.record(folder: folderPath, time: time, root: index.root)
        } catch {
            Terminal.warning(TerminalText.safe("capture history not updated: \(error.description)"))
        }
    }
}
