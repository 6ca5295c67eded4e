/// The wire format of the warm path: one request frame, then one response frame, per connection;
/// a large answer's stdout may come ahead of its response frame in piece frames.
///
/// A frame is 4 magic bytes, a protocol version (u16), a payload length (u32), then the payload of
/// little-endian integers and length-prefixed byte strings. Anything malformed or oversized is
/// rejected as a whole; neither side ever acts on a partial frame.
enum WarmFrame {
    /// The protocol version; a daemon and a client of different versions never talk.
    public static let version: UInt16 = 2
    /// The largest request payload accepted (arguments and environment are small).
    static let maxRequest = 1 << 20
    /// The largest response payload accepted (the full listing of a very large vault fits).
    static let maxResponse = 1 << 30
    static let requestMagic: [UInt8] = Array("NZWQ".utf8)
    static let responseMagic: [UInt8] = Array("NZWA".utf8)
    /// A piece of an answer's stdout, sent before the answer's frame (whose stdout follows it).
    static let pieceMagic: [UInt8] = Array("NZWP".utf8)
    /// Magic, version and payload length.
    static let headerSize = 10

    /// Encodes a request frame.
    public static func encode(_ request: WarmRequest) -> [UInt8] {
        var payload = ByteWriter()
        payload.string(request.cookie)
        payload.string(request.root)
        payload.string(request.currentDirectory)
        payload.u32(request.terminals.rawValue)
        payload.u32(UInt32(clamping: request.width ?? 0))
        payload.u32(UInt32(request.arguments.count))
        for argument in request.arguments { payload.string(argument) }
        let variables = request.environment.sorted { $0.key < $1.key }
        payload.u32(UInt32(variables.count))
        for (key, value) in variables {
            payload.string(key)
            payload.string(value)
        }
        return frame(requestMagic, payload.bytes)
    }

    /// Encodes a response frame.
    public static func encode(_ response: WarmResponse) -> [UInt8] {
        pieces(response).reduce(into: []) { $0 += $1 }
    }

    /// A response frame as the pieces to write one after the other: the header and the small
    /// fields in one, the captured output as it is (never copied into the frame).
    static func pieces(_ response: WarmResponse) -> [[UInt8]] {
        switch response {
        case .answer(let status, let stdout, let stderr):
            return answerPieces(status: status, stdout: [stdout], stderr: stderr)
        case .captured(let status, let stdout, let stderr):
            return answerPieces(status: status, stdout: stdout, stderr: stderr)
        case .fallback(let reason):
            var payload = ByteWriter()
            payload.bytes.append(1)
            payload.string(reason)
            return [frame(responseMagic, payload.bytes)]
        }
    }

    private static func answerPieces(status: Int32, stdout: [[UInt8]], stderr: [UInt8]) -> [[UInt8]] {
        let outCount = stdout.reduce(0) { $0 + $1.count }
        var head = ByteWriter()
        head.bytes = responseMagic
        head.u16(version)
        // Kind, status, then two length-prefixed byte strings.
        head.u32(UInt32(truncatingIfNeeded: 1 + 4 + 4 + outCount + 4 + stderr.count))
        head.bytes.append(0)
        head.u32(UInt32(bitPattern: status))
        head.u32(UInt32(truncatingIfNeeded: outCount))
        var tail = ByteWriter()
        tail.data(stderr)
        return [head.bytes] + stdout.filter { !$0.isEmpty } + [tail.bytes]
    }

    /// A piece frame of stdout bytes as the pieces to write: its header, then the bytes as they are.
    static func piece(_ stdout: [[UInt8]]) -> [[UInt8]] {
        var head = ByteWriter()
        head.bytes = pieceMagic
        head.u16(version)
        head.u32(UInt32(truncatingIfNeeded: stdout.reduce(0) { $0 + $1.count }))
        return [head.bytes] + stdout.filter { !$0.isEmpty }
    }

    /// The length of the stdout bytes a piece header announces; nil when it is not a piece header
    /// of this version or announces more than a response may hold.
    static func pieceLength(header: [UInt8]) -> Int? {
        guard header.count == headerSize, Array(header[0..<4]) == pieceMagic else { return nil }
        return length(header)
    }

