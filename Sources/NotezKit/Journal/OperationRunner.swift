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
        /// Set when a step failed (a system call: no space, no permission, a vanished folder):
        /// the operation was then rolled back or stays pending.
        public var failure: Failure?
    }

    /// A step that failed, and what became of the operation.
    public struct Failure: Sendable, Equatable {
        /// The step's path and the reason.
        public var issue: FileIssue
        /// True: the steps applied before it were undone (in reverse, from the journal), the vault
        /// is as before and the record says `rolledBack`. False: they could not all be undone and
        /// the operation stays pending; `recover` finishes it once the cause is gone.
        public var rolledBack: Bool
        /// The steps that had been applied when it failed.
        public var stepsApplied: Int
        /// The steps of the operation.
        public var stepCount: Int
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
        let applier = StepApplier(writer: writer, counter: counter)
        let outcome = try OperationRunner.apply(&record, applier: applier, now: now, progress: progress)
        result.replanned = outcome.replanned
        result.issues += outcome.issues
        guard let failure = outcome.failure else {
            result.applied = outcome.applied
            try journal.finish(record)
            return result
        }
        // All or nothing: the steps applied so far are undone in reverse; if one cannot be, the
        // record stays pending (marker kept) and recovery rolls the operation forward instead.
        let rolledBack = OperationRunner.rollBack(record, done: outcome.done, failed: failure.index, applier: applier)
        record.issues = outcome.issues
        result.failure = Failure(
            issue: failure.issue, rolledBack: rolledBack, stepsApplied: outcome.done.count, stepCount: record.steps.count)
        if rolledBack {
            record.complete = true
            record.completed = NoteDate.iso8601(now)
            record.failed = true
            record.rolledBack = true
            try journal.finish(record)
        } else {
            result.applied = outcome.applied
            // The failure is noted for `history`; the marker alone keeps the operation pending.
            try? journal.save(record)
        }
        return result
    }

    /// Undoes, newest first, the steps `done` and the step that `failed` (its system call may have
    /// taken effect before failing). True when every one is undone or was never applied.
    static func rollBack(_ record: JournalRecord, done: [Int], failed: Int, applier: StepApplier) -> Bool {
        for index in (done + [failed]).sorted(by: >) where !applier.undo(record.steps[index]) {
            return false
        }
        return true
    }

    /// What applying a record's steps did.
    struct Applied {
        var applied: [String] = []
        var replanned: [String] = []
        var issues: [FileIssue] = []
        /// The indexes of the steps this run changed something for (applied or re-planned).
        var done: [Int] = []
        /// The step whose system call failed; the steps after it were not attempted.
        var failure: (index: Int, issue: FileIssue)?
    }

    /// Applies the steps of a record in order and, when all were attempted, fills in its completion
    /// fields. Stops at the first step whose system call fails (the record stays incomplete).
    static func apply(_ record: inout JournalRecord, applier: StepApplier, now: Double, progress: Progress? = nil) throws(NotezError)
        -> Applied
    {
        var result = Applied()
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
                case .applied:
                    result.applied.append(step.path)
                    result.done.append(index)
                case .alreadyDone: result.applied.append(step.path)
                case .replanned:
                    result.applied.append(step.path)
                    result.replanned.append(step.path)
                    result.done.append(index)
                case .skipped(let reason): result.issues.append(FileIssue(path: step.path, reason: reason))
                case .failed(let reason):
                    let issue = FileIssue(path: step.path, reason: reason, failed: true)
                    result.issues.append(issue)
                    result.failure = (index, issue)
                    // The edits prepared after it are dropped (their temporary files removed):
                    // the commits already made are durable before anything is undone.
                    if !prepared.isEmpty { try? applier.writer.syncAll() }
                    return result
                }
            }
            if !prepared.isEmpty { try applier.writer.syncAll() }
            position = batch.upperBound
        }
        progress?(record.steps.count, record.steps.count)
        record.complete = true
        record.completed = NoteDate.iso8601(now)
        record.issues = result.issues.isEmpty ? nil : result.issues
        record.failed = result.applied.isEmpty && !result.issues.isEmpty ? true : nil
        return result
    }
}
