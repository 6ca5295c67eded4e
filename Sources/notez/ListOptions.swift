import ArgumentParser
import NotezKit

/// `--sort`, `--reverse`, `--paths`, `--print0`, `--format` and `--delimiter`, shared by the note
/// lists (`ls`, `search`).
struct ListOptions: ParsableArguments {
    // `.unconditional`: `--sort -modified` is a value, not an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Sort by title, path, created, modified, size, word-count, random or relevance (search words, best first) instead of pinned first, then newest; "
                + "'-' before or after the key for descending, '+' for ascending (default: A to Z, newest or largest first, "
                + "fewest words first; word-count reads every listed note).",
            valueName: "key"),
        completion: .list(NoteOrder.names + NoteOrder.names.filter { $0 != "random" }.flatMap { ["\($0)-", "\($0)+"] }))
    var sort: NoteOrder?

    @Flag(name: .long, help: "Reverse the order of the list.")
    var reverse = false

    @Flag(name: .long, help: "Print one vault-relative path a line, for pipes (short for --format path).")
    var paths = false

    @Flag(name: .long, help: "Like --paths, but end each path with a NUL byte, for xargs -0 (short for --format path --delimiter '\\0').")
    var print0 = false

    @OptionGroup var formatOptions: FormatOptions

    /// Whether only paths are printed.
    var pathsOnly: Bool { paths || print0 || isPathFormat }

    /// `--format path`.
    private var isPathFormat: Bool { formatOptions.format == "path" }

    /// The `--format` other than `path` (which is `pathsOnly`), checked; nil without one.
    func rowFormat() throws -> ListFormat? {
        let format = try formatOptions.resolve(.notes)
        if case .path = format { return nil }
        return format
    }

    /// Whether --json, --paths, --print0 and --format are combined (only one may be given).
    func conflicts(json: Bool) -> Bool {
        [json, paths, print0, formatOptions.format != nil].filter { $0 }.count > 1
    }

    /// Whether the order is random (a daemon does not answer: no two runs print the same).
    var isRandom: Bool { sort?.key == .random }

    /// The notes in the chosen order (the default order is the one they come in); `root` is the
    /// vault's, where `word-count` reads the notes.
    func ordered(_ notes: [Note], root: String) -> [Note] {
        let result = sort?.sorted(notes, root: root) ?? notes
        return reverse ? result.reversed() : result
    }

    /// Prints the paths of `notes`, one a line or NUL-terminated.
    func printPaths(_ notes: [Note]) {
        printPaths(notes.map(\.path))
    }

    /// Prints vault-relative paths, one a line or NUL-terminated (or as `--delimiter` ends them).
    func printPaths(_ paths: [String]) {
        if print0 {
            // Exact bytes: NUL-terminated paths are for programs, which need the real names.
            Terminal.raw(paths.map { $0 + "\0" }.joined())
        } else if isPathFormat, let delimiter = formatOptions.delimiter {
            ListPrinter.printPaths(paths, terminator: FormatOptions.unescape(delimiter))
        } else {
            // Laid out as bytes and handed over 64 KiB at a time, as `Terminal.line` would flush them.
            var out: [UInt8] = []
            out.reserveCapacity(1 << 16 + 4096)
            for path in paths {
                TerminalText.appendSafeLine(path, to: &out)
                if out.count > 1 << 16 {
                    Terminal.bytes(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            if !out.isEmpty { Terminal.bytes(out) }
        }
    }

    /// Prints the paths of the notes at `positions` as `printPaths(_:)` would, one a line laid out
    /// from the bytes the collection lends (no `String` per path) when nothing else is asked.
    func printPaths(positions: [Int], index: any NoteCollection) {
        guard !print0, !(isPathFormat && formatOptions.delimiter != nil) else {
            return printPaths(positions.map { index.path(at: $0) })
        }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16 + 4096)
        index.forEachPath(at: positions[...]) { path in
            if ByteText.needsNoEscape(path) {
                out.append(contentsOf: path)
                out.append(0x0A)
            } else {
                TerminalText.appendSafeLine(String(decoding: path, as: UTF8.self), to: &out)
            }
            if out.count > 1 << 16 {
                Terminal.bytes(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { Terminal.bytes(out) }
    }

    /// Prints notes in a `--format` other than path.
    static func print(_ notes: [Note], index: any NoteCollection, format: ListFormat) {
        let rows = notes.map { ListRow(json: NoteJSON.object($0, in: index), extra: [("size", .int(Int($0.stamp.size)))]) }
        ListPrinter.print(rows, schema: .notes, format: format)
    }
}

extension NoteOrder: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }

    public var defaultValueDescription: String { (descending ? "-" : "+") + key.rawValue }

    public static var allValueStrings: [String] { names }
}
