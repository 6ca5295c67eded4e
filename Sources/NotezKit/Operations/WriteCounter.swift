#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the file writes of applied steps, for the crash tests' fault injection.
///
/// TEST SWITCHES ONLY: when the environment has `NOTEZ_FAULT_AFTER_WRITES=k`, the process ends with
/// `_exit(99)` right after the k-th step write (a write, move, folder creation or removal, delete;
/// journal records do not count). This is the one place NotezKit may exit, and only because a
/// test asked for a simulated crash. In-process tests use `throwing:` instead.
///
/// `NOTEZ_FAULT_FAIL_STEP=k` makes the k-th step attempt (counting the steps of a rollback too)
/// fail as a system call would, with `NOTEZ_FAULT_ERRNO` (`EACCES`, `ENOSPC`, `EIO`, `EROFS`,
/// `ENOENT`; default `EIO`); `k+` makes that attempt and every later one fail (a file system that
/// turned read-only), so a rollback fails too.
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
    private let failAt: Int?
    private let failFromThenOn: Bool
    private let failErrno: Int32
    private var attempts = 0

    /// The exit status of a simulated crash.
    static let exitStatus: Int32 = 99

    /// A counter with a limit (nil: never stops).
    public init(limit: Int?, action: Action) {
        self.limit = limit
        self.action = action
        failAt = nil
        failFromThenOn = false
        failErrno = EIO
    }

    /// A counter that fails the `failAt`-th step attempt (and every later one with `fromThenOn`)
    /// with `errno`, and never stops the process.
    public init(failAt: Int, fromThenOn: Bool = false, errno code: Int32 = EIO) {
        limit = nil
        action = .throwError
        self.failAt = failAt
        failFromThenOn = fromThenOn
        failErrno = code
    }

    private init(limit: Int?, failAt: Int?, fromThenOn: Bool, errno code: Int32) {
        self.limit = limit
        action = .exit
        self.failAt = failAt
        failFromThenOn = fromThenOn
        failErrno = code
    }

    /// The counter configured by `NOTEZ_FAULT_AFTER_WRITES`, `NOTEZ_FAULT_FAIL_STEP` and
    /// `NOTEZ_FAULT_ERRNO` (no fault when unset).
    public static func fromEnvironment(_ environment: [String: String]) -> WriteCounter {
        var failAt: Int?
        var fromThenOn = false
        if var text = environment["NOTEZ_FAULT_FAIL_STEP"] {
            if text.hasSuffix("+") {
                fromThenOn = true
                text.removeLast()
            }
            failAt = Int(text)
        }
        let names: [String: Int32] = ["EACCES": EACCES, "ENOSPC": ENOSPC, "EIO": EIO, "EROFS": EROFS, "ENOENT": ENOENT, "EPERM": EPERM]
        return WriteCounter(
            limit: environment["NOTEZ_FAULT_AFTER_WRITES"].flatMap { Int($0) }, failAt: failAt, fromThenOn: fromThenOn,
            errno: environment["NOTEZ_FAULT_ERRNO"].flatMap { names[$0] } ?? EIO)
    }

    /// Call before each step attempt (and each step of a rollback): the injected failure, if this
    /// attempt is to fail.
    func injectedFailure(path: String) -> NotezError? {
        attempts += 1
        guard let failAt else { return nil }
        guard attempts == failAt || (failFromThenOn && attempts > failAt) else { return nil }
        return .io(path: path, errno: failErrno)
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
