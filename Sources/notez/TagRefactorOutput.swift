import NotezKit

/// The summaries of `tag rename`, `tag merge`, `tag delete` and `undo`: one line per tag on stdout,
/// and the per-tag counts in the JSON summary.
enum TagRefactorOutput {
    /// `"tags": [{"name", "color", "registered", "notes", "hadTarget", "renamedTo"}]` and `"target"`.
    static func json(_ plan: Plan) -> [(String, JSONValue)] {
        guard let details = TagOperationDetails(plan.details) else { return [] }
        var pairs: [(String, JSONValue)] = [
            (
                "tags",
                .array(
                    details.sources.map { source in
                        .object([
                            ("name", .string(source.name)),
                            ("color", source.color.map(JSONValue.string) ?? .null),
                            ("registered", .bool(source.registered)),
                            ("notes", .int(source.notes.count)),
                            ("hadTarget", .int(source.hadTarget.count)),
                            ("renamedTo", source.renamedTo.map(JSONValue.string) ?? .null),
                        ])
                    })
            )
        ]
        if let target = details.target { pairs.append(("target", .string(target))) }
        return pairs
    }

    /// What was done, in a few lines (never one line per file: a merge may touch 10,000 notes).
    static func summary(_ plan: Plan, _ result: OperationRunner.Result) -> [String] {
        guard let details = TagOperationDetails(plan.details) else { return PlanSummary.lines(plan, result) }
        let failed = Set(result.issues.map(\.path))
        let updated = plan.steps.filter { $0.kind == .edit && !failed.contains($0.path) }.count
        let tags = details.sources
        var lines: [String] = []
        switch details.kind {
        case .merge:
            lines.append(
                "merged " + tags.map { "'\($0.name)' (\(count($0.notes.count)))" }.joined(separator: ", ")
                    + " into '\(details.target ?? "")'")
        case .rename:
            lines += tags.map { tag in
                let target = tag.renamedTo ?? ""
                return tag.name == target
                    ? "every spelling of '\(target)' is now '\(target)' (\(count(tag.notes.count)))"
                    : "renamed '\(tag.name)' → '\(target)' (\(count(tag.notes.count)))"
            }
        case .delete:
            lines += tags.map { "deleted '\($0.name)' from \(count($0.notes.count))" }
        }
        lines.append(
            "\(updated) note\(updated == 1 ? "" : "s") updated"
                + (plan.steps.contains { $0.path == ".notez/tags.yaml" } ? ", registry updated" : ""))
        if let id = result.id { lines.append("journal \(id); undo with: notez undo") }
        return lines
    }

    static func count(_ value: Int) -> String { "\(value) note\(value == 1 ? "" : "s")" }
}
