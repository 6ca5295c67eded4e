import Foundation
import Testing

/// Helpers for the hostile-vault tests: planted files, outside folders, bounded runs.
enum HostileVault {
    /// A folder beside the vault (outside it), removed with the vault's parent temp folder by the test.
    static func outsideFolder(of vault: TempVault) throws -> URL {
        let url = URL(fileURLWithPath: vault.path + "-outside")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("outside\n".utf8).write(to: url.appendingPathComponent("keep.txt"))
        return url
    }

    /// Every file's bytes under a folder outside the vault.
    static func files(in url: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            result[name] = FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
        }
        return result
    }

    /// A journal record as JSON (what a record from elsewhere, or a hand-made one, looks like).
    static func recordJSON(id: String, steps: String, complete: Bool) -> String {
        """
        {"version": 1, "id": "\(id)", "operation": "mv", "arguments": [], "time": "2026-01-01T00:00:00Z",
         "steps": [\(steps)], "details": {}, "messages": [], "skipped": [], "complete": \(complete)}

        """
    }

    /// Runs notez with a virtual memory cap and a time limit, so a regression fails instead of
    /// exhausting the machine or hanging the suite.
    static func runBounded(_ vault: TempVault, _ args: [String], environment: [String: String] = [:]) throws -> CLIResult {
        let quoted = ([CLIRunner.binary.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try CLIRunner.runShell(
            "ulimit -v 4000000; exec timeout 60 " + quoted.joined(separator: " "), in: vault.url, environment: environment)
    }

    /// True when this process may mount a tmpfs (root on Linux), for the full-disk test.
    static let canMountTmpfs: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("notez-mount-probe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard let mounted = try? CLIRunner.runShell("mount -t tmpfs -o size=64k tmpfs '\(probe.path)'"), mounted.status == 0 else {
            return false
        }
        _ = try? CLIRunner.runShell("umount '\(probe.path)'")
        return true
    }()

    /// Holds `flock` on the vault's lock file until `release` is called.
    final class HeldLock {
        private let fd: Int32

        init(_ vault: TempVault) throws {
            try FileManager.default.createDirectory(atPath: vault.path + "/.notez", withIntermediateDirectories: true)
            fd = open(vault.path + "/.notez/lock", O_RDWR | O_CREAT, 0o600)
            guard fd >= 0, flock(fd, LOCK_EX) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        func release() { close(fd) }
    }
}
