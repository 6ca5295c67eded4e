/// Runs a plan: journal record (fsynced) → each step → record marked complete.
public struct OperationRunner: Sendable {
    /// The vault's writer.
    public let writer: AtomicWriter
    /// Counts step writes (fault injection).
    public let counter: WriteCounter

    /// What running a plan did.
    public struct Result: Sendable, Equatable {
        /// The journal record id (nil when the plan was empty and nothing was journaled).
        public var id: String?
        /// Paths whose step was applied (or already done).
        public var applied: [String] = []
        /// Paths whose file had changed since the plan and whose edits were re-applied.
        public var replanned: [String] = []
        /// Files left alone (at planning or while applying), with the reason.
        public var issues: [FileIssue] = []
    }

    /// A runner for the vault at `root`; the counter defaults to `NOTEZ_FAULT_AFTER_WRITES`.
    public init(writer: AtomicWriter, counter: WriteCounter) {
        self.writer = writer
        self.counter = counter
    }

    /// Steps per batch of a large operation (open files: two per prepared edit).
    static let batchSize = 128
    /// The fewest edits in a batch for which one file system sync beats one fsync per file.
    static let minimumBatch = 16

    /// Called after each step with (steps done, total steps), for progress lines.
    public typealias Progress = (Int, Int) -> Void

    /// Journals and applies a plan. `undoes` names the record an undo reverses (default: the plan's
    /// `details["undoes"]`, which undo plans carry).
    public func run(_ plan: Plan, now: Double, undoes: String? = nil, progress: Progress? = nil) throws(NotezError) -> Result {
        var result = Result(issues: plan.skipped)
        guard !plan.steps.isEmpty else { return result }
        // Nothing is journaled for a plan that would have to write through a symlink or outside
        // the vault: the whole operation is refused before anything is written.
        for step in plan.steps {
            try writer.directory.checkReachable(step.path)
            if let target = step.to { try writer.directory.checkReachable(target) }
        }
        let lock = try VaultLock.acquire(writer)
        defer { withExtendedLifetime(lock) {} }
        let journal = Journal(writer: writer)
        try journal.ensureFolder()
        var record = JournalRecord(
            id: journal.newID(time: now), plan: plan, time: now,
            undoes: undoes ?? plan.details["undoes"]?.first)
        try journal.begin(record)
        result.id = record.id
        let outcome = try OperationRunner.apply(
            &record, applier: StepApplier(writer: writer, counter: counter), now: now,
            progress: progress)
        result.applied = outcome.applied
        result.replanned = outcome.replanned
        result.issues += outcome.issues
        try journal.finish(record)
        return result
    }

    /// Applies every step of a record and fills in its completion fields.
    static func apply(_ record: inout JournalRecord, applier: StepApplier, now: Double, progress: Progress? = nil) throws(NotezError)
        -> (applied: [String], replanned: [String], issues: [FileIssue])
    {
        var applied: [String] = []
        var replanned: [String] = []
        var issues: [FileIssue] = []
        var position = 0
        while position < record.steps.count {
            // A batch is a run of edits (or one other step): an edit after a move must not be
            // prepared before the move put its file in place.
            var end = position + 1
            if record.steps[position].kind == .edit {
                while end < min(position + batchSize, record.steps.count), record.steps[end].kind == .edit { end += 1 }
            }
            let batch = position..<end
            // Durability in batches: the edits' temporary files are written, one file system sync
            // makes them durable, then each is committed (guarded as always) and one more sync
            // makes the commits durable. Small batches keep the per-file fsyncs of `write`.
            var prepared: [Int: StepApplier.Preparation] = [:]
            let edits = batch.filter { record.steps[$0].kind == .edit }
            if edits.count >= minimumBatch {
                for index in edits { prepared[index] = applier.prepare(record.steps[index]) }
                try applier.writer.syncAll()
            }
            for index in batch {
                let step = record.steps[index]
                progress?(index, record.steps.count)
                let outcome: StepApplier.Outcome
                if let preparation = prepared[index] {
                    outcome = try applier.commit(step, preparation)
                } else {
                    outcome = try applier.apply(step)
                }
                switch outcome {
                case .applied, .alreadyDone: applied.append(step.path)
                case .replanned:
                    applied.append(step.path)
                    replanned.append(step.path)
                case .skipped(let reason): issues.append(FileIssue(path: step.path, reason: reason))
                case .failed(let reason): issues.append(FileIssue(path: step.path, reason: reason, failed: true))
                }
            }
            if !prepared.isEmpty { try applier.writer.syncAll() }
            position = batch.upperBound
        }
        progress?(record.steps.count, record.steps.count)
        record.complete = true
        record.completed = NoteDate.iso8601(now)
        record.issues = issues.isEmpty ? nil : issues
        record.failed = applied.isEmpty && !issues.isEmpty ? true : nil
        return (applied, replanned, issues)
    }
}
