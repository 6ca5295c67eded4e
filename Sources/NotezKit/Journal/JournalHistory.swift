/// The journal read as a history: which operations are in force, which undo undid which, and
/// whether an operation can be undone now (and if not, why).
///
/// An undo is itself an operation; undoing an undo re-applies the original ("redo"). A record is in
/// force unless an undo record that is itself in force names it.
public struct JournalHistory: Sendable {
    /// Every record, oldest first.
    public let records: [JournalRecord]
    private let position: [String: Int]
    /// For each undone record, the id of the undo that is in force.
    public let undoneBy: [String: String]

    /// Whether a record can be undone now.
    public enum Undoability: Sendable, Equatable {
        case undoable
        case notUndoable(String)
    }

    /// Reads the records (oldest first).
    public init(records: [JournalRecord]) {
        self.records = records
        var position: [String: Int] = [:]
        for (index, record) in records.enumerated() { position[record.id] = index }
        self.position = position
        var undone: [String: String] = [:]
        // Newest first: an undo that is not itself undone undoes its target.
        for record in records.reversed() where undone[record.id] == nil && record.failed != true {
            if let target = record.undoes { undone[target] = record.id }
        }
        undoneBy = undone
    }

    /// The record with an id, or with an id that starts with `id` when only one does.
    public func record(_ id: String) -> JournalRecord? {
        if let index = position[id] { return records[index] }
        let matches = records.filter { $0.id.hasPrefix(id) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// True when no undo in force names the record.
    func isInForce(_ record: JournalRecord) -> Bool { undoneBy[record.id] == nil }

    /// The original operation at the bottom of a chain of undos, and how many undos lie above it
    /// (even: the record has the original's effect; odd: it reverses it).
    public func origin(of record: JournalRecord) -> (record: JournalRecord, depth: Int) {
        var current = record
        var depth = 0
        while let target = current.undoes, let index = position[target], depth < records.count {
            current = records[index]
            depth += 1
        }
        return (current, depth)
    }

    /// The tag refactoring a record performs or reverses, if any.
    func tagDetails(of record: JournalRecord) -> TagOperationDetails? {
        TagOperationDetails(origin(of: record).record.details)
    }

    /// True for operations on tags (`tag ...`, and undos of them), for `notez tag history`.
    public func isTagOperation(_ record: JournalRecord) -> Bool {
        origin(of: record).record.operation.hasPrefix("tag ")
    }

    /// The record `notez undo` without an id undoes: the newest operation in force that is not an
    /// undo and not the automatic trash purge.
    func defaultTarget() -> JournalRecord? {
        records.last { $0.complete && $0.failed != true && $0.undoes == nil && isInForce($0) && $0.operation != "trash purge" }
    }

    /// The later operation in force that stops `record` (a tag rename, merge or deletion) from being
    /// undone: one that involves any of its tags (the same tag, a parent or a child). Merges are
    /// undone in reverse order only. Nil when nothing stands in the way.
    func blocker(of record: JournalRecord) -> JournalRecord? {
        let (_, depth) = origin(of: record)
        guard depth % 2 == 0, let details = tagDetails(of: record), let start = position[record.id] else { return nil }
        let keys = details.involvedKeys
        for later in records[(start + 1)...].reversed() where later.complete && isInForce(later) {
            guard origin(of: later).depth % 2 == 0, let other = tagDetails(of: later) else { continue }
            let overlaps = other.involvedKeys.contains { otherKey in
                keys.contains { otherKey.isSelfOrDescendant(of: $0) || $0.isSelfOrDescendant(of: otherKey) }
            }
            if overlaps { return later }
        }
        return nil
    }

    /// Whether the record can be undone now, and if not, why.
    public func undoability(of record: JournalRecord) -> Undoability {
        if !record.complete {
            if let issue = record.issues?.first(where: { $0.failed == true }) {
                return .notUndoable("stopped by a failure (\(issue.reason)) and pending: 'notez recover' finishes it once the cause is fixed")
            }
            return .notUndoable("interrupted; the next notez command that changes the vault finishes it")
        }
        if record.rolledBack == true {
            let cause = record.issues?.first(where: { $0.failed == true }).map { " (\($0.reason))" } ?? ""
            return .notUndoable("failed\(cause) and was rolled back: nothing of it is in the vault")
        }
        if record.failed == true { return .notUndoable("nothing of it was applied") }
        if let by = undoneBy[record.id] { return .notUndoable("already undone by \(by)") }
        if record.steps.contains(where: { $0.inverted == nil }) {
            return .notUndoable("deleted files permanently")
        }
        if let later = blocker(of: record) {
            return .notUndoable(
                "the later '\(JournalHistory.commandLine(later, history: self))' (\(later.id)) involves the same tags; "
                    + "undo it first: notez undo \(later.id)")
        }
        return .undoable
    }

    /// The record's command as a user would type it: `tag merge ideas "space travel" --into someday`,
    /// `undo 20261118T110640000Z-0001 (tag merge ...)`.
    public static func commandLine(_ record: JournalRecord, history: JournalHistory? = nil) -> String {
        let words = [record.operation] + record.arguments.map(TagRefactorPlanner.shellQuoted)
        var line = words.joined(separator: " ")
        if let target = record.undoes, let undone = history?.record(target) {
            line += " (" + commandLine(undone, history: history) + ")"
        }
        return line
    }
}
