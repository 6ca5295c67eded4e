import Foundation
import NotezTestSupport
import Testing

/// `notez mcp` driven by the reference client: the official MCP Python SDK (`mcp`, pinned in the
/// Makefile and installed by `make setup` into `.build/mcp-python`). The script
/// `Tests/MCPPython/mcp_client_check.py` calls every tool on a copy of ExampleVault, and the SDK
/// validates every result against the tool's output schema and the protocol's types.
@Suite struct MCPPythonClientTests {
    /// The Python that has the SDK: `NOTEZ_MCP_PYTHON` when set, else the one `make setup` made.
    static let python: URL = {
        if let explicit = ProcessInfo.processInfo.environment["NOTEZ_MCP_PYTHON"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return TestPaths.packageRoot.appendingPathComponent(".build/mcp-python/bin/python")
    }()

    static let script = TestPaths.packageRoot.appendingPathComponent("Tests/MCPPython/mcp_client_check.py")

    /// Not skipped when the SDK is missing: `make test` must fail and say how to install it.
    @Test func everyToolWorksFromThePythonSDKClient() throws {
        let check = try CLIRunner.runShell("\(Self.quoted(Self.python.path)) -c 'import mcp.client.stdio'")
        try #require(
            check.status == 0,
            "the MCP Python SDK is not installed at \(Self.python.path) (\(check.stderr.split(separator: "\n").last ?? "")); run 'make setup'"
        )
        let vault = try TempVault.example()
        try vault.write("attach-me.txt", "an attachment\n")
        // Old enough to be cached: once a call has written the index cache, the graph tools answer
        // from its cached view and stored graph, as they do on a vault at rest.
        try vault.ageEveryFile()
        let outside = try TempVault()
        try outside.write("keep.md", "outside\n")
        let outsideBefore = try outside.snapshot()
        let result = try CLIRunner.runShell(
            [Self.python.path, Self.script.path, CLIRunner.binary.path, vault.path].map(Self.quoted).joined(separator: " "))
        let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAILED") }
        expect(result.status, equals: 0, "the Python client failed:\n\(failures.joined(separator: "\n"))\n\(result.stderr.suffix(3000))")
        expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout.suffix(2000))")
        // Many checks ran (every tool, paging, prompts, resources), not an empty run.
        let passed = result.stdout.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
        expect(passed >= 60, "only \(passed) checks passed")
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
