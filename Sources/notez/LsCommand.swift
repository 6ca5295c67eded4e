import ArgumentParser
import NotezKit

/// `notez ls [FOLDER]`: the notes of a folder, pinned first, then newest first.
struct LsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "List the notes of a folder (the root when omitted).")

    @Argument(help: "A folder path such as Work/Projects or a unique folder name (default: the vault root).", completion: Completions.folders)
    var folder: String?

    @Flag(name: .shortAndLong, help: "Include notes in subfolders.")
    var recursive = false

    @Option(name: .long, help: "Only notes with this tag or its children (repeatable; all must match).", completion: Completions.tags)
    var tag: [String] = []

    @Flag(name: .long, help: "Only pinned notes.")
    var pinned = false

    @Flag(name: .long, help: "Only Unsorted Notes (directly at the root).")
    var unsorted = false

    @Option(name: [.customShort("n"), .long], help: "Show at most N notes.")
    var limit: Int?

    @OptionGroup var list: ListOptions
    @OptionGroup var snippetOptions: SnippetOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if unsorted && folder != nil { throw ValidationError("--unsorted lists the root; do not also give a folder") }
        if list.conflicts(json: output.json) { throw ValidationError("--json, --paths, --print0 and --format cannot be combined") }
    }

    func run() throws {
        let format = try list.rowFormat()
        // Paths alone, or rows with `--no-snippets`, print no snippet (JSON and formats may).
        let printsSnippets = output.json || format != nil || (!list.pathsOnly && snippetOptions.snippets != false)
        let index = try vault.loadCollection(snippets: printsSnippets)
        let node = try index.resolveFolder(unsorted ? "" : folder ?? "")
        let everywhere = folder == nil && !unsorted && (!tag.isEmpty || pinned)
        // Unsorted Notes are the notes directly at the root, with or without -r.
        let positions = index.positions(inFolder: node.path, recursive: !unsorted && (recursive || everywhere))
        // In the list order with nothing but a limit, a row's note is built only to print it
        // (`ls -r` of a cached vault never holds every note at once).
        if recursive, tag.isEmpty, !pinned, list.sort == nil, !list.reverse, !output.json, format == nil {
            // A daemon keeps the order of its snapshot.
            let ordered = RowMemo.listOrder(positions, limit: limit, index: index)
            if list.pathsOnly { return list.printPaths(positions: ordered, index: index) }
            printHeading(node, everywhere: everywhere)
            if ordered.isEmpty { return printEmpty(node) }
            return NoteRows.print(
                positions: ordered, index: index, snippets: snippetOptions.enabled(index.config), showFolder: true, keep: true)
        }
        var notes = index.notesInListOrder(positions, limit: nil)
        // A folder's manual order (notez order) applies to its own notes.
        if !everywhere, !recursive { notes = ((try? ManualOrder.load(root: index.root)) ?? ManualOrder()).sorted(notes, folder: node.path) }
        for key in tag.map({ TagKey($0) }) {
            notes = notes.filter { $0.tagKeys.contains { $0.isSelfOrDescendant(of: key) } }
        }
        if pinned { notes = notes.filter(\.pinned) }
        notes = list.ordered(notes, root: index.root)
        if let limit { notes = Array(notes.prefix(limit)) }
        if list.pathsOnly {
            list.printPaths(notes)
            return
        }
        if output.json {
            Terminal.line(JSONValue.array(notes.map { NoteJSON.object($0, in: index) }).text())
            return
        }
        if let format { return ListOptions.print(notes, index: index, format: format) }
        printHeading(node, everywhere: everywhere)
        if notes.isEmpty { return printEmpty(node) }
        NoteRows.print(notes, index: index, snippets: snippetOptions.enabled(index.config), showFolder: recursive || everywhere)
    }

    /// The folder's breadcrumb (or "Unsorted Notes") and, unless filtering everywhere, its subfolders.
    private func printHeading(_ node: FolderNode, everywhere: Bool) {
        if !node.path.isEmpty {
            Terminal.line(Terminal.bold(node.path.split(separator: "/").map { TerminalText.safe(String($0)) }.joined(separator: " › ")))
        } else if unsorted {
            Terminal.line(Terminal.bold("Unsorted Notes"))
        }
        if !everywhere && !unsorted && !node.children.isEmpty {
            // `--limit` bounds the subfolder rows too (a folder of 119 subfolders must not bury 4 notes).
            let shown = node.children.prefix(limit ?? node.children.count)
            // Counts in one column; a very long name is cut rather than pushing its count away.
            let names = shown.map { TerminalText.safe($0.name) + "/" }
            let width = min(40, names.map(TerminalText.displayWidth).max() ?? 0)
            for (child, name) in zip(shown, names) {
                let label = TerminalText.pad(TerminalText.cut(name, width), width)
                Terminal.line("  " + Terminal.dot(child.color) + label + Terminal.dim(TerminalText.right(child.count, 6)))
            }
            if shown.count < node.children.count {
                let more = node.children.count - shown.count
                Terminal.line(Terminal.dim("  … \(more) more folder\(more == 1 ? "" : "s") (notez folder tree)"))
            }
            Terminal.line()
        }
    }

    /// Why the list is empty.
    private func printEmpty(_ node: FolderNode) {
        if !tag.isEmpty {
            let names = tag.map { "'\(TerminalText.safe($0))'" }.joined(separator: " and ")
            Terminal.line("No notes with tag\(tag.count == 1 ? "" : "s") \(names) here.")
        } else if pinned {
            Terminal.line("No pinned notes here.")
        } else {
            Terminal.line(node.path.isEmpty ? "No notes at the root." : "This folder has no notes of its own.")
        }
    }
}
