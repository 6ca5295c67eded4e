import Foundation
import Testing
import NotezTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `notez serve` as a process on loopback: exhaustion of connections, `--open` without the token
/// in an argument list, and `--allow-remote` accepting the machine's own names (issue 26: 11-13).
@Suite(.serialized) struct ServeCommandTests {
    /// A running `notez serve --port 0` and its start URL.
    final class Served {
        let process = Process()
        let url: String
        let port: Int
        let token: String

        init(vault: TempVault, arguments: [String] = [], shell: String? = nil, environment: [String: String] = [:]) throws {
            let output = Pipe()
            let command = [CLIRunner.binary.path, "--vault", vault.path, "serve", "--port", "0"] + arguments
            if let shell {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", shell + "; exec \"$@\"", "sh"] + command
            } else {
                process.executableURL = CLIRunner.binary
                process.arguments = Array(command.dropFirst())
            }
            process.environment = CLIRunner.environment(environment.merging(["NOTEZ_WARM": "off"]) { a, _ in a })
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let (first, text) = FirstLine.read(output)
            guard let line = first, line.hasPrefix("notez serve: ") else {
                process.terminate()
                throw CocoaError(.fileReadUnknown, userInfo: ["output": text])
            }
            url = String(line.dropFirst("notez serve: ".count))
            port = Int(url.split(separator: ":")[2].split(separator: "/")[0]) ?? 0
            token = String(url.split(separator: "=").last ?? "")
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// A loopback TCP connection; blocking unless `nonBlocking`.
    static func connect(port: Int, nonBlocking: Bool = false) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return fd
    }

    /// One HTTP/1.1 request on a new connection; the status line and the rest of the answer.
    static func request(port: Int, path: String, host: String, headers: [String] = []) -> String {
        let fd = connect(port: port)
        defer { close(fd) }
        let text = (["GET \(path) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else { return "" }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Finding 11: `serve` died (SIGILL in libdispatch) with 1,100 half-open connections and a
    /// 1,024 descriptor limit. Here 400 idle connections against a limit of 256: the server keeps
    /// running and a normal request is still answered once the header timeout closes the idle ones.
    @Test func survivesMoreIdleConnectionsThanDescriptors() throws {
        let vault = try TempVault.example()
        let served = try Served(vault: vault, arguments: ["--header-timeout", "1"], shell: "ulimit -n 256")
        defer { served.stop() }
        var idle: [Int32] = []
        for _ in 0..<400 { idle.append(Self.connect(port: served.port, nonBlocking: true)) }
        defer { for fd in idle where fd >= 0 { close(fd) } }
        // Half a request head on some of them (the slow-header attack).
        for fd in idle.prefix(100) where fd >= 0 { _ = "GET / HTTP/1.1\r\nHost: 127".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
        usleep(300_000)
        let started = Date()
        let answer = Self.request(
            port: served.port, path: "/api/overview", host: "127.0.0.1:\(served.port)", headers: ["Authorization: Bearer \(served.token)"])
        expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
        expect(Date().timeIntervalSince(started) < 25)
        expect(served.process.isRunning, "serve died")
        for fd in idle where fd >= 0 { close(fd) }
        idle = []
        expect(Self.request(port: served.port, path: "/api/overview", host: "127.0.0.1:\(served.port)", headers: ["Authorization: Bearer \(served.token)"]).hasPrefix("HTTP/1.1 200"))
        expect(served.process.isRunning)
    }

    /// Finding 12: `--open` passed the token URL to xdg-open as an argument (readable by every
    /// local user in /proc/PID/cmdline). Now the browser gets a private file that redirects.
    @Test func openHandsTheTokenOverInAPrivateFile() throws {
        let vault = try TempVault.example()
        let bin = vault.url.deletingLastPathComponent().appendingPathComponent("bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = bin.appendingPathComponent("log")
        let script = """
            #!/bin/sh
            {
              printf 'ARGS %s\\n' "$*"
              printf 'MODE %s\\n' "$(stat -c %a "$1")"
              printf 'FOLDER %s\\n' "$(stat -c %a "$(dirname "$1")")"
              cat "$1"
            } > '\(log.path).tmp' && mv '\(log.path).tmp' '\(log.path)'

            """
        try Data(script.utf8).write(to: bin.appendingPathComponent("xdg-open"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("xdg-open").path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let served = try Served(vault: vault, arguments: ["--open"], environment: ["PATH": bin.path + ":" + path])
        defer { served.stop() }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: log.path) { usleep(50_000) }
        let record = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let arguments = record.split(separator: "\n").first { $0.hasPrefix("ARGS ") }.map { String($0.dropFirst(5)) } ?? ""
        expect(!arguments.isEmpty, "xdg-open was not run: \(record)")
        expect(!arguments.contains(served.token), "the token is in xdg-open's arguments: \(arguments)")
        expect(arguments.hasPrefix("/") && arguments.hasSuffix(".html"), "\(arguments)")
        expect(record.contains("MODE 600\n"), "\(record)")
        expect(record.contains("FOLDER 700\n"), "\(record)")
        expect(record.contains("url=\(served.url)\""), "the page redirects to the start URL: \(record)")
        served.stop()
        expect(!FileManager.default.fileExists(atPath: arguments), "the file is deleted when serve stops")
    }

    /// Finding 13: with `--host 0.0.0.0 --allow-remote` only `Host: 0.0.0.0:PORT` was accepted, which
    /// no browser sends. The machine's names and addresses are accepted; other names still are not.
    @Test func allowRemoteAcceptsTheMachinesOwnNames() throws {
        let vault = try TempVault.example()
        let served = try Served(vault: vault, arguments: ["--host", "0.0.0.0", "--allow-remote"])
        defer { served.stop() }
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        let hostname = String(cString: buffer).lowercased()
        let bearer = ["Authorization: Bearer \(served.token)"]
        for host in ["127.0.0.1", "localhost", hostname] {
            let answer = Self.request(port: served.port, path: "/api/overview", host: "\(host):\(served.port)", headers: bearer)
            expect(answer.hasPrefix("HTTP/1.1 200"), "\(host): \(answer.prefix(200))")
        }
        for host in ["evil.example", "0.0.0.1"] {
            let answer = Self.request(port: served.port, path: "/api/overview", host: "\(host):\(served.port)", headers: bearer)
            expect(answer.hasPrefix("HTTP/1.1 403"), "\(host): \(answer.prefix(200))")
        }
    }
}
