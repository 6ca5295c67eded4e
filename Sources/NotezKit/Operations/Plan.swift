/// A planned mutation: a pure value, printable for `--dry-run`, applied through the journal.
public struct Plan: Sendable {
    /// The command name (`mv`, `tag add`, ...), journaled.
    public var operation: String
    /// The arguments as the user gave them, journaled.
    public var arguments: [String]
    /// The file steps, in the order they are applied.
    public var steps: [FileStep] = []
    /// Things the user should know (a clash renamed, notes moved to Unsorted).
    public var messages: [String] = []
    /// Files left alone at planning time, with the reason (editor refusals, symlinks, no-ops).
    public var skipped: [FileIssue] = []
    /// Operation-specific data journaled for undo (for example the notes that had a tag).
    public var details: [String: [String]] = [:]
    /// The question to ask before a destructive plan is applied; nil when no confirmation is needed.
    public var confirmation: String?
    /// Before and after bytes of edited and written files, for the dry-run diff (not journaled).
    public var previews: [PathKey: Preview] = [:]

    /// Before and after contents of one file.
    public struct Preview: Sendable, Equatable {
        /// The bytes before (empty for a new file).
        public var before: [UInt8]
        /// The bytes after.
        public var after: [UInt8]

        /// Creates a preview.
        public init(before: [UInt8], after: [UInt8]) {
            self.before = before
            self.after = after
        }
    }

    /// An empty plan.
    public init(operation: String, arguments: [String]) {
        self.operation = operation
        self.arguments = arguments
    }

    /// True when there is nothing to do.
    public var isEmpty: Bool { steps.isEmpty }

    /// The vault-relative paths of files whose content or place changes.
    public var touchedFiles: [String] {
        steps.filter(\.touchesFile).map(\.path)
    }

    /// The `--dry-run` text: a unified diff per edited or written file, `move a -> b` lines, folder
    /// steps, then the messages and skipped files.
    public func dryRunText() -> String {
        var out = ""
        for step in steps {
            switch step.kind {
            case .edit, .write:
                let preview = previews[PathKey(step.path)] ?? Preview(before: [], after: Array((step.contents ?? "").utf8))
                if step.kind == .write, step.before == nil { out += "create \(step.path)\n" }
                out += UnifiedDiff.render(
                    path: step.path, before: preview.before, after: preview.after,
                    isNew: step.kind == .write && step.before == nil)
            case .move: out += "move \(step.path) -> \(step.to ?? "")\n"
            case .createFolder: out += "create folder \(step.path)\n"
            case .removeFolder: out += "remove folder \(step.path)\n"
            case .delete: out += "delete \(step.path)\n"
            case .copy: out += "copy \(step.source ?? "") -> \(step.path)\n"
            }
        }
        for message in messages { out += "note: \(message)\n" }
        for issue in skipped { out += "skip \(issue.path): \(issue.reason)\n" }
        if steps.isEmpty { out += "nothing to do\n" }
        return out
    }
}
