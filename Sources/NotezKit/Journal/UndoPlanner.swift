/// The inverse of a journaled operation, as a new plan (journaled like any other; `undoes` names the record).
enum UndoPlanner {
    /// The steps of `record` inverted and in reverse order, with edit steps re-read from the files
    /// as they are now. Throws when a step cannot be undone (a permanent delete).
    ///
    /// An edit step that journals whole files (`notez edit`) becomes a write of the file before the
    /// editor ran when the file is still exactly what the edit left; otherwise only its front matter
    /// edits are inverted (the `modified` value), and the plan says so.
    static func inverse(of record: JournalRecord, files: any VaultFiles) throws(NotezError) -> Plan {
        var steps: [FileStep] = []
        var messages: [String] = []
        for step in record.steps.reversed() {
            if step.kind == .edit, let after = step.contents, let previous = step.previousContents {
                let current = (try? files.read(step.path)) ?? nil
                if let current, current.bytes.elementsEqual(after.utf8) {
                    steps.append(.write(step.path, contents: previous, previous: after))
                    continue
                }
                if current != nil {
                    messages.append("\(step.path) changed since the edit; only its 'modified' value is restored")
                }
            }
            guard let inverted = step.inverted else {
                throw .refused("'\(record.operation)' (\(record.id)) deleted files permanently and cannot be undone")
            }
            steps.append(inverted)
        }
        var plan = PlanBuilder.rebase(steps, files: files, operation: "undo", arguments: [record.id])
        plan.details["undoes"] = [record.id]
        plan.messages += messages
        return plan
    }
}
