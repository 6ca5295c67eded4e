import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// One finished run of a child process.
struct RunResult {
    var milliseconds: Double
    var exitCode: Int32
    var outputLines: Int
    var maxRSSKiB: Int
    var stderr: String
    var stdout: String
}

/// Spawns whole processes with `posix_spawn`, drains stdout through a pipe (so tools that
/// detect /dev/null cannot take shortcuts), and reaps them with `wait4` for `ru_maxrss`.
enum ProcessRunner {
    static func run(_ executable: String, _ arguments: [String], capture: Bool = false) throws -> RunResult {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw BenchError("pipe: \(String(cString: strerror(errno)))") }
        let errorPath = NSTemporaryDirectory() + "/notez-bench-stderr-\(getpid()).txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(pipeFDs[1])
        guard spawned == 0 else {
            close(pipeFDs[0])
            throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var lines = 0
        var captured: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = SystemIO.retrying { buffer.withUnsafeMutableBytes { read(pipeFDs[0], $0.baseAddress!, $0.count) } }
            if count <= 0 { break }
            for index in 0..<count where buffer[index] == 0x0A { lines += 1 }
            if capture { captured += buffer[0..<count] }
        }
        close(pipeFDs[0])
        var status: Int32 = 0
        var usage = rusage()
        _ = SystemIO.retrying { wait4(pid, &status, 0, &usage) }
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let milliseconds = Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
        // WIFEXITED / WEXITSTATUS by hand; a signal shows as 128 + signal, as in shells.
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        unlink(errorPath)
        return RunResult(
            milliseconds: milliseconds, exitCode: exitCode, outputLines: lines,
            maxRSSKiB: Int(usage.ru_maxrss), stderr: errorText,
            stdout: String(decoding: captured, as: UTF8.self))
    }

    /// The first executable called `name` on `$PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
