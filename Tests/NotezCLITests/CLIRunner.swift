import Foundation
import Testing
import NotezTestSupport

/// Runs the built `notez` binary and captures what it printed.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLIRunner {
    /// The built `notez`.
    static let binary = TestPaths.executable("notez")

    /// A private folder for `XDG_STATE_HOME` and `XDG_CACHE_HOME`, one per test run.
    static let userFolders: URL = {
        // Short: the warm socket lives below it, and a Unix socket's path is at most 107 bytes.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nzu-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }()

    /// The environment of every notez the tests start, with `extra` on top.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "NOTEZ_VAULT")
        env.removeValue(forKey: "NOTEZ_WARM")
        // A fixed clock: ExampleVault's trash item must not age past `trash_days` as real days pass.
        env["NOTEZ_NOW"] = "1795000000"
        // notez's key and caches live outside vaults: keep the tests' own apart from the user's.
        env["XDG_STATE_HOME"] = userFolders.appendingPathComponent("state").path
        env["XDG_CACHE_HOME"] = userFolders.appendingPathComponent("cache").path
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Runs `notez args...` in `directory` with `stdin` as input and extra environment variables.
    static func run(_ args: [String], in directory: URL? = nil, stdin: String? = nil, environment: [String: String] = [:]) throws
        -> CLIResult
    {
        try run(executable: binary, args, in: directory, stdin: stdin, environment: environment)
    }

    /// Runs a shell command line (with notez's test environment).
    static func runShell(_ line: String, in directory: URL? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        try run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: directory, stdin: nil, environment: environment)
    }

    private static func run(
        executable: URL, _ args: [String], in directory: URL?, stdin: String?, environment: [String: String]
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        process.environment = CLIRunner.environment(environment)
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes while the process runs so a full pipe cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        process.waitUntilExit()
        group.wait()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary copy of a vault, removed when the test ends.
final class TempVault {
    let url: URL
    var path: String { url.path }

    /// A copy of ExampleVault (never the original: tests must not write into it).
    static func example() throws -> TempVault {
        try TempVault(copying: TestPaths.exampleVault)
    }

    init(copying source: URL? = nil) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("notez-test-\(UUID().uuidString)")
        if let source {
            try FileManager.default.copyItem(at: source, to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    /// A vault at a folder the test manages (and removes) itself.
    init(existing: URL) {
        url = existing
        owned = false
    }

    private var owned = true

    deinit { if owned { try? FileManager.default.removeItem(at: url) } }

    /// Writes a file, creating folders.
    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    /// Writes raw bytes, creating folders.
    func write(_ relative: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Every file's bytes by relative path (hidden folders included), to compare before and after.
    func snapshot(skipping skipped: Set<String> = []) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let file as URL in enumerator {
            guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(file.standardizedFileURL.path.dropFirst(url.standardizedFileURL.path.count + 1))
            // The lock file is machine-local state every changing command may create (always empty).
            if relative == ".notez/lock" || skipped.contains(relative) { continue }
            result[relative] = try Data(contentsOf: file)
        }
        return result
    }

    /// Sets every file an hour back, so that the index cache keeps every note (a note changed in
    /// the last seconds is read again).
    func ageEveryFile() throws {
        let old = Date(timeIntervalSinceNow: -3600)
        let enumerator = FileManager.default.enumerator(atPath: path)!
        for case let relative as String in enumerator {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path + "/" + relative)
        }
    }

    /// Runs notez on this vault.
    func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        // Before a `--`, after which every word is an argument.
        let end = args.firstIndex(of: "--") ?? args.count
        return try CLIRunner.run(Array(args[..<end]) + ["--vault", path] + args[end...], stdin: stdin, environment: environment)
    }
}
