/// Finishes operations that a crash or kill interrupted (roll forward), at the start of every
/// command that changes the vault, under the vault lock.
enum Recovery {
    /// Rolls every trusted pending record forward, removes temporary files a kill left behind, and
    /// returns one message per record for stderr, e.g. `finished an interrupted 'mv' (3 files)`,
    /// plus a warning for each marker or record that this machine did not write (never replayed).
    static func finishInterrupted(writer: AtomicWriter, counter: WriteCounter, now: Double) throws(NotezError) -> [String] {
        guard writer.directory.kind(Journal.folder) != nil else { return [] }
        let lock = try VaultLock.acquire(writer)
        defer { withExtendedLifetime(lock) {} }
        let journal = Journal(writer: writer)
        let (pending, ignored) = journal.pending()
        var messages = ignored.map { "warning: \($0.path): \($0.reason)" }
        var folders: Set<String> = [".notez", Journal.folder, AtomicWriter.temporaryFolder]
        let applier = StepApplier(writer: writer, counter: counter)
        for id in pending {
            let found: JournalRecord?
            do {
                found = try journal.record(id: id)
            } catch {
                messages.append("warning: an interrupted operation was not finished: \(error.description)")
                continue
            }
            guard var record = found, !record.complete else {
                // The marker was written but not the record (nothing was touched), or completion
                // was written but the marker not yet removed.
                try journal.dropMarker(id)
                continue
            }
            for step in record.steps {
                folders.insert(VaultPath.folder(of: step.path))
                if let target = step.to { folders.insert(VaultPath.folder(of: target)) }
            }
            let outcome = try OperationRunner.apply(&record, applier: applier, now: now)
            if let failure = outcome.failure {
                // Still not finishable (the disk is still full, the folder still not writable):
                // it stays pending, and so do the operations after it, which may build on it.
                record.issues = outcome.issues
                try? journal.save(record)
                messages.append(
                    "could not finish an interrupted '\(record.operation)': \(failure.issue.reason); "
                        + "it stays pending: run 'notez recover' once the cause is fixed")
                break
            }
            record.recovered = true
            try journal.finish(record)
            var message = "finished an interrupted '\(record.operation)' (\(record.fileCount) file\(record.fileCount == 1 ? "" : "s"))"
            if !outcome.issues.isEmpty {
                message += "; left alone: " + outcome.issues.map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
            }
            messages.append(message)
        }
        // Under the lock no other notez is writing, so every temporary file is a leftover of a kill.
        for folder in folders.sorted() {
            for name in writer.removeStaleTemporaries(in: folder) {
                messages.append("removed '\(VaultPath.join(folder, name))', left by an interrupted write")
            }
        }
        return messages
    }
}
