import ArgumentParser
import Foundation
import NotezKit

/// `--vault PATH`, shared by every command, and opening the vault.
struct VaultOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The vault folder (default: $NOTEZ_VAULT, else the nearest folder with .notez/, else the current folder).", valueName: "path"),
        completion: .directory)
    var vault: String?

    /// Removes a leading `--vault PATH` / `--vault=PATH`; returns the rest and the vault it named.
    static func takeLeadingVault(_ arguments: [String]) -> (arguments: [String], vault: String?) {
        var rest = arguments[...]
        var vault: String?
        while let first = rest.first {
            if first == "--vault", rest.count >= 2 {
                vault = rest[rest.startIndex + 1]
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--vault=") {
                vault = String(first.dropFirst("--vault=".count))
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        return (Array(rest), vault)
    }

    /// The explicit vault, after the subcommand or before it.
    var explicitVault: String? { vault ?? CommandRun.current?.leadingVault }

    /// The session of the vault this command names (a daemon's warm session when one answers).
    func session() throws -> Vault {
        if let warm = CommandRun.current?.warm { return warm }
        return CommandRun.session(root: try Vault.locate(explicit: explicitVault).root)
    }

    /// The vault root.
    func root() throws -> String { try session().root }

    /// The vault's index for a command that only reads: nothing is written into the vault (no
    /// recovery, no purge, no `.notez/`); pending operations and untrusted files are only reported.
    func loadIndex() throws -> VaultIndex {
        let session = try prepare(dryRun: true)
        return report(try session.index(), session)
    }

    /// The vault's notes for a query that follows no link: the running daemon's index, else the
    /// memory-mapped cache when no note changed, else the full index. `snippets`: false when the
    /// command prints none (a first run of many notes then makes none).
    func loadCollection(snippets: Bool = true) throws -> any NoteCollection {
        let session = try prepare(dryRun: true)
        return report(session.collection(snippets: snippets), session)
    }

    /// For `check`: the cached view when it proves itself current and `answers` says it can answer
    /// (`VaultCheck.answers(from:links:)`), else the full index (as `loadIndex`); warned about once.
    /// `full` builds the full index, without warning again, for a view that turns out not to answer.
    func loadForCheck(answers: (CachedIndex) -> Bool) throws -> (notes: any NoteCollection, full: @Sendable () throws -> VaultIndex) {
        let session = try prepare(dryRun: true)
        let full: @Sendable () throws -> VaultIndex = { try session.index() }
        if let cached = session.cachedView(), answers(cached) { return (report(cached, session), full) }
        return (report(try session.index(), session), full)
    }

    /// The notes matching `query` (`Vault.search`, `onlyMatches` as there), after its warnings:
    /// notes whose body full text skipped, symlinked notes left out.
    func search(_ query: QueryNode, ignoringAccents: Bool, ranked: Bool = false, snippets: Bool = true, onlyMatches: Bool = false) throws
        -> SearchResult
    {
        let session = try prepare(dryRun: true)
        let result = try session.search(query, ignoringAccents: ignoringAccents, ranked: ranked, snippets: snippets, onlyMatches: onlyMatches)
        _ = report(result.collection, session)
        for diagnostic in result.diagnostics { Terminal.warning(TerminalText.safe(diagnostic.message)) }
        return result
    }

    /// The vault's settings, registry and trash without its notes (nothing is walked or read), for
    /// a read that needs only those and the root (`history`, `trash list`).
    func loadSettings() throws -> VaultIndex {
        let session = try prepare(dryRun: true)
        return report(session.settingsIndex(), session)
    }

    /// The vault's index for a command that changes the vault: takes the vault lock (held until the
    /// command ends, so planning and writing see no other writer), finishes interrupted operations,
    /// purges old trash and delivers queued captures first. A dry run changes nothing and is a read.
    func openForChange(dryRun: Bool = false) throws -> VaultIndex {
        let session = try prepare(dryRun: dryRun)
        return report(try session.index(), session)
    }

    /// As `openForChange`, for `rename NOTE TITLE`: the notes a running `notez watch` names for it
    /// (`FocusSet`, read now; the note's path is the one the watch resolved), else the index cache
    /// with the few notes changed since it was written read afresh (`LinkFocus`), when it proves
    /// itself current; else the full index.
    func openForRename(dryRun: Bool = false, note: String, title: String) throws
        -> (warm: (index: VaultIndex, notePath: String, freeTargets: [String])?, focus: LinkFocus?, index: VaultIndex?)
    {
        let session = try prepare(dryRun: dryRun)
        if let (set, index) = try warmFocus([RenameFocusCommand.name, "--", note, title], session) {
            return (warm: (index: report(index, session), notePath: set.notePath, freeTargets: set.freeTargets ?? []), focus: nil, index: nil)
        }
        if let focus = session.linkFocus() {
            warn(session.stateWarnings(focus.stateProblems))
            return (warm: nil, focus: focus, index: nil)
        }
        return (warm: nil, focus: nil, index: report(try session.index(), session))
    }

    /// As `openForRename`, for `mv`: the plan `warm` makes from the notes a running `notez watch`
    /// names for the hidden request `focusRequest` (nil: the set cannot give it), else the plan
    /// `focused` makes from the index cache when it proves itself current and the plan needs no more
    /// (nil: it needs the whole index), else the plan `whole` makes from the full index. The vault
    /// lock is taken once, before any of them.
    func planFocused(
        dryRun: Bool, focusRequest: [String], warm: (VaultIndex, FocusSet) throws -> Plan?, focused: (LinkFocus) throws -> Plan?,
        whole: (VaultIndex) throws -> Plan
    ) throws -> (plan: Plan, root: String) {
        let session = try prepare(dryRun: dryRun)
        // What an earlier way warned about is not said twice when a later one plans.
        var warned: [String] = []
        func warnOnce(_ problems: [FileIssue]) {
            let fresh = session.stateWarnings(problems).filter { !warned.contains($0) }
            warn(fresh)
            warned += fresh
        }
        if let (set, index) = try warmFocus(focusRequest, session) {
            warnOnce(index.stateProblems)
            if let plan = try warm(index, set) { return (plan, session.root) }
            try refuseIfWarmRequired("the plan needs more notes than the watch named")
        }
        if let focus = session.linkFocus() {
            warnOnce(focus.stateProblems)
            if let plan = try focused(focus) { return (plan, focus.root) }
        }
        let index = try session.index()
        warnOnce(index.stateProblems)
        return (try whole(index), index.root)
    }

    /// As `openForChange`, for a command that edits only the notes `notes` name and reads nothing
    /// else of the vault (`pin`, `unpin`, `tag remove`, `set`): an index of only those notes, as a
    /// running `notez watch` names them, else as the index cache resolves them when it proves itself
    /// current; else (an argument that names no single note among them) the full index.
    func openForNoteEdit(dryRun: Bool = false, notes: [String]) throws -> VaultIndex {
        let session = try prepare(dryRun: dryRun)
        if let (_, index) = try warmFocus([NoteFocusCommand.name, "--"] + notes, session) { return report(index, session) }
        if let focus = session.linkFocus(), let index = focus.index(ofNotes: notes) {
            warn(session.stateWarnings(focus.stateProblems))
            return index
        }
        return report(try session.index(), session)
    }

    /// For a command that only creates a note (`new`, `today`): the same start as `openForChange`
    /// but no note is read: the index holds the vault's settings and no notes, so the command costs
    /// the same in any vault.
    func openForCapture(dryRun: Bool = false) throws -> VaultIndex {
        let session = try prepare(dryRun: dryRun)
        return report(session.settingsIndex(), session)
    }

    /// The set a running watch answers to the hidden request `request` and the index of its notes,
    /// read now; nil when no watch answers or a note changed since the watch indexed it (with
    /// `NOTEZ_WARM=require`, an error: status 6).
    private func warmFocus(_ request: [String], _ session: Vault) throws -> (FocusSet, VaultIndex)? {
        guard !session.isWarm, let set = try WarmFocus.ask(request, root: session.root) else { return nil }
        if let index = set.index(root: session.root) { return (set, index) }
        try refuseIfWarmRequired("a note changed since the watch indexed it")
        return nil
    }

    /// With `NOTEZ_WARM=require` a change that did not plan from the watch's notes fails (status 6).
    private func refuseIfWarmRequired(_ reason: String) throws {
        if getenv("NOTEZ_WARM").map({ String(cString: $0) }) == "require" {
            throw CLIExit(code: WarmPath.notAnswered, message: "NOTEZ_WARM=require, but \(reason)")
        }
    }

    /// The session, after its start: a read (or dry run) reports what it leaves pending; a change
    /// takes the lock and does the startup duties (`Vault.beginChange`).
    private func prepare(dryRun: Bool) throws -> Vault {
        let session = try session()
        let notices = dryRun ? session.readNotices() : try session.beginChange()
        for message in notices { Terminal.notice(TerminalText.safe(message)) }
        return session
    }

    /// The index, after warning about notez's own files that were not used.
    private func report<Notes: NoteCollection>(_ index: Notes, _ session: Vault) -> Notes {
        warn(session.stateWarnings(index.stateProblems))
        return index
    }

    private func warn(_ warnings: [String]) {
        for warning in warnings { Terminal.warning(TerminalText.safe(warning)) }
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
