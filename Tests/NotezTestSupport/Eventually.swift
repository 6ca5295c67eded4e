import Foundation

/// Polls `condition` every 10 ms for up to `timeout` seconds; true as soon as it holds. For what
/// another thread or process does in its own time (a watcher taking in an event).
public func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
