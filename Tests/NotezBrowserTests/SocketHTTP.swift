import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 client over a socket to 127.0.0.1, for chromedriver and the notez server.
///
/// Foundation's URLSession on Linux rejects chromedriver's responses (`Content-Length:249`, no
/// space), so this reads the status line and headers itself and then exactly Content-Length bytes
/// (chromedriver keeps the connection open, so reading to the end would never finish).
enum SocketHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func request(
        _ method: String, port: Int, path: String, headers: [String: String] = [:], body: Data? = nil
    ) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        // A receive timeout, so a server that never answers fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port): errno \(errno)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body?.count ?? 0)\r\n\r\n"
        var bytes = Array(head.utf8)
        if let body { bytes += Array(body) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var length: Int?
        var parsed: (Int, [String: String])?
        while true {
            if let end = headerEnd, let length, received.count - end >= length { break }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { break }
            guard n > 0 else { throw Failure(description: "recv: errno \(errno)") }
            received += buffer[0..<n]
            if headerEnd == nil, let range = find([13, 10, 13, 10], in: received) {
                headerEnd = range
                parsed = parseHead(Array(received[0..<range]))
                length = parsed?.1["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            }
        }
        guard let headerEnd, let (status, fields) = parsed else { throw Failure(description: "no HTTP response head") }
        let bodyBytes = received[(headerEnd)...]
        let count = length ?? bodyBytes.count
        return Response(status: status, headers: fields, body: Data(bodyBytes.prefix(count)))
    }

    /// The offset just past the first occurrence of `needle`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
            return start + needle.count
        }
        return nil
    }

    private static func parseHead(_ bytes: [UInt8]) -> (Int, [String: String]) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, fields)
    }
}
