import Foundation
import MCP

/// Checks each incoming JSON-RPC message before the SDK's server sees it, so that every request
/// with an id gets an answer and nothing but `initialize` and `ping` is served before the server
/// answered `initialize` (the MCP lifecycle). The SDK drops some malformed messages silently (a
/// request whose params are not an object is taken for a notification; its strict mode drops the
/// answer to a request made too early), so those are answered here with the JSON-RPC error.
struct MCPMessageGate {
    /// What to do with one message.
    enum Decision: Equatable {
        /// Hand it to the server.
        case forward
        /// Answer it with this error reply instead.
        case reply(Data)
        /// Ignore it (a notification or response that is not wanted; notifications get no answer).
        case drop
    }

    /// Whether the server has answered an `initialize` request with a result.
    private(set) var initialized = false
    /// Ids of `initialize` requests forwarded and not answered yet.
    private var pendingInitialize: Set<ID> = []

    /// JSON-RPC error codes.
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case invalidParams = -32602
    }

    /// The decision for one incoming message.
    mutating func admit(_ data: Data) -> Decision {
        guard let parsed = try? JSONDecoder().decode(Value.self, from: data) else {
            return .reply(Self.error(id: nil, .parseError, "parse error: the message is not JSON"))
        }
        guard case .object(let message) = parsed else {
            let what = parsed.arrayValue != nil ? "batches are not supported; send one message per line" : "a message must be a JSON object"
            return .reply(Self.error(id: nil, .invalidRequest, what))
        }
        let id = message["id"].flatMap(Self.id(of:))
        let hasID = message["id"] != nil
        if hasID, id == nil {
            return .reply(Self.error(id: nil, .invalidRequest, "the id must be a string or an integer"))
        }
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            return hasID ? .reply(Self.error(id: id, .invalidRequest, "the message must have \"jsonrpc\": \"2.0\"")) : .drop
        }
        guard let methodValue = message["method"] else {
            // A response to a request of the server (it makes none, but the SDK may): forwarded.
            if hasID, (message["result"] != nil) != (message["error"] != nil) { return initialized ? .forward : .drop }
            return .reply(Self.error(id: id, .invalidRequest, "a request needs a method"))
        }
        guard let method = methodValue.stringValue else {
            return hasID ? .reply(Self.error(id: id, .invalidRequest, "the method must be a string")) : .drop
        }
        if message["result"] != nil || message["error"] != nil {
            return hasID ? .reply(Self.error(id: id, .invalidRequest, "a request has no result or error")) : .drop
        }
        if let params = message["params"], params.objectValue == nil {
            return hasID ? .reply(Self.error(id: id, .invalidParams, "params must be an object")) : .drop
        }
        guard let id else {
            // A notification: only `notifications/initialized` means something before initialization.
            return initialized || method == "notifications/initialized" ? .forward : .drop
        }
        if method == "initialize" {
            pendingInitialize.insert(id)
            return .forward
        }
        guard initialized || method == "ping" else {
            return .reply(Self.error(id: id, .invalidRequest, "the server is not initialized; send initialize first"))
        }
        return .forward
    }

    /// Notes an outgoing message: the server's result for `initialize` opens the session.
    mutating func sent(_ data: Data) {
        guard !initialized, !pendingInitialize.isEmpty,
            case .object(let message)? = try? JSONDecoder().decode(Value.self, from: data),
            let id = message["id"].flatMap(Self.id(of:)), pendingInitialize.contains(id)
        else { return }
        pendingInitialize.remove(id)
        if message["result"] != nil { initialized = true }
    }

    /// A JSON-RPC id as the SDK knows ids: a string or an integer (not a fraction, boolean or null).
    static func id(of value: Value) -> ID? {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .number(number)
        default: return nil
        }
    }

    /// The top-level id of a message known only by its first bytes (one too large to parse), when
    /// it is there: a scan that skips strings and nested values until the key `"id"` at depth 1.
    static func id(inHead head: [UInt8]) -> ID? {
        var depth = 0
        var index = 0
        var lastString: ArraySlice<UInt8>?
        func string(at start: Int) -> (ArraySlice<UInt8>, Int)? {
            var end = start + 1
            while end < head.count, head[end] != 0x22 {
                if head[end] == 0x5C { return nil }  // escapes are never needed for an id key; give up
                end += 1
            }
            return end < head.count ? (head[(start + 1)..<end], end + 1) : nil
        }
        while index < head.count {
            let byte = head[index]
            switch byte {
            case 0x22:
                guard let (text, next) = string(at: index) else { return nil }
                lastString = text
                index = next
                continue
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D: depth -= 1
            case 0x3A where depth == 1 && lastString.map(Array.init) == Array("id".utf8):
                var start = index + 1
                while start < head.count, head[start] == 0x20 || head[start] == 0x09 { start += 1 }
                guard start < head.count else { return nil }
                if head[start] == 0x22 {
                    guard let (text, _) = string(at: start) else { return nil }
                    return .string(String(decoding: text, as: UTF8.self))
                }
                var end = start
                while end < head.count, head[end] == 0x2D || (0x30...0x39).contains(head[end]) { end += 1 }
                guard end < head.count, ",} \t\r\n".utf8.contains(head[end]) else { return nil }
                return Int(String(decoding: head[start..<end], as: UTF8.self)).map(ID.number)
            default: break
            }
            if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x3A { lastString = nil }
            index += 1
        }
        return nil
    }

    /// The error reply: `{"error":{"code":C,"message":M},"id":ID,"jsonrpc":"2.0"}` (id null when unknown).
    static func error(id: ID?, _ code: Code, _ message: String) -> Data {
        let idValue: Value =
            switch id {
            case .string(let text): .string(text)
            case .number(let number): .int(number)
            case nil: .null
            }
        let object: Value = [
            "jsonrpc": "2.0", "id": idValue, "error": ["code": .int(code.rawValue), "message": .string(message)],
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(object)) ?? Data()
    }
}
