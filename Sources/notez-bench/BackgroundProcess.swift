import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// A child process left running while rows are measured (`notez watch`, `notez serve`): started
/// with stdout to a file, stderr to /dev/null, asked for its peak memory, stopped and reaped.
struct BackgroundProcess {
    let pid: pid_t

    /// Starts `words` (the executable first) with `NOTEZ_WARM=auto`, so it also serves the warm path.
    static func start(_ words: [String], stdout: String = "/dev/null") throws -> BackgroundProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        setenv("NOTEZ_WARM", "auto", 1)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, words[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(words.prefix(2).joined(separator: " ")): \(String(cString: strerror(spawned)))") }
        return BackgroundProcess(pid: pid)
    }

    /// The process's peak resident set so far (`VmHWM`), in MB.
    func peakRSSMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib / 1024
    }

    /// Stops the process and reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = SystemIO.retrying { waitpid(pid, &status, 0) }
    }
}
