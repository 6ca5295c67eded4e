import Foundation
import NotezKit

/// Runs an organizing action the way a changing CLI command does, through the vault's session:
/// the vault lock, the startup duties first, a fresh index, the library's planner, then the plan
/// through the journal (so `notez undo` and the page's Undo button reverse it).
final class ActionRunner: @unchecked Sendable {
    /// The session changes go through; it plans on the disk's state, not the live snapshot, which
    /// may lag a change made a moment ago by another program.
    let session: Vault
    /// One action at a time in this process; the vault lock keeps other processes out.
    private let serial = NSLock()

    init(root: String) { session = Vault(root: root) }

    /// The vault root.
    var root: String { session.root }

    /// What an action did.
    struct Outcome: Sendable {
        var plan: Plan
        var result: OperationRunner.Result?
        /// Lines for the page: what changed, the planner's messages, files left alone.
        var lines: [String]
        var isError: Bool
    }

    /// The current time; `NOTEZ_NOW` fixes it (`Vault.now`, the reading the CLI uses too).
    static var now: Double { Vault.now() }

    /// Plans with `planner` under the lock and, unless `apply` is false (a preview), runs the plan.
    func run(apply: Bool = true, _ planner: (VaultIndex, DiskVaultFiles) throws(NotezError) -> Plan) throws(NotezError) -> Outcome {
        serial.lock()
        defer { serial.unlock() }
        guard apply else {
            let plan = try planner(try session.index(), DiskVaultFiles(root: root))
            return Outcome(plan: plan, result: nil, lines: plan.messages, isError: false)
        }
        let notices = try session.beginChange(lockWait: 5)
        defer { session.endChange() }
        let plan = try planner(try session.index(), DiskVaultFiles(root: root))
        let result = try session.run(plan)
        return Outcome(
            plan: plan, result: result, lines: notices + ActionRunner.summary(plan, result), isError: !result.issues.isEmpty)
    }

    /// The same words as the CLI's summary lines.
    static func summary(_ plan: Plan, _ result: OperationRunner.Result) -> [String] {
        var lines = PlanSummary.lines(plan, result)
        lines += plan.messages
        for issue in result.issues { lines.append("\(issue.path): \(issue.reason) (not changed)") }
        for path in result.replanned { lines.append("\(path) changed since it was read; the change was kept and the edit applied to it") }
        return lines
    }
}
