/// Finishes operations that a crash or kill interrupted (roll forward), at the start of every command.
public enum Recovery {
    /// Rolls every pending record forward and returns one message per record for stderr, e.g.
    /// `finished an interrupted 'mv' (3 files)`. Does nothing when another notez holds the journal lock.
    public static func finishInterrupted(writer: AtomicWriter, counter: WriteCounter, now: Double) throws(NotezError) -> [String] {
        let journal = Journal(writer: writer)
        guard DiskVaultFiles(root: writer.root).kind(Journal.folder) == .folder else { return [] }
        let pending = journal.pendingIDs()
        guard !pending.isEmpty else { return [] }
        // A running notez holds the lock and its record is pending on purpose: leave it alone.
        guard let lock = try journal.lock(wait: false) else { return [] }
        defer { withExtendedLifetime(lock) {} }
        var messages: [String] = []
        let applier = StepApplier(writer: writer, counter: counter)
        for id in journal.pendingIDs() {
            guard var record = try journal.record(id: id), !record.complete else {
                // The marker was written but not the record (nothing was touched), or completion
                // was written but the marker not yet removed.
                try journal.dropMarker(id)
                continue
            }
            let outcome = try OperationRunner.apply(&record, applier: applier, now: now)
            record.recovered = true
            try journal.finish(record)
            var message = "finished an interrupted '\(record.operation)' (\(record.fileCount) file\(record.fileCount == 1 ? "" : "s"))"
            if !outcome.issues.isEmpty {
                message += "; left alone: " + outcome.issues.map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
            }
            messages.append(message)
        }
        return messages
    }
}
