/// What every command that changes the vault does first, under the vault lock: finish interrupted
/// operations, then purge old trash. Read commands only report (`readOnlyNotices`).
public enum Startup {
    /// Runs recovery and the automatic trash purge; returns messages for stderr (without the `notez: ` prefix).
    /// A vault without `.notez/` is left alone.
    public static func run(root: String, config: VaultConfig, now: Double, counter: WriteCounter) throws(NotezError) -> [String] {
        let writer = try AtomicWriter(root: root)
        guard writer.directory.kind(".notez") == .folder else { return [] }
        let lock = try VaultLock.acquire(writer)
        defer { withExtendedLifetime(lock) {} }
        var messages = try Recovery.finishInterrupted(writer: writer, counter: counter, now: now)
        guard config.trashDays > 0, writer.directory.kind(TrashPlanner.folder) == .folder else { return messages }
        let index = VaultIndex(root: writer.root, config: config, notes: [], folders: [])
        let plan = try TrashPlanner.purge(days: config.trashDays, now: now, index: index, files: DiskVaultFiles(root: writer.root))
        if !plan.isEmpty {
            let result = try OperationRunner(writer: writer, counter: counter).run(plan, now: now)
            let count = plan.steps.filter { $0.kind == .removeFolder }.count
            messages.append(
                "purged \(count) note\(count == 1 ? "" : "s") trashed more than \(config.trashDays) days ago"
                    + (result.issues.isEmpty ? "" : " (\(result.issues.count) left alone)"))
        }
        return messages
    }

    /// What a read command says instead of writing: interrupted operations it leaves for the next
    /// changing command, and journal files this machine did not write. Reads only.
    public static func readOnlyNotices(root: String) -> [String] {
        guard let writer = try? AtomicWriter(root: root), writer.directory.kind(Journal.folder) != nil else { return [] }
        let (pending, ignored) = Journal(writer: writer).pending()
        var notices = ignored.map { "warning: \($0.path): \($0.reason)" }
        if !pending.isEmpty {
            notices.append(
                "\(pending.count) interrupted operation\(pending.count == 1 ? " is" : "s are") pending; "
                    + "the next command that changes the vault finishes \(pending.count == 1 ? "it" : "them") (this one only reads)")
        }
        return notices
    }
}
