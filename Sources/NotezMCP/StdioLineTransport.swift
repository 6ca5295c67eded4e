import Foundation
import Logging
import MCP

#if canImport(Glibc)
import Glibc
#endif

/// The MCP stdio transport of `notez mcp`: newline-delimited JSON-RPC on stdin and stdout, read in
/// linear time with a size bound (`BoundedLineReader`), each message checked by `MCPMessageGate`
/// before the SDK's server sees it. The SDK's own `StdioTransport` searches the whole pending
/// buffer for a newline after every 4 KiB read (quadratic: a 4 MB message took 20 s) and has no bound.
actor StdioLineTransport: Transport {
    nonisolated let logger = Logger(label: "notez.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: Int32
    private let output: Int32
    private let limit: Int
    private var gate = MCPMessageGate()
    private var connected = false
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, limit: Int = MCPLimits.messageBytes) {
        self.input = input
        self.output = output
        self.limit = limit
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        // Frames are read by one blocking thread, in order, and handed to the actor one at a time.
        let (frames, sink) = AsyncStream.makeStream(of: BoundedLineReader.Frame.self, bufferingPolicy: .unbounded)
        let fd = input
        let limit = limit
        let thread = Thread {
            var reader = BoundedLineReader(fd: fd, limit: limit)
            while true {
                let frame = reader.next()
                sink.yield(frame)
                if frame == .end { break }
            }
            sink.finish()
        }
        thread.start()
        Task { [weak self] in
            for await frame in frames {
                guard let self else { return }
                await self.handle(frame)
            }
        }
    }

    private func handle(_ frame: BoundedLineReader.Frame) async {
        switch frame {
        case .end:
            continuation.finish()
        case .oversized(let head, let size):
            let id = MCPMessageGate.id(inHead: head)
            try? await write(
                MCPMessageGate.error(
                    id: id, .invalidRequest,
                    "the message is \(size) bytes, over the limit of \(limit) bytes; send smaller messages (a note body over it can be written with notez new)"))
        case .message(let bytes):
            let data = Data(bytes)
            switch gate.admit(data) {
            case .forward: continuation.yield(data)
            case .reply(let answer): try? await write(answer)
            case .drop: break
            }
        }
    }

    func disconnect() async {
        guard connected else { return }
        connected = false
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        gate.sent(data)
        try await write(data)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { messages }

    /// Writes one message and its newline whole (a message is never interleaved with another:
    /// the actor runs one `write` at a time and it does not suspend).
    private func write(_ data: Data) async throws {
        var bytes = [UInt8](data)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var poller = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
    }
}
