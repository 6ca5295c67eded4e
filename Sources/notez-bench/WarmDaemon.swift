import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// A `notez watch` running in the background while the warm rows are measured.
struct WarmDaemon {
    let pid: pid_t
    /// Milliseconds from spawning until the first warm query was answered.
    let readyMs: Double

    /// Starts `notez watch --quiet` on the vault and waits until it answers a warm query.
    static func start(notez: String, root: String) throws -> WarmDaemon {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [String] = [notez, "watch", "--quiet", "--vault", root]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        setenv("NOTEZ_WARM", "auto", 1)
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, notez, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start notez watch: \(String(cString: strerror(spawned)))") }
        setenv("NOTEZ_WARM", "require", 1)
        while Date().timeIntervalSince(started) < 600 {
            if let result = try? ProcessRunner.run(notez, ["ls", "--vault", root]), result.exitCode == 0 {
                return WarmDaemon(pid: pid, readyMs: Date().timeIntervalSince(started) * 1000)
            }
            usleep(100_000)
        }
        kill(pid, SIGTERM)
        throw BenchError("notez watch did not answer within 10 minutes")
    }

    /// The daemon's peak resident set so far (`VmHWM`), in MB.
    func peakRSSMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib / 1024
    }

    /// Stops the daemon and reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = SystemIO.retrying { waitpid(pid, &status, 0) }
    }
}
