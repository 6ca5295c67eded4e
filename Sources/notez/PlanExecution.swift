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
    /// The current time; `NOTEZ_NOW` fixes it (`Vault.now`; an unreadable value is refused at start).
    static var now: Double { CommandRun.current?.warm?.now ?? Vault.now() }

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
        let line = progress.map { ProgressLine(label: $0) }
        let result = try CommandRun.session(root: root).run(plan, progress: line.map { line in { line.update($0, $1) } })
        line?.finish()
        if let failure = result.failure {
            // Nothing is reported as done: the operation was undone, or is pending and unfinished.
            if options.json { Terminal.line(json(plan, result: result, dryRun: false, extra: extraJSON).text()) }
            throw CLIExit(code: CLIExit.io, message: TerminalText.safe(failureMessage(failure, operation: plan.operation)))
        }
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

    /// What the user is told when a step failed: the cause, and whether the vault is as before
    /// (rolled back) or the operation is pending.
    static func failureMessage(_ failure: OperationRunner.Failure, operation: String) -> String {
        let done = failure.stepsApplied
        if failure.rolledBack {
            return "'\(operation)' failed: \(failure.issue.reason); nothing was changed"
                + (done == 0 ? "" : " (the \(done) step\(done == 1 ? "" : "s") already applied \(done == 1 ? "was" : "were") undone)")
        }
        return "'\(operation)' failed: \(failure.issue.reason); \(done) of its \(failure.stepCount) steps were applied and could not "
            + "all be undone, so the operation is pending: run 'notez recover' once the cause is fixed to finish it"
    }

    /// The plan's JSON (`PlanJSON`), with `extra` fields of the command after it.
    static func json(_ plan: Plan, result: OperationRunner.Result?, dryRun: Bool, extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(PlanJSON.fields(plan, result: result, dryRun: dryRun) + extra)
    }
}
