import Foundation

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// A temporary copy of ExampleVault served by the real `notez serve --port 0`.
final class ServedVault {
    /// The built `notez`.
    static let binary = TestPaths.executable("notez")

    let root: URL
    let home: URL
    let process = Process()
    /// The start URL with the token, as printed.
    private(set) var startURL = ""
    private(set) var port = 0

    /// `prepare` may add files to the copy before the server starts.
    init(prepare: ((URL) throws -> Void)? = nil) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("notez-browser-\(UUID().uuidString)")
        root = base.appendingPathComponent("ExampleVault")
        home = base.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.exampleVault, to: root)
        try prepare?(root)
        let output = Pipe()
        process.executableURL = ServedVault.binary
        process.arguments = ["--vault", root.path, "serve", "--port", "0"]
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is `notez serve: URL`.
        let (first, text) = FirstLine.read(output)
        guard let line = first, line.hasPrefix("notez serve: ") else {
            stop()
            throw WebDriver.Failure(description: "notez serve printed no URL: \(text)")
        }
        startURL = String(line.dropFirst("notez serve: ".count))
        port = Int(startURL.split(separator: ":")[2].split(separator: "/")[0]) ?? 0
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    /// notez's per-user folders go to a private place, not the real home.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = home.path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        return environment
    }

    /// Stops the server with SIGTERM (its clean shutdown) and waits for it.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func read(_ relative: String) throws -> String {
        try String(decoding: Data(contentsOf: root.appendingPathComponent(relative)), as: UTF8.self)
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    /// Runs the CLI on the same vault and returns its stdout.
    func cli(_ arguments: [String]) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = ServedVault.binary
        process.arguments = ["--vault", root.path] + arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
