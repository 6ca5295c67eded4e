import ArgumentParser
import Foundation
import NotezKit

/// `notez new TITLE`: create a note; prints its path.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Create a note (the body comes from --body, or from stdin when it is not a terminal).")

    @Argument(help: "The note's title; the file name is made from it.")
    var title: String

    @Option(name: .long, help: "The folder to create it in (default: the root, Unsorted Notes, or with --route the suggested folder).", completion: Completions.folders)
    var folder: String?

    @Flag(name: .long, help: "Without --folder: file the note where routing suggests (see notez suggest).")
    var route = false

    @Option(name: .long, help: "A tag (repeatable).", completion: Completions.tags)
    var tag: [String] = []

    @Flag(name: .long, help: "Pin the note.")
    var pin = false

    @Option(name: .long, help: "The note's body text.")
    var body: String?

    @Option(name: .long, help: "Create the note from .notez/templates/NAME.md (default: the folder's template in config.yaml).", completion: Completions.templates)
    var template: String?

    @Flag(name: .long, help: "Do not use the folder's default template.")
    var noTemplate = false

    @Option(name: .long, help: ArgumentHelp("A property, typed by the folder's schema (repeatable).", valueName: "key=value"))
    var prop: [String] = []

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    /// The request from the arguments and stdin.
    func request() throws -> CaptureRequest {
        var request = CaptureRequest(title: title, time: CaptureClock.now)
        request.body = body ?? ""
        if body == nil, !Terminal.stdinIsTerminal {
            request.body = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        request.folder = folder
        request.route = route
        request.template = template
        request.noTemplate = noTemplate
        request.tags = tag
        request.pinned = pin
        for assignment in prop {
            guard let pair = PropertyKey.assignment(assignment) else {
                throw CLIExit(code: CLIExit.usage, message: "--prop needs key=value, not '\(TerminalText.safe(assignment))'")
            }
            request.properties.append([pair.key, pair.value])
        }
        return request
    }

    func run() throws {
        let request = try request()
        if !mutation.dryRun, let reason = try queueReason() {
            let entry = try CaptureQueue.add(request, vault: try intendedVault(), reason: reason, now: PlanExecution.now)
            if mutation.json {
                Terminal.line(
                    JSONValue.object([("operation", .string("new")), ("queued", .string(entry.id)), ("reason", .string(reason))]).text())
            } else {
                Terminal.notice(TerminalText.safe("\(reason): capture queued as \(entry.id); it is delivered by the next notez command on the vault or notez queue retry"))
            }
            return
        }
        let index = try vault.openForCapture(dryRun: mutation.dryRun)
        let files = DiskVaultFiles(root: index.root)
        let settings = CaptureClock.settings(root: index.root)
        let capture = try CapturePlanner.capture(request, settings: settings, index: index, files: files)
        for notice in capture.notices { Terminal.notice(TerminalText.safe(notice)) }
        let plan = capture.plan
        let path = plan.details["created"]?.first ?? ""
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in [path] }
        guard !mutation.dryRun else { return }
        // The capture is done; a history that cannot be written only costs routing a data point.
        do {
            try CaptureRouter.record(folder: capture.folder, time: request.time, root: index.root, title: request.title, tags: request.tags)
        } catch {
            Terminal.warning(TerminalText.safe("capture history not updated: \(error.description)"))
        }
    }

    /// The vault the capture is for, even when it cannot be reached.
    func intendedVault() throws -> String {
        let explicit = vault.explicitVault ?? ProcessInfo.processInfo.environment["NOTEZ_VAULT"]
        switch Result(catching: { () throws(NotezError) -> String in try Vault.locate(explicit: vault.explicitVault).root }) {
        case .success(let root): return root
        case .failure(.vaultNotFound(let path)) where explicit != nil: return path
        case .failure(let error): throw error
        }
    }

    /// Why the capture must be queued instead of written now (nil: write it). Takes the vault lock
    /// (waiting `NOTEZ_LOCK_WAIT`, else 1 s) so the capture does not wait long behind another notez.
    func queueReason() throws -> String? {
        let admission = try CaptureQueue.admission(vault: try intendedVault())
        if let lock = admission.lock { CommandRun.current?.held.append(lock) }
        return admission.reason
    }
}
