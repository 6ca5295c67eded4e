import Foundation
import Testing
import NotezTestSupport

/// A bare "origin" and two clones (`a`, `b`) of a small vault, each with the notez merge driver
/// installed, for the sync and merge driver tests with real git.
final class GitVaults {
    let folder: URL
    var a: TempVault { TempVault(existing: folder.appendingPathComponent("a")) }
    var b: TempVault { TempVault(existing: folder.appendingPathComponent("b")) }

    /// git's identity and no user or system configuration, so the tests do not depend on the machine.
    static let environment: [String: String] = [
        "GIT_AUTHOR_NAME": "notez test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
        "GIT_COMMITTER_NAME": "notez test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
    ]

    static let plan = "---\ntitle: Plan\ntags: [work, idea]\nmodified: 2024-01-01\n---\nline 1\nline 2\nline 3\n"

    /// Origin with `Plan.md` (and `extra`), cloned twice; the driver set up with `prefer` in `b`.
    init(extra: [String: String] = [:], prefer: String = "local") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try shell("git init -q --bare -b main origin.git && git clone -q origin.git a 2>/dev/null")
        try a.write("Plan.md", Self.plan)
        for (path, text) in extra { try a.write(path, text) }
        try expectOK(sync(a, ["--setup"]))
        try expectOK(sync(a))
        try shell("git clone -q origin.git b")
        try expectOK(sync(b, ["--setup", "--prefer", prefer]))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    func shell(_ line: String, in sub: String? = nil) throws -> CLIResult {
        let result = try CLIRunner.runShell(line, in: sub.map { folder.appendingPathComponent($0) } ?? folder, environment: Self.environment)
        expect(result.status, equals: 0, "\(line): \(result.stderr)")
        return result
    }

    func sync(_ vault: TempVault, _ args: [String] = []) throws -> CLIResult {
        try notez(vault, ["sync"] + args)
    }

    func notez(_ vault: TempVault, _ args: [String]) throws -> CLIResult {
        try vault.run(args, environment: Self.environment)
    }

    func expectOK(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) {
        expect(result.status, equals: 0, "\(result.stdout)\n\(result.stderr)", sourceLocation: sourceLocation)
    }

    func text(_ vault: TempVault, _ path: String) -> String? {
        FileManager.default.contents(atPath: vault.path + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }
}
