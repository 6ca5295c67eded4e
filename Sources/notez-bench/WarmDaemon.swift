import Foundation

/// A `notez watch` running in the background while the warm rows are measured.
struct WarmDaemon {
    let process: BackgroundProcess
    /// Milliseconds from spawning until the first warm query was answered.
    let readyMs: Double

    /// Starts `notez watch --quiet` on the vault and waits until it answers a warm query.
    static func start(notez: String, root: String) throws -> WarmDaemon {
        let started = Date()
        let process = try BackgroundProcess.start([notez, "watch", "--quiet", "--vault", root])
        setenv("NOTEZ_WARM", "require", 1)
        while Date().timeIntervalSince(started) < 600 {
            if let result = try? ProcessRunner.run(notez, ["ls", "--vault", root]), result.exitCode == 0 {
                return WarmDaemon(process: process, readyMs: Date().timeIntervalSince(started) * 1000)
            }
            usleep(100_000)
        }
        process.stop()
        throw BenchError("notez watch did not answer within 10 minutes")
    }

    /// The daemon's peak resident set so far (`VmHWM`), in MB.
    func peakRSSMB() -> Double { process.peakRSSMB() }

    /// Stops the daemon and reaps it.
    func stop() { process.stop() }
}
