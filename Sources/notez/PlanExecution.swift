import ArgumentParser
import Foundation
import NotezKit

/// `--dry-run` and `--json`, shared by every mutating command.
struct MutationOptions: ParsableArguments {
    @Flag(name: .long, help: "Print what would change (a diff of the front matter lines, move lines) and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Print a JSON summary of what was done.")
    var json = false
}

/// Running a plan from a command: dry run, confirmation, journaled apply, summary, exit status.
enum PlanExecution {
    /// The current time; `NOTEZ_NOW` (seconds since 1970) fixes it for tests.
    static var now: Double {
        if let text = ProcessInfo.processInfo.environment["NOTEZ_NOW"], let value = Double(text) { return value }
        return Date().timeIntervalSince1970
    }

    /// Prints or applies `plan`. Files left alone make the exit status 4 (after everything else was done).
    /// `progress` names a `\r` progress line on stderr (shown after a second, on a terminal);
    /// `extraJSON` adds keys to the JSON summary.
    @discardableResult
    static func execute(
        _ plan: Plan, root: String, options: MutationOptions, yes: Bool = false,
        progress: String? = nil, extraJSON: [(String, JSONValue)] = [],
        summary: ((OperationRunner.Result) -> [String])? = nil
    ) throws -> OperationRunner.Result? {
        if options.dryRun {
            if options.json {
                Terminal.line(json(plan, result: nil, dryRun: true, extra: extraJSON).text())
            } else {
                Terminal.line(TerminalText.safe(plan.dryRunText(), keepNewlines: true).trimmingCharacters(in: .newlines))
            }
            return nil
        }
        if let question = plan.confirmation, !plan.isEmpty {
            try Confirmation.confirm(question, yes: yes)
        }
        let writer = try AtomicWriter(root: root)
        let line = progress.map { ProgressLine(label: $0) }
        let result = try OperationRunner(writer: writer, counter: WriteCounter.fromEnvironment(ProcessInfo.processInfo.environment))
            .run(plan, now: now, progress: line.map { line in { line.update($0, $1) } })
        line?.finish()
        if options.json {
            Terminal.line(json(plan, result: result, dryRun: false, extra: extraJSON).text())
        } else {
            for line in summary?(result) ?? PlanSummary.lines(plan, result) { Terminal.line(TerminalText.safe(line)) }
            // Notices on stderr, so stdout stays scriptable (`new` prints only the path).
            for message in plan.messages { Terminal.notice(TerminalText.safe(message)) }
        }
        for issue in result.issues { Terminal.warning(TerminalText.safe("\(issue.path): \(issue.reason)")) }
        for path in result.replanned {
            Terminal.notice(TerminalText.safe("\(path) changed since notez read it; the change was kept and the edit applied to it"))
        }
        // A failed system call (no space, no permission) or a file the plan could not edit safely
        // makes the run partial (3); a file refused while applying (it changed under the operation
        // and could not be re-planned, a symlink, a path outside the vault) is a safety refusal (4).
        let plannedSkips = Set(plan.skipped.map(\.path))
        let refusedWhileApplying = result.issues.filter { !plannedSkips.contains($0.path) && $0.failed != true }
        if !result.issues.isEmpty {
            let count = result.issues.count
            let done = result.applied.count
            let message =
                "\(count) file\(count == 1 ? " was" : "s were") not changed (see above); "
                + (done == 0 ? "nothing was changed" : "\(done) other\(done == 1 ? " was" : "s were") changed")
            let failed = result.issues.contains { $0.failed == true }
            throw CLIExit(code: failed || refusedWhileApplying.isEmpty ? CLIExit.io : CLIExit.refused, message: message)
        }
        return result
    }

    /// `{"operation", "journal", "dryRun", "steps": [{"kind", "path", "to"}], "messages", "skipped"}`.
    static func json(_ plan: Plan, result: OperationRunner.Result?, dryRun: Bool, extra: [(String, JSONValue)] = []) -> JSONValue {
        let issues = result?.issues ?? plan.skipped
        return .object(
            [
                ("operation", .string(plan.operation)),
                ("journal", result?.id.map(JSONValue.string) ?? .null),
                ("dryRun", .bool(dryRun)),
                (
                    "steps",
                    .array(
                        plan.steps.map { step in
                            var pairs: [(String, JSONValue)] = [("kind", .string(step.kind.rawValue)), ("path", .string(step.path))]
                            if let to = step.to { pairs.append(("to", .string(to))) }
                            return .object(pairs)
                        })
                ),
                ("messages", .array(plan.messages.map(JSONValue.string))),
                ("skipped", .array(issues.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ] + extra)
    }
}
