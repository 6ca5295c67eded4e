/// The inverse of a journaled operation, as a new plan (journaled like any other; `undoes` names the record).
public enum UndoPlanner {
    /// The steps of `record` inverted and in reverse order, with edit steps re-read from the files
    /// as they are now. Throws when a step cannot be undone (a permanent delete).
    public static func inverse(of record: JournalRecord, files: any VaultFiles) throws(NotezError) -> Plan {
        var steps: [FileStep] = []
        for step in record.steps.reversed() {
            guard let inverted = step.inverted else {
                throw .refused("'\(record.operation)' (\(record.id)) deleted files permanently and cannot be undone")
            }
            steps.append(inverted)
        }
        var plan = PlanBuilder.rebase(steps, files: files, operation: "undo", arguments: [record.id])
        plan.details["undoes"] = [record.id]
        return plan
    }
}
