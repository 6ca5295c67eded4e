import Foundation
import NIOCore
import NotezKit

/// The live stream: one server-sent-events stream per open page, fed by the live vault's batches.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [Int: AsyncStream<ByteBuffer>.Continuation] = [:]
    private var next = 0
    private var closed = false

    /// Sends one batch to every open stream: `event: change` with the changed paths.
    func publish(_ report: WatchReport) {
        var paths: [String] = []
        for change in report.changes {
            if case .moved(let from, _) = change { paths.append(from) }
            paths.append(change.path)
        }
        var json = "{\"paths\":["
        json += paths.map(EventHub.quoted).joined(separator: ",")
        json += "],\"rescan\":\(report.wasFullRescan)}"
        send("event: change\ndata: \(json)\n\n")
    }

    /// Sends a comment line to every open stream. A page that was closed without the connection
    /// ending (a sleeping laptop, a dropped network) is noticed when this write fails, not only at
    /// the next change; proxies also keep an active stream open.
    func heartbeat() {
        send(": heartbeat\n\n")
    }

    /// Seconds between heartbeats.
    static let heartbeatInterval = 20.0

    /// A new stream; it ends when the client goes away or the server stops.
    func subscribe() -> AsyncStream<ByteBuffer> {
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id: Int? = lock.withLock {
            if closed { return nil }
            next += 1
            streams[next] = continuation
            return next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.streams.removeValue(forKey: id) }
        }
        // The browser reconnects after a second when the stream drops.
        continuation.yield(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
        return stream
    }

    /// The number of open streams.
    var count: Int { lock.withLock { streams.count } }

    /// Ends every stream (shutdown must not wait for open pages).
    func close() {
        let all = lock.withLock { () -> [AsyncStream<ByteBuffer>.Continuation] in
            closed = true
            defer { streams = [:] }
            return Array(streams.values)
        }
        for continuation in all { continuation.finish() }
    }

    private func send(_ text: String) {
        let all = lock.withLock { Array(streams.values) }
        for continuation in all { continuation.yield(ByteBuffer(string: text)) }
    }

    /// A JSON string literal, safe inside a script (U+2028 and U+2029 escaped).
    static func quoted(_ text: String) -> String {
        var out = ""
        JSONText.quote(text, into: &out, forScript: true)
        return out
    }
}
