import ArgumentParser
import NotezKit

/// `--vault PATH`, shared by every command, and opening the vault.
struct VaultOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The vault folder (default: $NOTEZ_VAULT, else the nearest folder with .notez/, else the current folder).", valueName: "path"),
        completion: .directory)
    var vault: String?

    /// A `--vault` given before the subcommand (`notez --vault V ls`), which the parser would reject.
    nonisolated(unsafe) static var leadingVault: String?

    /// Removes a leading `--vault PATH` / `--vault=PATH` and remembers it for every command.
    static func takeLeadingVault(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--vault", rest.count >= 2 {
                leadingVault = rest[rest.startIndex + 1]
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--vault=") {
                leadingVault = String(first.dropFirst("--vault=".count))
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        return Array(rest)
    }

    /// The explicit vault, after the subcommand or before it.
    var explicitVault: String? { vault ?? VaultOptions.leadingVault }

    /// The vault root.
    func root() throws -> String {
        if let warm = VaultOptions.warm { return warm.root }
        return try VaultLocator.root(explicit: explicitVault)
    }

    /// A daemon answering a warm request: the vault (already checked to be the one the command
    /// names) and its index, used instead of locating and reading the vault.
    nonisolated(unsafe) static var warm: (root: String, index: VaultIndex)?

    /// The vault's index for a command that only reads: nothing is written into the vault (no
    /// recovery, no purge, no `.notez/`); pending operations and untrusted files are only reported.
    func loadIndex() throws -> VaultIndex {
        try build(prepare(dryRun: true))
    }

    /// The vault's notes for a query that follows no link: the running daemon's index, else the
    /// memory-mapped cache when no note changed, else the full index (`IndexBuilder.collection`).
    func loadCollection() throws -> any NoteCollection {
        if let warm = VaultOptions.warm?.index { return report(warm) }
        return report(IndexBuilder.collection(root: try prepare(dryRun: true)))
    }

    /// The vault's settings, registry and trash without its notes (nothing is walked or read), for
    /// a read that needs only those and the root (`history`, `trash list`).
    func loadSettings() throws -> VaultIndex {
        let root = try prepare(dryRun: true)
        return report(VaultOptions.warm?.index ?? IndexBuilder.settingsIndex(root: root))
    }

    /// The vault's index for a command that changes the vault: takes the vault lock (held until the
    /// process exits, so planning and writing see no other writer), finishes interrupted operations
    /// and purges old trash first. A dry run changes nothing and is treated as a read.
    func openForChange(dryRun: Bool = false) throws -> VaultIndex {
        try build(prepare(dryRun: dryRun))
    }

    /// As `openForChange`, for `rename`: the index cache with the few notes changed since it was
    /// written read afresh (`LinkFocus`), when it proves itself current; else the full index.
    func openForRename(dryRun: Bool = false) throws -> (focus: LinkFocus?, index: VaultIndex?) {
        let root = try prepare(dryRun: dryRun)
        if VaultOptions.warm == nil, let focus = LinkFocus.open(root: root) {
            warn(focus.stateProblems)
            return (focus, nil)
        }
        return (nil, try build(root))
    }

    /// For a command that only creates a note (`new`, `today`): the same start as `openForChange`
    /// (lock, recovery, queued captures) but no note is read: the index holds the vault's settings
    /// and no notes (`IndexBuilder.settingsIndex`), so the command costs the same in any vault.
    func openForCapture(dryRun: Bool = false) throws -> VaultIndex {
        let root = try prepare(dryRun: dryRun)
        return report(VaultOptions.warm?.index ?? IndexBuilder.settingsIndex(root: root))
    }

    /// Locates the vault. A read (or dry run) reports what it leaves pending; a change takes the
    /// lock, finishes interrupted operations, purges old trash and delivers queued captures.
    private func prepare(dryRun: Bool) throws -> String {
        let root = try root()
        if dryRun {
            for message in Startup.readOnlyNotices(root: root) { Terminal.notice(TerminalText.safe(message)) }
            return root
        }
        let writer = try AtomicWriter(root: root)
        // A vault without .notez/ has no journal to protect yet; the first operation that writes
        // creates .notez/ and takes the lock itself (OperationRunner), so a refused command leaves nothing.
        if writer.directory.kind(".notez") != nil { VaultOptions.heldLock = try VaultLock.acquire(writer) }
        for message in StartupDuties.run(root: root) { Terminal.notice(TerminalText.safe(message)) }
        for message in QueueFlush.run(root: root) { Terminal.notice(TerminalText.safe(message)) }
        return root
    }

    /// The lock of a changing command, kept for the life of the process.
    nonisolated(unsafe) static var heldLock: VaultLock?

    private func build(_ root: String) throws -> VaultIndex {
        try report(VaultOptions.warm?.index ?? IndexBuilder.build(root: root))
    }

    /// The index, after warning about notez's own files that were not used.
    private func report<Notes: NoteCollection>(_ index: Notes) -> Notes {
        warn(index.stateProblems)
        return index
    }

    private func warn(_ problems: [FileIssue]) {
        for problem in problems where !problem.path.hasPrefix(TrashPlanner.folder) {
            Terminal.warning(TerminalText.safe("\(problem.path): \(problem.reason)"))
        }
    }
}

/// `--json`, shared by listings.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (the schema is in the README).")
    var json = false
}

/// `--snippets` / `--no-snippets`, overriding the `snippets` setting.
struct SnippetOptions: ParsableArguments {
    @Flag(name: .long, inversion: .prefixedNo, help: "Show a plain-text snippet under each note (default: the 'snippets' setting).")
    var snippets: Bool?

    /// Whether to show snippets in this run.
    func enabled(_ config: VaultConfig) -> Bool { snippets ?? config.snippets }
}
