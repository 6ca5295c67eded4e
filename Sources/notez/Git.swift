import Foundation
import NotezKit

/// Running git for `notez sync` and `notez merge-driver`.
enum Git {
    /// What a git run gave.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var ok: Bool { status == 0 }
    }

    /// Runs `git ARGS` in `directory` (stdin empty).
    @discardableResult
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Output {
        var environment = environment
        // Never stop to ask (an editor for a rebase message, a credential prompt on a terminal is fine).
        environment["GIT_EDITOR"] = environment["GIT_EDITOR"] ?? ProcessInfo.processInfo.environment["GIT_EDITOR"] ?? "true"
        let run: GitProcess
        do {
            run = try GitProcess.run(arguments, in: directory, environment: environment)
        } catch {
            let reason: String
            if case .unreadable(_, let why) = error { reason = why } else { reason = error.description }
            throw CLIExit(code: CLIExit.io, message: reason)
        }
        return Output(status: run.status, stdout: String(decoding: run.output, as: UTF8.self), stderr: String(decoding: run.errors, as: UTF8.self))
    }

    /// git's three-way line merge (`git merge-file`) of byte arrays, with labelled markers.
    static func mergeFile(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: (String, String, String)) throws -> (
        bytes: [UInt8], conflicts: Int
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["ours", "base", "theirs"].map { folder.appendingPathComponent($0).path }
        try Data(ours).write(to: URL(fileURLWithPath: paths[0]))
        try Data(base).write(to: URL(fileURLWithPath: paths[1]))
        try Data(theirs).write(to: URL(fileURLWithPath: paths[2]))
        let result = try run(
            ["merge-file", "-q", "-L", labels.0, "-L", labels.1, "-L", labels.2, paths[0], paths[1], paths[2]], in: folder.path)
        // The status is the number of conflicts (at most 127); above that git failed (a binary file).
        guard result.status >= 0, result.status < 128 else {
            throw CLIExit(code: CLIExit.io, message: "git merge-file failed: \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let merged = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        return (Array(merged), Int(result.status))
    }
}
