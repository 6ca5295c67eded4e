import Foundation
import NotezKit

/// What every command does first on a vault: finish interrupted operations, purge old trash.
enum StartupDuties {
    /// Runs the duties and returns notices for stderr; a failure is a notice too (the command still runs).
    static func run(root: String) -> [String] {
        do {
            let config = try VaultConfig.load(root: root)
            return try Startup.run(
                root: root, config: config, now: PlanExecution.now,
                counter: WriteCounter.fromEnvironment(ProcessInfo.processInfo.environment))
        } catch {
            return ["could not finish interrupted operations: \(error)"]
        }
    }
}
