/// The library half of `notez sync`: the `.gitattributes` lines that route notes to the merge
/// driver, and commit messages that say what notez did. (Running git is the command's part.)
public enum SyncPlanner {
    /// The merge driver's name in git's configuration (`merge.notez.driver`).
    static let driverName = "notez"
    /// The attribute lines `sync --setup` makes sure `.gitattributes` has.
    static let attributeLines = ["*.md merge=notez", "*.markdown merge=notez"]

    /// A plan that adds the missing attribute lines to the vault's `.gitattributes` (kept as it
    /// is otherwise; created when missing); empty when every line is there.
    public static func setupPlan(index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        var plan = Plan(operation: "sync --setup", arguments: [])
        let path = ".gitattributes"
        switch files.kind(path) {
        case nil, .file: break
        default: throw .refused("'.gitattributes' is not a regular file; notez never writes through symlinks")
        }
        let previous = try files.read(path).map(\.bytes)
        guard let previousText = String(validating: previous ?? [], as: UTF8.self) else {
            throw .refused("'.gitattributes' is not UTF-8 text; add the lines yourself: " + attributeLines.joined(separator: "; "))
        }
        let present = Set(previousText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = attributeLines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return plan }
        var text = previousText
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += missing.map { $0 + "\n" }.joined()
        plan.steps.append(.write(path, contents: text, previous: previous == nil ? nil : previousText))
        plan.previews[PathKey(path)] = Plan.Preview(before: previous ?? [], after: Array(text.utf8))
        return plan
    }

    /// The commit message for notez's own changes: the operations (complete, not failed) whose
    /// files are among `changed` (vault-relative), oldest first. The first line names the one
    /// operation (`notez: tag merge a --into b (37 files)`) or counts them; nil when none.
    public static func commitMessage(records: [JournalRecord], changed: Set<String>) -> (message: String, paths: [String])? {
        var lines: [String] = []
        var paths: [String] = []
        var seen: Set<String> = []
        for record in records where record.complete && record.failed != true {
            let touched = record.steps.flatMap { step in [step.path] + (step.to.map { [$0] } ?? []) }
                .filter { changed.contains($0) && !$0.hasPrefix(".notez/journal/") }
            guard !touched.isEmpty else { continue }
            let count = record.fileCount
            lines.append("notez: \(JournalHistory.commandLine(record)) (\(count) file\(count == 1 ? "" : "s"))")
            for path in touched where seen.insert(path).inserted { paths.append(path) }
        }
        guard !lines.isEmpty else { return nil }
        if lines.count == 1 { return (lines[0], paths) }
        return ("notez: \(lines.count) operations\n\n" + lines.joined(separator: "\n"), paths)
    }
}
