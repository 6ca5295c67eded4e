import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A thread that waits in `poll` and is stopped through a pipe: the loop of the inotify reader and
/// of the warm path's server.
final class StoppableThread: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var wakeRead: Int32 = -1
    private var wakeWrite: Int32 = -1
    private var finished: DispatchSemaphore?

    /// Starts `body` on a new thread named `name`; `body` gets the descriptor that becomes readable
    /// when `stop` is called, and must return then. Returns errno when no pipe could be made.
    func start(name: String, _ body: @escaping @Sendable (_ wake: Int32) -> Void) -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return errno }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let done = DispatchSemaphore(value: 0)
        lock.withLock {
            wakeRead = ends[0]
            wakeWrite = ends[1]
            finished = done
        }
        let wake = ends[0]
        let thread = Thread {
            body(wake)
            done.signal()
        }
        thread.name = name
        thread.start()
        return nil
    }

    /// Wakes the thread, waits until it ended and closes the pipe; false when it was not running.
    @discardableResult
    func stop() -> Bool {
        let (done, writeEnd) = lock.withLock { () -> (DispatchSemaphore?, Int32) in
            let state = (finished, wakeWrite)
            finished = nil
            return state
        }
        guard let done else { return false }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
        done.wait()
        lock.withLock {
            close(wakeRead)
            close(wakeWrite)
            wakeRead = -1
            wakeWrite = -1
        }
        return true
    }
}
