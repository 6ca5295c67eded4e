import ArgumentParser
import Foundation
import NotezKit

/// `notez attachments NOTE` and `notez attachments --orphans`.
struct AttachmentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attachments",
        abstract: "List a note's attachments (size, kind by content, missing or not), or the orphans of the vault.",
        discussion: """
            With --orphans: the files in attachment folders that no note links to. Exit status 1 when there is \
            nothing to list, 3 when a missing attachment is listed or a note could not be read. docs/attachments.md.
            """)

    @Argument(help: "The note: a path (with or without .md) or a unique title.", completion: Completions.notes)
    var note: String?

    @Flag(name: .long, help: "List files in attachment folders that no note links to.")
    var orphans = false

    @Flag(name: .long, help: "Print one vault-relative path a line, for pipes.")
    var paths = false

    @Flag(name: .long, help: "Like --paths, but end each path with a NUL byte (for xargs -0).")
    var print0 = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if orphans == (note != nil) { throw ValidationError("give a NOTE or --orphans (not both)") }
    }

    func run() throws {
        let index = try vault.loadIndex()
        let scan = AttachmentScan(index: index)
        let resolver = LinkResolver(index: index, files: scan)
        let directory = try VaultDirectory(root: index.root)
        if orphans {
            let rule = try AttachmentFolderRule.load(root: index.root, config: index.config)
            let (references, unread) = scan.allReferences(index: index, resolver: resolver)
            if !unread.isEmpty {
                // An unread note may link to a file: calling it an orphan could get it deleted.
                throw CLIExit(
                    code: CLIExit.io,
                    message: "\(unread.count) note\(unread.count == 1 ? "" : "s") could not be read (\(unread.prefix(3).joined(separator: ", "))); "
                        + "orphans are not listed")
            }
            let found = scan.orphans(folders: AttachmentScan.attachmentFolders(rule: rule, index: index), references: references)
            printFiles(found, directory: directory)
            if found.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
            return
        }
        let found = try index.resolve(note ?? "")
        let contents = try NoteReader.readAll(index.root + "/" + found.path)
        let references = scan.references(ofFile: contents.bytes, source: found.path, resolver: resolver)
        if paths || print0 {
            printPaths(references.compactMap { $0.exists ? $0.path : nil })
        } else if output.json {
            Terminal.line(
                JSONValue.array(
                    references.map { reference in
                        let facts = reference.exists ? reference.path.flatMap { AttachmentScan.describe($0, directory: directory) } : nil
                        return .object([
                            ("line", .int(reference.line)),
                            ("text", .string(reference.text)),
                            ("target", .string(reference.target)),
                            ("path", reference.path.map(JSONValue.string) ?? .null),
                            ("exists", .bool(reference.exists)),
                            ("size", facts.map { JSONValue.int(Int($0.size)) } ?? .null),
                            ("kind", facts.map { JSONValue.string($0.kind.rawValue) } ?? .null),
                        ])
                    }
                ).text())
        } else {
            for reference in references {
                let facts = reference.exists ? reference.path.flatMap { AttachmentScan.describe($0, directory: directory) } : nil
                let shown = reference.path ?? "(outside the vault)"
                let state = facts.map { "\(AttachmentsCommand.size($0.size))  \($0.kind.rawValue)" } ?? "missing"
                Terminal.line(TerminalText.safe("\(reference.line): \(shown)  \(state)"))
            }
        }
        if references.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
        if references.contains(where: { !$0.exists }) {
            throw CLIExit(code: CLIExit.io, message: "some attachments are missing (see notez check)")
        }
    }

    /// Orphans: path, size and kind a line, or paths only, or JSON.
    func printFiles(_ found: [String], directory: VaultDirectory) {
        if paths || print0 { return printPaths(found) }
        let rows = found.map { ($0, AttachmentScan.describe($0, directory: directory)) }
        if output.json {
            Terminal.line(
                JSONValue.array(
                    rows.map { path, facts in
                        .object([
                            ("path", .string(path)),
                            ("size", facts.map { JSONValue.int(Int($0.size)) } ?? .null),
                            ("kind", facts.map { JSONValue.string($0.kind.rawValue) } ?? .null),
                        ])
                    }
                ).text())
            return
        }
        for (path, facts) in rows {
            Terminal.line(TerminalText.safe("\(path)  " + (facts.map { "\(AttachmentsCommand.size($0.size))  \($0.kind.rawValue)" } ?? "")))
        }
    }

    func printPaths(_ list: [String]) {
        if print0 {
            Terminal.raw(list.map { $0 + "\0" }.joined())
        } else {
            for path in list { Terminal.line(TerminalText.safe(path)) }
        }
    }

    /// `812 B`, `14.2 kB`, `3.1 MB` (decimal units, as the 250 MB limit).
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
