import Foundation

/// Another process holding a vault's lock (`flock` on `.notez/lock`) until `release()`. It holds the
/// lock while a marker file exists: no signals, since the test process's children may not get them.
final class LockHolder {
    private let process = Process()
    private let ready: String

    /// Starts the holder and waits until it holds the lock.
    init(_ vault: TempVault) throws {
        ready = vault.path + "/.notez/holder-ready"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = [vault.path + "/.notez/lock", "sh", "-c", "touch '\(ready)'; while [ -e '\(ready)' ]; do sleep 0.05; done"]
        try process.run()
        while !FileManager.default.fileExists(atPath: ready) { usleep(10_000) }
    }

    /// Lets the lock go and waits for the holder to exit.
    func release() {
        try? FileManager.default.removeItem(atPath: ready)
        process.waitUntilExit()
    }
}
