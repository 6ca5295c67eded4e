import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium session driven through chromedriver's WebDriver HTTP API.
final class WebDriver {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    let process: Process
    private(set) var session = ""

    /// The chromedriver and chromium binaries, or nil when they are not installed.
    static var binaries: (driver: String, browser: String)? {
        let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let browser = ["/usr/bin/chromium", "/usr/lib/chromium/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let driver, let browser else { return nil }
        return (driver, browser)
    }

    /// Starts chromedriver on a free port and opens a headless browser session.
    init() throws {
        guard let (driver, browser) = WebDriver.binaries else {
            throw Failure(description: "Chromium and chromedriver are not installed: run 'make setup' (apt: chromium chromium-driver)")
        }
        port = try WebDriver.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: driver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var ready = false
        for _ in 0..<200 {
            if let status = try? SocketHTTP.request("GET", port: port, path: "/status"), status.status == 200 {
                ready = true
                break
            }
            usleep(50_000)
        }
        guard ready else {
            stop()
            throw Failure(description: "chromedriver did not start")
        }
        var arguments = ["--headless=new", "--disable-gpu", "--window-size=1280,900", "--disable-dev-shm-usage", "--no-first-run"]
        // As root Chromium refuses to start inside its sandbox.
        if getuid() == 0 { arguments.append("--no-sandbox") }
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": ["goog:chromeOptions": ["binary": browser, "args": arguments]]]
        ]
        let value = try call("POST", "/session", capabilities)
        guard let id = (value as? [String: Any])?["sessionId"] as? String else {
            stop()
            throw Failure(description: "no WebDriver session: \(value)")
        }
        session = id
    }

    deinit { stop() }

    /// Ends the session and chromedriver: `GET /shutdown`, then the process by its id.
    func stop() {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)", nil) }
        session = ""
        _ = try? SocketHTTP.request("GET", port: port, path: "/shutdown")
        if process.isRunning {
            usleep(200_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        if process.processIdentifier > 0 { process.waitUntilExit() }
    }

    @discardableResult
    func call(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response = try SocketHTTP.request(
            method, port: port, path: path, headers: ["Content-Type": "application/json; charset=utf-8"], body: data)
        let json = try JSONSerialization.jsonObject(with: response.body.isEmpty ? Data("{}".utf8) : response.body)
        let value = (json as? [String: Any])?["value"] ?? NSNull()
        if response.status != 200 {
            let message = ((value as? [String: Any])?["message"] as? String) ?? response.text
            throw Failure(description: "\(method) \(path): \(response.status) \(message.prefix(300))")
        }
        return value
    }

    private var base: String { "/session/\(session)" }

    func open(_ url: String) throws { try call("POST", base + "/url", ["url": url]) }

    func currentURL() throws -> String { try call("GET", base + "/url", nil) as? String ?? "" }

    /// The element matching a CSS selector.
    func find(_ css: String) throws -> String {
        let value = try call("POST", base + "/element", ["using": "css selector", "value": css])
        guard let element = (value as? [String: Any])?.first(where: { $0.key.hasPrefix("element-") })?.value as? String else {
            throw Failure(description: "no element \(css)")
        }
        return element
    }

    func click(_ css: String) throws { try call("POST", base + "/element/\(try find(css))/click", [:]) }

    func type(_ css: String, _ text: String) throws {
        let element = try find(css)
        try call("POST", base + "/element/\(element)/clear", [:])
        try call("POST", base + "/element/\(element)/value", ["text": text])
    }

    func text(_ css: String) throws -> String {
        try call("GET", base + "/element/\(try find(css))/text", nil) as? String ?? ""
    }

    func property(_ css: String, _ name: String) throws -> String {
        let value = try call("GET", base + "/element/\(try find(css))/property/\(name)", nil)
        return value as? String ?? "\(value)"
    }

    func pageSource() throws -> String { try call("GET", base + "/source", nil) as? String ?? "" }

    /// Polls `condition` until it holds; throws with `what` when it never does (a bound against a
    /// hang, not a timing assertion).
    func waitUntil(_ what: String, tries: Int = 300, _ condition: () throws -> Bool) throws {
        var lastError: (any Error)?
        for _ in 0..<tries {
            do {
                if try condition() { return }
            } catch {
                lastError = error
            }
            usleep(100_000)
        }
        throw Failure(description: "never happened: \(what)\(lastError.map { " (last error: \($0))" } ?? "")")
    }

    /// Runs `script` (a function body; `arguments` are `args`) in the page and returns its value.
    @discardableResult
    func execute(_ script: String, _ args: [Any] = []) throws -> Any {
        try call("POST", base + "/execute/sync", ["script": script, "args": args])
    }

    /// Runs an async script: its last argument is the callback that returns the value.
    func executeAsync(_ script: String, _ args: [Any] = []) throws -> Any {
        try call("POST", base + "/execute/async", ["script": script, "args": args])
    }

    /// A Chrome DevTools command (chromedriver's `goog/cdp/execute`).
    func devtools(_ command: String, _ parameters: [String: Any] = [:]) throws {
        try call("POST", base + "/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    /// Emulates a viewport `width` wide (a phone's when narrow: the viewport meta applies).
    func viewport(width: Int, height: Int) throws {
        try devtools(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600])
    }

    /// Light or dark `prefers-color-scheme`.
    func colorScheme(_ scheme: String) throws {
        try devtools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
    }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        guard let base64 = try call("GET", base + "/screenshot", nil) as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// A port nobody listens on now (bound and released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
