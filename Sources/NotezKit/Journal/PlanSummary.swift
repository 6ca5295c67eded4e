/// The words every front end uses for what an applied plan did.
public enum PlanSummary {
    /// One line per applied step (`updated`, `created`, `moved a -> b`, ...), `done` when only
    /// notez's own files changed, `nothing to do` for an empty plan.
    public static func lines(_ plan: Plan, _ result: OperationRunner.Result) -> [String] {
        let failed = Set(result.issues.map(\.path))
        var lines: [String] = []
        for step in plan.steps where !failed.contains(step.path) && !step.path.hasPrefix(".notez/") {
            switch step.kind {
            case .edit: lines.append("updated \(step.path)")
            case .write: lines.append(step.before == nil ? "created \(step.path)" : "updated \(step.path)")
            case .move: lines.append("moved \(step.path) -> \(step.to ?? "")")
            case .createFolder: lines.append("created folder \(step.path)")
            case .removeFolder: lines.append("removed folder \(step.path)")
            case .delete: lines.append("deleted \(step.path)")
            case .copy: lines.append("copied \(step.path)")
            }
        }
        if lines.isEmpty, !plan.steps.isEmpty { lines.append("done") }
        if plan.steps.isEmpty, plan.messages.isEmpty, plan.skipped.isEmpty { lines.append("nothing to do") }
        return lines
    }
}
