import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads `Content-Length` framed messages from a file descriptor, within bounds: a header section
/// longer than `maxHeaderBytes`, a header line that is not `Name: value`, or a missing or malformed
/// `Content-Length` ends the stream with an error (the framing is lost, nothing after it can be
/// trusted); a body longer than `maxBodyBytes` is read past in chunks, never held, and reported as
/// `.tooLarge` so the server can answer and go on.
struct LSPFrameReader {
    /// What one read gives.
    enum Frame: Equatable {
        case message([UInt8])
        case tooLarge(length: Int)
        case end
    }

    /// Why the stream cannot be read on.
    struct FramingError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    let descriptor: Int32
    let maxHeaderBytes: Int
    let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(descriptor: Int32, maxHeaderBytes: Int = LSPLimits.headerBytes, maxBodyBytes: Int = LSPLimits.bodyBytes) {
        self.descriptor = descriptor
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// The next message.
    mutating func next() throws(FramingError) -> Frame {
        var length: Int?
        var headerBytes = 0
        while true {
            guard let line = try readLine(limit: maxHeaderBytes - headerBytes) else {
                if headerBytes == 0 { return .end }
                throw FramingError(description: "the input ended inside a message header")
            }
            headerBytes += line.count + 2
            if line.isEmpty {
                // Blank lines before a header are tolerated (some clients send an extra CRLF).
                if headerBytes == 2 && length == nil {
                    headerBytes = 0
                    continue
                }
                break
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw FramingError(description: "a header line is not 'Name: value': \(LSPFrameReader.shown(line))")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard value.count <= 18, let number = Int(value), number >= 0 else {
                    throw FramingError(description: "Content-Length is not a number of bytes: \(LSPFrameReader.shown(Array(value.utf8)))")
                }
                length = number
            }
        }
        guard let length else { throw FramingError(description: "a message header has no Content-Length") }
        if length > maxBodyBytes {
            try skip(length)
            return .tooLarge(length: length)
        }
        return .message(try read(length))
    }

    /// The next line without its CRLF (a bare LF is accepted); nil at the end of the input.
    private mutating func readLine(limit: Int) throws(FramingError) -> [UInt8]? {
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                compact()
                return line
            }
            scanned = buffer.count
            if buffer.count - start > limit {
                throw FramingError(description: "a message header is longer than \(maxHeaderBytes) bytes")
            }
            if try !fill() {
                if buffer.count == start { return nil }
                throw FramingError(description: "the input ended inside a message header")
            }
        }
    }

    /// Exactly `count` bytes.
    private mutating func read(_ count: Int) throws(FramingError) -> [UInt8] {
        while buffer.count - start < count {
            if try !fill() { throw FramingError(description: "the input ended inside a message of \(count) bytes") }
        }
        let body = Array(buffer[start..<(start + count)])
        start += count
        compact()
        return body
    }

    /// Reads past `count` bytes without keeping them.
    private mutating func skip(_ count: Int) throws(FramingError) {
        var left = count
        while left > 0 {
            if buffer.count == start, try !fill() { throw FramingError(description: "the input ended inside a message of \(count) bytes") }
            let taken = min(left, buffer.count - start)
            start += taken
            left -= taken
            compact()
        }
    }

    /// Appends what the descriptor has (at most 1 MiB); false at the end of the input.
    private mutating func fill() throws(FramingError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw FramingError(description: "cannot read the input: \(String(cString: strerror(errno)))")
            }
            if got == 0 { return false }
            buffer += chunk[..<got]
            return true
        }
    }

    /// Drops the bytes already read.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4 << 20)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// At most 80 bytes of a line, for a message.
    static func shown(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        return "'" + text.unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined() + "'" + (line.count > 80 ? "…" : "")
    }
}
