/// What every notez command does first: finish interrupted operations, then purge old trash.
public enum Startup {
    /// Runs recovery and the automatic trash purge; returns messages for stderr (without the `notez: ` prefix).
    /// A vault without `.notez/` is left alone.
    public static func run(root: String, config: VaultConfig, now: Double, counter: WriteCounter) throws(NotezError) -> [String] {
        let files = DiskVaultFiles(root: root)
        guard files.kind(".notez") == .folder else { return [] }
        let writer = try AtomicWriter(root: root)
        var messages = try Recovery.finishInterrupted(writer: writer, counter: counter, now: now)
        guard config.trashDays > 0, files.kind(TrashPlanner.folder) == .folder else { return messages }
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
}
