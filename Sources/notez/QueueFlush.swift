import Foundation
import NotezKit

/// Part of every changing command's start (under the vault lock): deliver queued captures of the vault that are due.
enum QueueFlush {
    /// Delivers them and returns one notice per entry.
    static func run(root: String) -> [String] {
        let now = PlanExecution.now
        guard CaptureQueue.hasDue(root: root, now: now) else { return [] }
        let entries = CaptureQueue.flush(root: root, now: now, counter: WriteCounter.fromEnvironment(ProcessInfo.processInfo.environment))
        return entries.map { entry in
            switch entry.state {
            case .done: return "queued capture '\(entry.request.title)' delivered: \(entry.path ?? "")"
            case .pending: return "queued capture '\(entry.request.title)' not delivered yet: \(entry.lastError ?? "")"
            case .failed: return "queued capture '\(entry.request.title)' failed 3 times and stays in the queue (notez queue retry --failed): \(entry.lastError ?? "")"
            }
        }
    }
}
