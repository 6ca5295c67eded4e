import Foundation
import NotezTestSupport
import Testing

/// The front ends parse and format only: locating a vault, the lock, the startup duties, building
/// an index, running a plan through the journal, the clock and the fault switches belong to the
/// `Vault` session (docs/architecture.md). This reads the front ends' sources as text and fails on
/// a call that bypasses the session.
struct FrontEndBoundaryTests {
    static let frontEnds = ["Sources/notez", "Sources/NotezServer", "Sources/NotezMCP", "Sources/NotezLSP"]

    /// What only the session may call, with the session's way to say it.
    static let sessionOnly: [(call: String, instead: String)] = [
        ("VaultLocator.root(", "Vault.locate"),
        ("VaultLock.acquire(", "Vault.beginChange"),
        ("Startup.", "Vault.beginChange / Vault.readNotices"),
        ("OperationRunner(", "Vault.run"),
        ("IndexBuilder.", "Vault.index / collection / settingsIndex"),
        ("WriteCounter.fromEnvironment", "Vault.writeCounter"),
        ("FixedNow.now(", "Vault.now"),
        ("CaptureQueue.flush(", "Vault.beginChange"),
        ("QueryEvaluator(", "Vault.search"),
    ]

    @Test func frontEndsGoThroughTheSession() throws {
        var found: [String] = []
        var files = 0
        for folder in Self.frontEnds {
            let url = TestPaths.packageRoot.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".swift") {
                files += 1
                let code = try LayeringTests.code(String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
                for (call, instead) in Self.sessionOnly where code.contains(call) {
                    found.append("\(folder)/\(name) calls \(call) (use \(instead))")
                }
            }
        }
        expect(files > 100, "the front ends' sources were not found")
        expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
