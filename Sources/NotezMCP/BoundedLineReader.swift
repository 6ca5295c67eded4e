#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-delimited messages from a file descriptor in time linear in their size, none
/// larger than a bound: each byte is looked at once (the newline search resumes where the last read
/// ended, never from the message start), consumed bytes are dropped in one move only when they are
/// half the buffer, and a message over the bound is skipped up to its newline without being kept.
/// Framing is the only protocol here, so a Content-Length reader (LSP) can reuse the same idea.
struct BoundedLineReader {
    /// One read result.
    enum Frame: Equatable {
        /// A whole message, without its newline (a trailing `\r` is dropped too).
        case message([UInt8])
        /// A message over the bound, skipped: its first bytes (to find its id) and its full size.
        case oversized(head: [UInt8], size: Int)
        /// End of input (a last message without a newline is returned first).
        case end
    }

    /// The descriptor read from.
    let fd: Int32
    /// The largest message kept, in bytes.
    let limit: Int
    /// How many bytes of an oversized message are kept to name it.
    static let headBytes = 4096

    private var buffer: [UInt8] = []
    /// Where the current message starts in `buffer`.
    private var start = 0
    /// Where the newline search resumes (everything between `start` and here has none).
    private var scanned = 0
    /// While skipping an oversized message: its head and how many bytes were skipped so far.
    private var skipping: (head: [UInt8], size: Int)?
    private var finished = false

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next frame; blocks until one is complete.
    mutating func next() -> Frame {
        while true {
            if let frame = takeFrame() { return frame }
            if finished {
                if let skipped = skipping {
                    skipping = nil
                    return .oversized(head: skipped.head, size: skipped.size)
                }
                if start < buffer.count {
                    let last = Array(buffer[start...])
                    start = buffer.count
                    scanned = start
                    return .message(last)
                }
                return .end
            }
            fill()
        }
    }

    /// A complete frame from the buffer, if one is there; advances past it.
    private mutating func takeFrame() -> Frame? {
        while scanned < buffer.count {
            let newline = buffer[scanned...].firstIndex(of: 0x0A)
            let end = newline ?? buffer.count
            if var skipped = skipping {
                skipped.size += end - scanned
                scanned = end
                start = end
                if let newline {
                    skipping = nil
                    scanned = newline + 1
                    start = scanned
                    return .oversized(head: skipped.head, size: skipped.size)
                }
                skipping = skipped
                return nil
            }
            if end - start > limit {
                // Over the bound: keep the head only, and skip the rest as it arrives.
                skipping = (Array(buffer[start..<min(end, start + Self.headBytes)]), end - start)
                start = end
                scanned = end
                continue
            }
            guard let newline else {
                scanned = buffer.count
                return nil
            }
            var message = Array(buffer[start..<newline])
            if message.last == 0x0D { message.removeLast() }
            start = newline + 1
            scanned = start
            if message.isEmpty { continue }
            return .message(message)
        }
        return nil
    }

    /// Reads more input; drops consumed bytes first when they are at least half the buffer.
    private mutating func fill() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return
            }
            if count == 0 {
                finished = true
                return
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                // A descriptor inherited non-blocking: wait until it is readable.
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            finished = true
            return
        }
    }
}
