import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// Writes framed messages to stdout, one at a time (`Content-Length` header, then the JSON body).
final class LSPOutput: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends one message.
    func send<Message: Encodable>(_ message: Message) {
        guard let body = try? encoder.encode(message) else {
            LSPLog.error("notez lsp: a message could not be encoded")
            return
        }
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame += body
        lock.withLock { write(frame) }
    }

    /// Sends a notification.
    func notify<Value: Encodable>(_ method: String, _ params: Value) {
        send(LSP.Outgoing(id: nil, method: method, params: params))
    }

    /// Sends a request to the client (its answer is read and ignored).
    func request<Value: Encodable>(id: LSP.RequestID, _ method: String, _ params: Value) {
        send(LSP.Outgoing(id: id, method: method, params: params))
    }

    private func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return
            }
            written += result
        }
    }
}
