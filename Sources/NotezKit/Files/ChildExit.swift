import Foundation

/// The end of a child process, waited for without Foundation's `waitUntilExit`.
///
/// On Linux `waitUntilExit` runs the calling thread's run loop in steps of 50 ms; on a thread
/// without one (every command's main thread) each wait lasted at least one step: `notez recent`,
/// four git runs, took 172 ms, and takes 43 ms. The termination handler signals at once.
public struct ChildExit: Sendable {
    private let exited = DispatchSemaphore(value: 0)

    /// Watches `process`; call before `process.run()`, which replaces any termination handler set before.
    public init(of process: Process) {
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
    }

    /// Blocks until the process has ended; its `terminationStatus` is then set.
    public func wait() {
        exited.wait()
    }
}
