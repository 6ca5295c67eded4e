import Foundation

/// Where the web UI listens and the secrets that guard it.
public struct ServerSettings: Sendable {
    /// The address to bind (loopback unless `--allow-remote`).
    public var host: String
    /// The TCP port; 0 picks a free one.
    public var port: Int
    /// The 128-bit access token (32 hex digits) printed in the start URL.
    public var token: String
    /// The 128-bit CSRF token embedded in every form of the pages.
    public var csrfToken: String

    /// Settings with fresh random tokens.
    public init(host: String = "127.0.0.1", port: Int = 0, token: String? = nil, csrfToken: String? = nil) {
        self.host = host
        self.port = port
        self.token = token ?? ServerSettings.randomToken()
        self.csrfToken = csrfToken ?? ServerSettings.randomToken()
    }

    /// True for 127.0.0.0/8, `::1` and `localhost`.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
            && host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }

    /// 128 random bits from the system's generator, as 32 lowercase hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The cookie's name: per port, since browsers share cookies between ports of one host.
    func cookieName(port: Int) -> String { "notez_\(port)" }

    /// The `Host` values accepted for the bound port: the loopback names, or the bound address.
    func allowedHosts(port: Int) -> Set<String> {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        if !ServerSettings.isLoopback(host) { names = [host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host] }
        else if host.hasPrefix("127.") { names.insert(host) }
        var result: Set<String> = []
        for name in names {
            result.insert("\(name):\(port)")
            // Port 80 may be left out of Host; any other port must be named.
            if port == 80 { result.insert(name) }
        }
        return result
    }
}
