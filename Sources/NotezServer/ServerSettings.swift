import Foundation

#if canImport(Glibc)
import Glibc
#endif

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
    /// Seconds a connection may take to send a request's head (and may stay idle between
    /// requests) before it is closed: half-open connections cannot hold descriptors forever.
    public var headerTimeout: Double = 10
    /// The host names and addresses of this machine, accepted in `Host` when listening on all
    /// addresses (`0.0.0.0`, `::`).
    var machineNames: [String] = []

    /// Settings with fresh random tokens.
    public init(host: String = "127.0.0.1", port: Int = 0, token: String? = nil, csrfToken: String? = nil) {
        self.host = host
        self.port = port
        self.token = token ?? ServerSettings.randomToken()
        self.csrfToken = csrfToken ?? ServerSettings.randomToken()
        if ServerSettings.isWildcard(host) { machineNames = ServerSettings.localNames() }
    }

    /// The most connections served at once: below the descriptor limit with room for the vault's
    /// own files (reading notes, the watcher, the journal); connections beyond wait in the
    /// kernel's queue until one closes, so no number of them exhausts descriptors.
    public static func connectionLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return 1024 }
        let descriptors = Int(clamping: limit.rlim_cur)
        return max(8, min(4096, descriptors - max(64, descriptors / 4)))
    }

    /// True for the addresses that mean every interface.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]"].contains(host)
    }

    /// This machine's host name (as set and lowercased) and the addresses of its interfaces.
    static func localNames() -> [String] {
        var names: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = String(cString: buffer).lowercased()
            if !name.isEmpty {
                names.append(name)
                if let short = name.split(separator: ".").first, short.count < name.count { names.append(String(short)) }
            }
        }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(cString: host)
            // A link-local IPv6 address carries its interface (`fe80::1%eth0`), which no Host header does.
            if text.contains("%") { continue }
            names.append(family == AF_INET6 ? "[\(text)]" : text)
        }
        return names
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

    /// The `Host` values accepted for the bound port: the loopback names; for another address,
    /// that address only; for all addresses (`0.0.0.0`, `::`), the loopback names and this
    /// machine's host name and interface addresses (what a browser elsewhere sends).
    func allowedHosts(port: Int) -> Set<String> {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        if ServerSettings.isWildcard(host) {
            names.formUnion(machineNames.map { $0.lowercased() })
        } else if !ServerSettings.isLoopback(host) {
            names = [host.contains(":") && !host.hasPrefix("[") ? "[\(host.lowercased())]" : host.lowercased()]
        } else if host.hasPrefix("127.") {
            names.insert(host)
        }
        var result: Set<String> = []
        for name in names {
            result.insert("\(name):\(port)")
            // Port 80 may be left out of Host; any other port must be named.
            if port == 80 { result.insert(name) }
        }
        return result
    }
}
