import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A running `notez serve`, its port and token, and plain HTTP/1.1 requests to it.
struct ServedVault {
    let process: BackgroundProcess
    let port: UInt16
    let token: String

    /// Starts `notez serve --port 0` on `root` and reads the address it prints into `output`.
    static func start(notez: String, root: String, output: String) throws -> ServedVault {
        let process = try BackgroundProcess.start([notez, "serve", "--vault", root, "--port", "0"], stdout: output)
        let started = Date()
        while Date().timeIntervalSince(started) < 600 {
            // `notez serve: http://127.0.0.1:PORT/?token=TOKEN`
            if let text = try? String(contentsOfFile: output, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("notez serve: ") }),
                let address = line.split(separator: " ").last,
                let portText = address.split(separator: ":").last?.split(separator: "/").first,
                let port = UInt16(portText), let token = address.split(separator: "=").last
            {
                return ServedVault(process: process, port: port, token: String(token))
            }
            usleep(100_000)
        }
        process.stop()
        throw BenchError("notez serve did not start within 10 minutes")
    }

    /// GETs `target` with the token (a new connection each time, closed by the server after the
    /// answer); the time is from connecting to the last byte. Anything but 200 is an error.
    func get(_ target: String) throws -> (ms: Double, bytes: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // A server that kept the connection open would otherwise hang the bench.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let started = DispatchTime.now().uptimeNanoseconds
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw BenchError("connect: \(String(cString: strerror(errno)))") }
        let request = Array(
            "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else {
            throw BenchError("send: \(String(cString: strerror(errno)))")
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        let head = String(decoding: answer.prefix(12), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 200") else { throw BenchError("GET \(target): \(head.isEmpty ? "no answer" : head)") }
        return (ms, answer.count)
    }

    /// The server's peak resident set so far (`VmHWM`), in MB.
    func peakRSSMB() -> Double { process.peakRSSMB() }

    /// Stops the server and reaps it.
    func stop() { process.stop() }
}
