/// The one JSON shape of a change, planned or applied, for `--json` of every changing command and
/// MCP's write tools: `{"operation", "journal", "dryRun", "steps": [{"kind", "path", "to"}],
/// "stepCount", "messages", "skipped": [{"path", "reason"}]}`, plus `"outcome": "rolled back" |
/// "pending"` when a step failed (docs/json.md).
public enum PlanJSON {
    /// The plan (and its result once run) as JSON fields; `stepLimit` keeps the first steps
    /// (`stepCount` counts all).
    public static func fields(_ plan: Plan, result: OperationRunner.Result?, dryRun: Bool, stepLimit: Int = .max) -> [(String, JSONValue)] {
        let issues = result?.issues ?? plan.skipped
        var pairs: [(String, JSONValue)] = [
            ("operation", .string(plan.operation)),
            ("journal", result?.id.map(JSONValue.string) ?? .null),
            ("dryRun", .bool(dryRun)),
            (
                "steps",
                .array(
                    plan.steps.prefix(stepLimit).map { step in
                        var pairs: [(String, JSONValue)] = [("kind", .string(step.kind.rawValue)), ("path", .string(step.path))]
                        if let to = step.to { pairs.append(("to", .string(to))) }
                        return .object(pairs)
                    })
            ),
            ("stepCount", .int(plan.steps.count)),
            ("messages", .array(plan.messages.map(JSONValue.string))),
            ("skipped", .array(issues.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
        ]
        if let failure = result?.failure { pairs.append(("outcome", .string(failure.rolledBack ? "rolled back" : "pending"))) }
        return pairs
    }
}
