/// One journaled operation, stored as `.notez/journal/<id>.json`.
public struct JournalRecord: Sendable, Equatable, Codable {
    /// The format version of the record.
    public var version: Int = 1
    /// Sortable id: UTC time with milliseconds and a counter, `20261121T101500123Z-0001`.
    public var id: String
    /// The command (`mv`, `tag add`, `folder delete`, ...).
    public var operation: String
    /// The command's arguments as given.
    public var arguments: [String]
    /// When the operation started, ISO 8601 UTC.
    public var time: String
    /// The file steps in application order.
    public var steps: [FileStep]
    /// Operation-specific data for undo.
    public var details: [String: [String]]
    /// Messages the plan reported (clashes renamed, ...).
    public var messages: [String]
    /// Files left alone when planning.
    public var skipped: [FileIssue]
    /// The id of the record this operation undoes, if it is an undo.
    public var undoes: String?
    /// True once every step was applied (or reported).
    public var complete: Bool
    /// When it completed, ISO 8601 UTC.
    public var completed: String?
    /// Whether it was finished by recovery after an interruption.
    public var recovered: Bool?
    /// Steps that could not be applied, with the reason.
    public var issues: [FileIssue]?
    /// True when no step could be applied: the operation is on record but had no effect, so it is
    /// neither in force nor undoable (a failed undo never counts as done).
    public var failed: Bool?
    /// True when a step failed and the steps applied before it were undone: nothing of the
    /// operation is in the vault (`failed` is then true too).
    public var rolledBack: Bool?

    /// A new, incomplete record of a plan.
    public init(id: String, plan: Plan, time: Double, undoes: String? = nil) {
        self.id = id
        operation = plan.operation
        arguments = plan.arguments
        self.time = NoteDate.iso8601(time)
        steps = plan.steps
        details = plan.details
        messages = plan.messages
        skipped = plan.skipped
        self.undoes = undoes
        complete = false
    }

    /// The number of file steps (not folder steps), for messages.
    public var fileCount: Int { steps.filter(\.touchesFile).count }
}
