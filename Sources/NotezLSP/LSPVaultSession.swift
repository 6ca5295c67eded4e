import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The vault behind `notez lsp`: the live index kept current by the watcher, the editor catalog of
/// its latest snapshot, and plans run through the vault's `Vault` session (under the vault lock,
/// after the startup duties, journaled, so `notez undo` reverses them), as `notez mcp` runs them.
final class LSPVaultSession: @unchecked Sendable {
    /// The absolute vault root.
    let root: String
    /// The root with symlinks in its own path resolved: editors may name files by either.
    let realRoot: String
    let live: WatchedIndex
    /// Changes go through a session on the disk's state: the live snapshot may lag a change made a
    /// moment ago by another program.
    private let session: Vault
    private let lock = NSLock()
    private var cached: (version: Int, generation: Int, catalog: EditorCatalog)?

    /// Opens the vault at `root` and starts watching it.
    init(root: String) throws(NotezError) {
        self.root = root
        realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let config = (try? VaultConfig.load(root: root)) ?? VaultConfig()
        live = WatchedIndex(root: root, config: config)
        session = Vault(root: root)
        try live.start()
    }

    /// Stops the watcher.
    func close() { live.stop() }

    /// The catalog of the current snapshot (built again only when the snapshot changed).
    func catalog() -> EditorCatalog {
        // After a change on disk the old catalog is let go before the new snapshot is made: it holds
        // the old snapshot, which would make the update copy the index's tables instead of changing
        // them in place, and two catalogs would be alive at once.
        let generation = live.currentGeneration
        lock.withLock { if let held = cached, held.generation != generation { cached = nil } }
        let (index, version) = live.versionedSnapshot()
        if let found = lock.withLock({ cached?.version == version ? cached?.catalog : nil }) { return found }
        let catalog = EditorCatalog(index: index)
        lock.withLock { cached = (version, generation, catalog) }
        return catalog
    }

    /// Calls `listener` after every batch of changes on disk.
    func onChange(_ listener: @escaping @Sendable () -> Void) {
        live.addListener { _ in listener() }
    }

    /// The bytes of the note at vault path `path` on disk (nil when missing, unreadable, over the
    /// size limit or a symlink).
    func readNote(_ path: String) -> [UInt8]? {
        guard LSPDocumentPath.isPlainFile(root: root, relative: path) else { return nil }
        return try? NoteReader.readAll(root + "/" + path).bytes
    }

    /// Plans with `makePlan` on a fresh index and runs the plan, under the vault lock, after
    /// recovery, as a changing CLI command does; `check` may refuse the plan before anything is
    /// written. Returns the journal id and the changed paths.
    func run(
        makePlan: (VaultIndex) throws -> Plan, check: (Plan) throws -> Void
    ) throws -> (journal: String?, plan: Plan) {
        _ = try session.beginChange()
        defer { session.endChange() }
        let plan = try makePlan(try session.index())
        if plan.isEmpty, !plan.skipped.isEmpty {
            throw LSP.ResponseError(
                code: LSP.ResponseError.requestFailed,
                message: "nothing was changed: " + plan.skipped.prefix(10).map { "\($0.path): \($0.reason)" }.joined(separator: "; "))
        }
        try check(plan)
        let result = try session.run(plan)
        if let failure = result.failure {
            throw LSP.ResponseError(
                code: LSP.ResponseError.requestFailed,
                message: "'\(plan.operation)' failed: \(failure.issue.reason); "
                    + (failure.rolledBack ? "nothing was changed" : "the operation is pending: run 'notez recover' once the cause is fixed"))
        }
        return (result.id, plan)
    }

    /// The current time; `NOTEZ_NOW` fixes it, as for the CLI.
    static var now: Double { Vault.now() }
}
