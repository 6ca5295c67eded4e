import ArgumentParser
import NotezKit

/// `notez ls [FOLDER]`: the notes of a folder, pinned first, then newest first.
struct LsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "List the notes of a folder (the root when omitted).")

    @Argument(help: "A folder path such as Work/Projects (default: the vault root).")
    var folder: String?

    @Flag(name: .shortAndLong, help: "Include notes in subfolders.")
    var recursive = false

    @Option(name: .long, help: "Only notes with this tag (or its children).")
    var tag: String?

    @Flag(name: .long, help: "Only pinned notes.")
    var pinned = false

    @Flag(name: .long, help: "Only Unsorted Notes (directly at the root).")
    var unsorted = false

    @Option(name: .long, help: "Show at most N notes.")
    var limit: Int?

    @OptionGroup var snippetOptions: SnippetOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if unsorted && folder != nil { throw ValidationError("--unsorted lists the root; do not also give a folder") }
    }

    func run() throws {
        let index = try vault.loadIndex()
        let node = try index.resolveFolder(unsorted ? "" : folder ?? "")
        let everywhere = folder == nil && !unsorted && (tag != nil || pinned)
        var notes = index.notes(inFolder: node.path, recursive: recursive || everywhere)
        // A folder's manual order (notez order) applies to its own notes.
        if !everywhere, !recursive { notes = ((try? ManualOrder.load(root: index.root)) ?? ManualOrder()).sorted(notes, folder: node.path) }
        if let tag {
            let key = TagKey(tag)
            notes = notes.filter { $0.tagKeys.contains { $0.isSelfOrDescendant(of: key) } }
        }
        if pinned { notes = notes.filter(\.pinned) }
        if let limit { notes = Array(notes.prefix(limit)) }
        if output.json {
            Terminal.line(JSONShapes.notes(notes, index: index).text())
            return
        }
        if !node.path.isEmpty {
            Terminal.line(Terminal.bold(node.path.split(separator: "/").map { TerminalText.safe(String($0)) }.joined(separator: " › ")))
        } else if unsorted {
            Terminal.line(Terminal.bold("Unsorted Notes"))
        }
        if !everywhere && !unsorted && !node.children.isEmpty {
            for child in node.children {
                Terminal.line("  " + Terminal.dot(child.color) + TerminalText.safe(child.name) + "/" + Terminal.dim("  \(child.count)"))
            }
            Terminal.line()
        }
        if notes.isEmpty {
            if let tag {
                Terminal.line("No notes with tag '\(TerminalText.safe(tag))' here.")
            } else if pinned {
                Terminal.line("No pinned notes here.")
            } else {
                Terminal.line(node.path.isEmpty ? "No notes at the root." : "This folder has no notes of its own.")
            }
            return
        }
        NoteRows.print(notes, index: index, snippets: snippetOptions.enabled(index.config), showFolder: recursive || everywhere)
    }
}
