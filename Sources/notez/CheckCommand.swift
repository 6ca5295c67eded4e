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
        let (noLinks, noAttachments, json) = (noLinks, noAttachments, output.json)
        // The cached view answers when it is current and keeps what check needs (no full index:
        // docs/performance.md, "check from the cached view"); else the full index, as before.
        let (notes, full) = try vault.loadForCheck { cached in
            VaultCheck.answers(from: cached, links: !noLinks) && CaptureSettings.load(root: cached.root).schemas.isEmpty
        }
        let journal = Journal(writer: try AtomicWriter(root: notes.root))
        let settings = CaptureClock.settings(root: notes.root)
        let ignored = journal.pending().ignored + journal.read().ignored
        // The tag proposals (one core) are made while the findings are gathered on the others.
        let (found, suggestions) = Parallel.both(
            { () -> Result<VaultCheck, any Error> in
                // From the cached view: the same findings in the same order as below, without the full index.
                if let cached = notes as? CachedIndex, settings.schemas.isEmpty,
                    let found = VaultCheck.bodyAndLinkFindings(cached, links: !noLinks, attachments: !noAttachments),
                    var check = VaultCheck(cached: cached, extra: ignored + SyncConflicts.issues(notes: cached, markers: found.markers))
                {
                    check.findings += found.dates
                    check.findings += found.links
                    return .success(check)
                }
                return Result {
                    let index = try (notes as? VaultIndex) ?? full()
                    let properties = PropertyCheck.issues(index: index, settings: settings, files: DiskVaultFiles(root: index.root))
                    // Every note's dates and conflict markers (from the cache, else one read of each
                    // note), and its links with the vault's other files (a link to one, of any name, is
                    // no broken link), from one reading of the cache.
                    let found = VaultCheck.bodyAndLinkFindings(index, links: !noLinks, attachments: !noAttachments)
                    var check = VaultCheck(index: index, extra: ignored + properties + SyncConflicts.issues(index: index, markers: found.markers))
                    check.findings += found.dates
                    check.findings += found.links
                    return check
                }
            },
            { json ? [] : TagSuggestion.suggestions(for: notes) })
        let check = try found.get()
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
            if check.findings.isEmpty { Terminal.line("No problems in \(notes.noteCount) notes.") }
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
                    "notez: \(check.findings.count) problem\(check.findings.count == 1 ? "" : "s") in \(notes.noteCount) notes\n")
            }
        }
        if !check.findings.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
    }
}
