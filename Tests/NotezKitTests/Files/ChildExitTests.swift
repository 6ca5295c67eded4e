import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Waiting for a child through its termination handler: the status is there when `wait` returns,
/// for an exit, a signal, and a child whose output is read while it runs (as `GitProcess` does).
@Suite struct ChildExitTests {
    private func shell(_ line: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        return process
    }

    @Test(arguments: [0, 1, 7, 255])
    func theExitStatusIsSetWhenWaitReturns(status: Int32) throws {
        let process = shell("exit \(status)")
        let exit = ChildExit(of: process)
        try process.run()
        exit.wait()
        expect(!process.isRunning)
        expect(process.terminationReason == .exit)
        expect(process.terminationStatus, equals: status)
    }

    @Test func aSignalIsReportedAsOne() throws {
        let process = shell("kill -TERM $$; sleep 5")
        let exit = ChildExit(of: process)
        try process.run()
        exit.wait()
        expect(process.terminationReason == .uncaughtSignal)
        expect(process.terminationStatus, equals: SIGTERM)
    }

    @Test func outputReadToItsEndThenTheWait() throws {
        let process = shell("printf 'a%.0s' $(seq 100000); exit 3")
        let out = Pipe()
        process.standardOutput = out
        let exit = ChildExit(of: process)
        try process.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        expect(bytes.count, equals: 100_000)
        expect(process.terminationStatus, equals: 3)
    }

    /// From the main thread too, where Foundation's `waitUntilExit` polls a run loop: git's own
    /// status and output come back.
    @Test @MainActor func gitRunsFromTheMainThread() throws {
        let scratch = try ScratchFolder()
        let version = try GitProcess.run(["--version"], in: scratch.path, environment: [:])
        expect(version.status, equals: 0)
        expect(String(decoding: version.output, as: UTF8.self).hasPrefix("git version "))
        let unknown = try GitProcess.run(["no-such-command-here"], in: scratch.path, environment: [:])
        expect(unknown.status, equals: 1)
        expect(!unknown.errors.isEmpty)
    }
}
