import ArgumentParser
import Foundation
import NotezKit

/// `notez export [QUERY] --format json|markdown --out PATH`: the matched notes (all by default),
/// written outside the vault; never replaces anything, never writes into the vault.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export notes (all, or those a query matches) as JSON, Markdown files, a static HTML site or PDF.",
        discussion: """
            json: one document (schema in docs/export-and-sync.md) with each note's metadata, front matter \
            as JSON and exact bytes; 'notez import' restores it. markdown: a new folder (or, for a path \
            ending in .zip, a zip file) with the notes and their attachments at their vault paths. html: a \
            static site (overview, folder, tag and note pages; no JavaScript). pdf: the html pages printed \
            by headless Chromium. --out must not exist and must be outside the vault; json without --out \
            (or with --out -) goes to stdout.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, markdown, html, pdf
    }

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A query (as for 'notez search'); default: every note.", valueName: "query"))
    var query: [String] = []

    @Option(name: .long, help: "json, markdown (a folder, or a .zip, of the notes and their attachments), html (a static site) or pdf (through headless Chromium).", completion: .list(["json", "markdown", "html", "pdf"]))
    var format: Format = .json

    @Option(name: .long, help: ArgumentHelp("The new file (json, or markdown ending in .zip) or folder (markdown) to write; '-' is stdout for json.", valueName: "path"), completion: .file())
    var out: String?

    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if let option = query.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError("unknown option '\(option)'")
        }
        if format != .json, out == nil || out == "-" { throw ValidationError("--format \(format.rawValue) needs --out PATH") }
    }

    func run() throws {
        let text = query.joined(separator: " ")
        let node = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try QueryArgument.parse(text)
        let index = try vault.loadIndex()
        let found = try node.map { try vault.session().search($0, over: index) }
        // A symlinked note the query matched is left out by the search and reported as the
        // exports report one (the whole vault's export meets them itself).
        let leftOut = (found?.diagnostics ?? []).compactMap { diagnostic -> FileIssue? in
            guard case .symlinked(let path) = diagnostic else { return nil }
            return FileIssue(path: path, reason: "symlinked note; not exported")
        }
        let notes = (found?.notes() ?? index.notes)
            .sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        let destination = try out.flatMap { $0 == "-" ? nil : try ExportDestination(path: $0, vaultRoot: index.root) }
        var issues: [FileIssue]
        var count: Int
        var attachments = 0
        switch format {
        case .json:
            let (document, skipped) = JSONExport.document(
                notes: notes, index: index, query: node.map(QuerySerializer.serialize), now: PlanExecution.now)
            issues = skipped
            count = notes.count - skipped.count
            let json = document.text() + "\n"
            if let destination {
                try destination.writeFile(Array(json.utf8))
            } else {
                Terminal.line(String(json.dropLast()))
            }
        case .markdown:
            guard let destination else { throw CLIExit(code: CLIExit.usage, message: "--format markdown needs --out FOLDER") }
            // A `.zip` path gets an archive of the same files.
            let result =
                destination.path.lowercased().hasSuffix(".zip")
                ? try MarkdownExport.writeZip(notes: notes, index: index, to: destination)
                : try MarkdownExport.write(notes: notes, index: index, to: destination)
            issues = result.issues
            count = result.written.count
            attachments = result.attachments.count
            if result.unlinked > 0 {
                Terminal.notice(
                    "\(result.unlinked) link\(result.unlinked == 1 ? "" : "s") to notes that are not exported became plain text")
            }
        case .html, .pdf:
            guard let destination else { throw CLIExit(code: CLIExit.usage, message: "--format \(format.rawValue) needs --out PATH") }
            // Checked before the pages are built: a missing browser is said at once.
            if format == .pdf, PDFPrinter.browser() == nil { throw CLIExit(code: CLIExit.io, message: PDFPrinter.missing) }
            let site = HTMLExport(notes: notes, index: index, now: PlanExecution.now)
            issues = site.issues
            count = notes.count - site.issues.filter { $0.reason.hasPrefix("symlinked") || $0.failed == true }.count
            if format == .html {
                try site.write(to: destination)
            } else {
                let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("notez-pdf-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
                defer { try? FileManager.default.removeItem(at: scratch) }
                try destination.writeFile(try PDFPrinter.print(site: site, scratch: scratch, vaultRoot: index.root))
            }
        }
        issues += leftOut
        for issue in issues { Terminal.warning(TerminalText.safe("\(issue.path): \(issue.reason)")) }
        if let destination {
            let extra = attachments == 0 ? "" : " and \(attachments) attachment\(attachments == 1 ? "" : "s")"
            Terminal.notice(TerminalText.safe("exported \(count) note\(count == 1 ? "" : "s")\(extra) to \(destination.path)"))
        }
        if !issues.isEmpty {
            throw CLIExit(code: CLIExit.io, message: "\(issues.count) file\(issues.count == 1 ? " was" : "s were") left out of the export (see above)")
        }
    }
}
