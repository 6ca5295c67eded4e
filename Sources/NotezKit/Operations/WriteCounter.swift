#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the file writes of applied steps, for the crash tests' fault injection.
///
/// TEST SWITCH ONLY: when the environment has `NOTEZ_FAULT_AFTER_WRITES=k`, the process ends with
/// `_exit(99)` right after the k-th step write (a write, move, folder creation or removal, delete;
/// journal records do not count). This is the one place NotezKit may exit, and only because a
/// test asked for a simulated crash. In-process tests use `throwing:` instead.
public final class WriteCounter: @unchecked Sendable {
    /// What happens when the limit is reached.
    public enum Action: Sendable {
        /// `_exit(99)`: a real crash, no cleanup.
        case exit
        /// Throw `NotezError.refused("simulated crash")` (in-process tests).
        case throwError
    }

    private let limit: Int?
    private let action: Action
    private var count = 0

    /// The exit status of a simulated crash.
    static let exitStatus: Int32 = 99

    /// A counter with a limit (nil: never stops).
    public init(limit: Int?, action: Action) {
        self.limit = limit
        self.action = action
    }

    /// The counter configured by `NOTEZ_FAULT_AFTER_WRITES` (no limit when unset).
    public static func fromEnvironment(_ environment: [String: String]) -> WriteCounter {
        WriteCounter(limit: environment["NOTEZ_FAULT_AFTER_WRITES"].flatMap { Int($0) }, action: .exit)
    }

    /// The writes counted so far.
    public var writes: Int { count }

    /// Call after each step write.
    func didWrite() throws(NotezError) {
        count += 1
        guard let limit, count >= limit else { return }
        switch action {
        case .exit: _exit(WriteCounter.exitStatus)
        case .throwError: throw .refused("simulated crash after \(count) writes")
        }
    }
}
