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

    /// Runs `git ARGS` in `directory`; `input` goes to stdin.
    @discardableResult
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        // Never stop to ask (an editor for a rebase message, a credential prompt on a terminal is fine).
        env["GIT_EDITOR"] = env["GIT_EDITOR"] ?? "true"
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIExit(code: CLIExit.io, message: "could not run git: \(error.localizedDescription)")
        }
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
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
