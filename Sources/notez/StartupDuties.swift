import Foundation
import NotezKit

/// What every command that changes a vault does first (under the vault lock): finish interrupted
/// operations, purge old trash.
enum StartupDuties {
    /// Runs the duties and returns notices for stderr; a failure is a notice too (the command still runs).
    static func run(root: String) -> [String] {
        do {
            // A bad config is reported by the index; the duties run with the defaults.
            let config = (try? VaultConfig.load(root: root)) ?? VaultConfig()
            return try Startup.run(
                root: root, config: config, now: PlanExecution.now,
                counter: WriteCounter.fromEnvironment(ProcessInfo.processInfo.environment))
        } catch {
            return ["could not finish interrupted operations: \(error)"]
        }
    }
}
