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
        for (position, step) in record.steps.enumerated() {
            progress?(position, record.steps.count)
            switch try applier.apply(step) {
            case .applied, .alreadyDone: applied.append(step.path)
            case .replanned:
                applied.append(step.path)
                replanned.append(step.path)
            case .skipped(let reason): issues.append(FileIssue(path: step.path, reason: reason))
            case .failed(let reason): issues.append(FileIssue(path: step.path, reason: reason, failed: true))
            }
        }
        progress?(record.steps.count, record.steps.count)
        record.complete = true
        record.completed = NoteDate.iso8601(now)
        record.issues = issues.isEmpty ? nil : issues
        record.failed = applied.isEmpty && !issues.isEmpty ? true : nil
        return (applied, replanned, issues)
    }
}
