import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing
import NotezTestSupport

@testable import NotezServer

/// A temporary copy of ExampleVault with a live `WebServer` over it, driven through `RouterClient`
/// (no socket). The server believes it is bound to port 80, so the test client's
/// `Host: localhost` is the loopback name and port it expects.
final class ServerFixture: @unchecked Sendable {
    let root: URL
    let vault: WatchedIndex
    let server: WebServer
    let settings = ServerSettings(host: "127.0.0.1", port: 80)

    /// `prepare` changes the copy before the server starts (symlinks, modes).
    init(extraFiles: [String: String] = [:], prepare: ((URL) throws -> Void)? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notez-serve-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.exampleVault, to: root)
        for (path, text) in extraFiles { try ServerFixture.write(root, path, text) }
        try prepare?(root)
        vault = WatchedIndex(root: root.path, config: (try? VaultConfig.load(root: root.path)) ?? VaultConfig())
        try vault.start()
        server = WebServer(vault: vault, settings: settings)
    }

    deinit {
        vault.stop()
        // Web captures record routing history in the machine's state folder, keyed by the vault.
        if let history = CaptureHistory.file(root: root.path) { try? FileManager.default.removeItem(atPath: history) }
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ relative: String, _ text: String) throws {
        try ServerFixture.write(root, relative, text)
    }

    static func write(_ root: URL, _ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(decoding: Data(contentsOf: root.appendingPathComponent(relative)), as: UTF8.self)
    }

    var cookie: String { "notez_80=\(settings.token)" }

    /// Headers of a browser that has the cookie.
    var browser: HTTPFields { [.cookie: cookie] }

    /// Headers of a same-origin form POST.
    var formPost: HTTPFields {
        [.cookie: cookie, .origin: "http://localhost", .contentType: "application/x-www-form-urlencoded"]
    }

    /// A form body with the CSRF token.
    func form(_ pairs: [(String, String)], csrf: Bool = true) -> ByteBuffer {
        let all = (csrf ? [("csrf", settings.csrfToken)] : []) + pairs
        return ByteBuffer(string: all.map { "\($0.0)=\(HTMLText.percentEncoded($0.1))" }.joined(separator: "&"))
    }

    /// Runs `body` with a test client of the server's router.
    func test<Value>(_ body: @Sendable (RouterClient) async throws -> Value) async throws -> Value {
        try await body(RouterClient(router: server.router()))
    }

    /// Waits until the live index has seen a change (at most 3 s).
    func waitForWatcher(after generation: Int) async {
        for _ in 0..<150 where vault.currentGeneration == generation {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}
