import ArgumentParser
import NotezKit

/// `--sort`, `--reverse`, `--paths` and `--print0`, shared by the note lists (`ls`, `search`).
struct ListOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Sort by modified or created (newest first) or title (A to Z) instead of pinned first, then newest.",
            valueName: "key"))
    var sort: NoteSortKey?

    @Flag(name: .long, help: "Reverse the order of the list.")
    var reverse = false

    @Flag(name: .long, help: "Print one vault-relative path a line, for pipes.")
    var paths = false

    @Flag(name: .long, help: "Like --paths, but end each path with a NUL byte (for xargs -0).")
    var print0 = false

    /// Whether only paths are printed.
    var pathsOnly: Bool { paths || print0 }

    /// The notes in the chosen order (the default order is the one they come in).
    func ordered(_ notes: [Note]) -> [Note] {
        let result = sort?.sorted(notes) ?? notes
        return reverse ? result.reversed() : result
    }

    /// Prints the paths of `notes`, one a line or NUL-terminated.
    func printPaths(_ notes: [Note]) {
        printPaths(notes.map(\.path))
    }

    /// Prints vault-relative paths, one a line or NUL-terminated.
    func printPaths(_ paths: [String]) {
        if print0 {
            // Exact bytes: NUL-terminated paths are for programs, which need the real names.
            Terminal.raw(paths.map { $0 + "\0" }.joined())
        } else {
            for path in paths { Terminal.line(TerminalText.safe(path)) }
        }
    }
}

extension NoteSortKey: ExpressibleByArgument {}
