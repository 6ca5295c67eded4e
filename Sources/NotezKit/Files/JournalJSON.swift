/// The one JSON shape of a journal entry, for `history --json` and MCP's `history`:
/// `{"id", "time", "operation", "arguments", "command", "files", "fileCount", "complete",
/// "recovered", "failed", "rolledBack", "undoes", "undoneBy", "undoable", "reason"}` (docs/json.md).
public enum JournalJSON {
    /// The entry as a JSON object; `fileLimit` keeps the first paths of `files` (`fileCount` counts all).
    public static func object(_ record: JournalRecord, history: JournalHistory, fileLimit: Int = .max) -> JSONValue {
        let status = history.undoability(of: record)
        var reason: JSONValue = .null
        if case .notUndoable(let text) = status { reason = .string(text) }
        let files = record.steps.filter(\.touchesFile).map(\.path)
        return .object([
            ("id", .string(record.id)),
            ("time", .string(record.time)),
            ("operation", .string(record.operation)),
            ("arguments", .array(record.arguments.map(JSONValue.string))),
            ("command", .string(JournalHistory.commandLine(record, history: history))),
            ("files", .array(files.prefix(fileLimit).map(JSONValue.string))),
            ("fileCount", .int(files.count)),
            ("complete", .bool(record.complete)),
            ("recovered", .bool(record.recovered ?? false)),
            ("failed", .bool(record.failed ?? false)),
            ("rolledBack", .bool(record.rolledBack ?? false)),
            ("undoes", record.undoes.map(JSONValue.string) ?? .null),
            ("undoneBy", history.undoneBy[record.id].map(JSONValue.string) ?? .null),
            ("undoable", .bool(status == .undoable)),
            ("reason", reason),
        ])
    }
}