    /// The payload length announced by a header, nil when the header is not one of `magic`'s
    /// version or announces more than `limit`.
    static func payloadLength(header: [UInt8], request: Bool) -> Int? {
        guard header.count == headerSize else { return nil }
        let magic = request ? requestMagic : responseMagic
        guard Array(header[0..<4]) == magic, let length = length(header) else { return nil }
        return length <= (request ? maxRequest : maxResponse) ? length : nil
    }

    /// The payload length of a header of this version (at most `maxResponse`), magic unchecked.
    private static func length(_ header: [UInt8]) -> Int? {
        let version = UInt16(header[4]) | UInt16(header[5]) << 8
        guard version == WarmFrame.version else { return nil }
        let length = Int(header[6]) | Int(header[7]) << 8 | Int(header[8]) << 16 | Int(header[9]) << 24
        return length <= maxResponse ? length : nil
    }

    /// Decodes a request payload; nil when malformed.
    static func decodeRequest(_ payload: [UInt8]) -> WarmRequest? {
        payload.withUnsafeBytes { buffer -> WarmRequest? in
            var input = ByteReader(buffer: buffer)
            guard let cookie = input.string(), let root = input.string(), let directory = input.string(),
                let bits = input.u32(), let width = input.u32(), let count = input.u32(), Int(count) <= payload.count
            else { return nil }
            var arguments: [String] = []
            for _ in 0..<count {
                guard let argument = input.string() else { return nil }
                arguments.append(argument)
            }
            guard let variableCount = input.u32(), Int(variableCount) <= payload.count else { return nil }
            var environment: [String: String] = [:]
            for _ in 0..<variableCount {
                guard let key = input.string(), let value = input.string() else { return nil }
                environment[key] = value
            }
            guard input.atEnd else { return nil }
            return WarmRequest(
                cookie: cookie, root: root, currentDirectory: directory, arguments: arguments,
                environment: environment, terminals: WarmRequest.Terminals(rawValue: bits), width: width == 0 ? nil : Int(width))
        }
    }

    /// The bytes of an answer's payload before its stdout: the kind, the status, stdout's length.
    static let answerHeadSize = 9

    /// The status and the stdout length that the first `answerHeadSize` bytes of a response
    /// payload give; nil when they are not an answer's.
    static func answerHead(_ bytes: [UInt8]) -> (status: Int32, stdoutCount: Int)? {
        bytes.withUnsafeBytes { buffer -> (status: Int32, stdoutCount: Int)? in
            var input = ByteReader(buffer: buffer)
            guard input.u8() == 0, let status = input.u32(), let count = input.u32(), input.atEnd else { return nil }
            return (Int32(bitPattern: status), Int(count))
        }
    }

    /// The length a byte string's 4-byte prefix gives.
    static func dataLength(_ prefix: [UInt8]) -> Int? {
        prefix.withUnsafeBytes { buffer -> Int? in
            var input = ByteReader(buffer: buffer)
            guard let count = input.u32(), input.atEnd else { return nil }
            return Int(count)
        }
    }

    /// Decodes a response payload; nil when malformed.
    static func decodeResponse(_ payload: [UInt8]) -> WarmResponse? {
        payload.withUnsafeBytes { buffer -> WarmResponse? in
            var input = ByteReader(buffer: buffer)
            switch input.u8() {
            case 0:
                guard let status = input.u32(), let stdout = input.data(), let stderr = input.data(), input.atEnd else {
                    return nil
                }
                return .answer(status: Int32(bitPattern: status), stdout: stdout, stderr: stderr)
            case 1:
                guard let reason = input.string(), input.atEnd else { return nil }
                return .fallback(reason: reason)
            default:
                return nil
            }
        }
    }

    private static func frame(_ magic: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        var header = ByteWriter()
        header.bytes = magic
        header.u16(version)
        header.u32(UInt32(payload.count))
        return header.bytes + payload
    }
}

extension ByteWriter {
    /// Appends length-prefixed raw bytes.
    mutating func data(_ value: [UInt8]) {
        u32(UInt32(value.count))
        bytes.append(contentsOf: value)
    }
}

extension ByteReader {
    /// Length-prefixed raw bytes; nil when they run past the end.
    mutating func data() -> [UInt8]? {
        guard let length = u32(), buffer.count - position >= Int(length) else { return nil }
        defer { position += Int(length) }
        return Array(buffer[position..<position + Int(length)])
    }
}
