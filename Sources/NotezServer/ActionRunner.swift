import Foundation
import NotezKit

/// Runs an organizing action the way a changing CLI command does: the vault lock, interrupted
/// operations finished first, a fresh index, the library's planner, then `OperationRunner` with
/// the journal (so `notez undo` and the page's Undo button reverse it).
final class ActionRunner: @unchecked Sendable {
    let root: String
    /// One action at a time in this process; the vault lock keeps other processes out.
    private let serial = NSLock()

    init(root: String) { self.root = root }

    /// What an action did.
    struct Outcome: Sendable {
        var plan: Plan
        var result: OperationRunner.Result?
        /// Lines for the page: what changed, the planner's messages, files left alone.
        var lines: [String]
        var isError: Bool
    }

    /// The current time; `NOTEZ_NOW` fixes it (`FixedNow`, the reading the CLI uses too).
    static var now: Double {
        FixedNow.now(environment: ProcessInfo.processInfo.environment) { Date().timeIntervalSince1970 }
    }

    /// Plans with `planner` under the lock and, unless `apply` is false (a preview), runs the plan.
    func run(apply: Bool = true, _ planner: (VaultIndex, DiskVaultFiles) throws(NotezError) -> Plan) throws(NotezError) -> Outcome {
        serial.lock()
        defer { serial.unlock() }
        let writer = try AtomicWriter(root: root)
        // As VaultOptions.openForChange: without .notez/ the runner takes the lock when it creates it.
        var held: VaultLock?
        if apply, writer.directory.kind(".notez") != nil { held = try VaultLock.acquire(writer, wait: 5) }
        defer { withExtendedLifetime(held) {} }
        if apply {
            let config = (try? VaultConfig.load(root: root)) ?? VaultConfig()
            _ = try? Startup.run(
                root: root, config: config, now: ActionRunner.now,
                counter: WriteCounter.fromEnvironment(ProcessInfo.processInfo.environment))
        }
        let index = try IndexBuilder.build(root: root)
        let plan = try planner(index, DiskVaultFiles(root: root))
        guard apply else { return Outcome(plan: plan, result: nil, lines: plan.messages, isError: false) }
        let result = try OperationRunner(writer: writer, counter: WriteCounter.fromEnvironment(ProcessInfo.processInfo.environment))
            .run(plan, now: ActionRunner.now)
        return Outcome(plan: plan, result: result, lines: ActionRunner.summary(plan, result), isError: !result.issues.isEmpty)
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
