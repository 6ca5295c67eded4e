import ArgumentParser
import Foundation
import NotezKit

/// `notez new TITLE`: create a note; prints its path.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Create a note (the body comes from --body, or from stdin when it is not a terminal).")

    @Argument(help: "The note's title; the file name is made from it.")
    var title: String

    @Option(name: .long, help: "The folder to create it in (default: the root, Unsorted Notes).", completion: Completions.folders)
    var folder: String = ""

    @Option(name: .long, help: "A tag (repeatable).", completion: Completions.tags)
    var tag: [String] = []

    @Flag(name: .long, help: "Pin the note.")
    var pin = false

    @Option(name: .long, help: "The note's body text.")
    var body: String?

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        var text = body ?? ""
        if body == nil, !Terminal.stdinIsTerminal {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let plan = try NotePlanner.new(
            title: title, folder: folder, tags: tag, pinned: pin, body: text,
            now: PlanExecution.now, index: index, files: DiskVaultFiles(root: index.root))
        let path = plan.details["created"]?.first ?? ""
        try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in [path] }
    }
}
