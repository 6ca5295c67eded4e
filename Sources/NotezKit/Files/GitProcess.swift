import Foundation

/// One run of git, as every part of notez starts it (history, `recent`, `log`, `sync`, the merge
/// driver): stdin empty, both pipes read while it runs, standard output bounded.
public struct GitProcess: Sendable {
    /// The most bytes of git's output read (64 MiB): beyond that the answer is refused.
    public static let maxOutput = 64 << 20

    /// git's exit status.
    public let status: Int32
    /// Its standard output.
    public let output: [UInt8]
    /// Its standard error.
    public let errors: [UInt8]

    /// Runs `git ARGUMENTS` in `directory` with `environment` added to this process's own; throws
    /// when git cannot be started or says more than `maxOutput`.
    public static func run(_ arguments: [String], in directory: String, environment: [String: String]) throws(NotezError) -> GitProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exit = ChildExit(of: process)
        do {
            try process.run()
        } catch {
            throw NotezError.unreadable(path: directory, reason: "could not run git: \(error.localizedDescription)")
        }
        let errors = ResultSlots<Data>(count: 1)
        let reader = Thread { errors.set(0, err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        var bytes: [UInt8] = []
        var tooLong = false
        while true {
            let piece = out.fileHandleForReading.availableData
            if piece.isEmpty { break }
            if bytes.count + piece.count > maxOutput {
                tooLong = true
                process.terminate()
                break
            }
            bytes += piece
        }
        exit.wait()
        while !reader.isFinished { usleep(1000) }
        if tooLong { throw NotezError.unreadable(path: directory, reason: "git said more than \(maxOutput >> 20) MiB; not read") }
        return GitProcess(status: process.terminationStatus, output: bytes, errors: Array(errors.values().first ?? Data()))
    }
}
