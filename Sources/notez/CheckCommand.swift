import ArgumentParser
import NotezKit

/// `notez check`: report problems; exit 1 when there are any.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the vault: YAML errors, unreadable files and dates, folder and tag name clashes, broken links, missing and orphaned attachments.")

    @Flag(name: .customLong("no-links"), help: "Do not read note bodies for broken and ambiguous links.")
    var noLinks = false

    @Flag(name: .customLong("no-attachments"), help: "Do not look for missing attachments and orphans (--no-links skips them too).")
    var noAttachments = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let index = try vault.loadIndex()
        let journal = Journal(writer: try AtomicWriter(root: index.root))
        let settings = CaptureClock.settings(root: index.root)
        let ignored = journal.pending().ignored + journal.read().ignored
        let (noLinks, noAttachments, json) = (noLinks, noAttachments, output.json)
        // The tag proposals (one core) are made while the findings are gathered on the others.
        let (check, suggestions) = Parallel.both(
            {
                let properties = PropertyCheck.issues(index: index, settings: settings, files: DiskVaultFiles(root: index.root))
                // Every note's dates and conflict markers (from the cache, else one read of each
                // note), and its links with the vault's other files (a link to one, of any name, is
                // no broken link), from one reading of the cache.
                let found = VaultCheck.bodyAndLinkFindings(index, links: !noLinks, attachments: !noAttachments)
                var check = VaultCheck(index: index, extra: ignored + properties + SyncConflicts.issues(index: index, markers: found.markers))
                check.findings += found.dates
                check.findings += found.links
                return check
            },
            { json ? [] : TagSuggestion.suggestions(for: index) })
        if output.json {
            Terminal.line(
                JSONValue.array(
                    check.findings.map { finding in
                        .object([
                            ("path", .string(finding.path)),
                            ("line", finding.line.map(JSONValue.int) ?? .null),
                            ("column", finding.column.map(JSONValue.int) ?? .null),
                            ("message", .string(finding.message)),
                        ])
                    }
                ).text())
        } else {
            for lines in CheckOutput.lines(check.findings) { Terminal.bytes(lines) }
            if check.findings.isEmpty { Terminal.line("No problems in \(index.notes.count) notes.") }
            // Near-duplicate tags are no problem (the status stays), but check is where people look.
            if !suggestions.isEmpty {
                if !check.findings.isEmpty { Terminal.line() }
                Terminal.line(
                    "\(suggestions.count) tag merge proposal\(suggestions.count == 1 ? "" : "s") (not problems; evidence: notez tag suggest):")
                for suggestion in suggestions { Terminal.line("  " + TerminalText.safe(TagSuggestCommand.command(suggestion))) }
            }
            if !check.findings.isEmpty {
                Terminal.flush()
                FileHandleOutput.stderr(
                    "notez: \(check.findings.count) problem\(check.findings.count == 1 ? "" : "s") in \(index.notes.count) notes\n")
            }
        }
        if !check.findings.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
    }
}
