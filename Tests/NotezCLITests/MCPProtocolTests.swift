import Foundation
import Testing
import NotezTestSupport

/// `notez mcp` spoken to byte by byte (no SDK client): message framing in linear time with a size
/// bound, the lifecycle (nothing but initialize and ping before initialize), and an error reply
/// for every malformed request that has an id.
@Suite struct MCPProtocolTests {
    /// A running `notez mcp` and its raw stdin/stdout.
    final class RawSession {
        let process = Process()
        private let toServer = Pipe()
        private let fromServer = Pipe()
        private var pending: [UInt8] = []

        init(vault: TempVault, arguments: [String] = []) throws {
            process.executableURL = CLIRunner.binary
            process.arguments = ["mcp", "--vault", vault.path] + arguments
            process.environment = CLIRunner.environment()
            process.standardInput = toServer
            process.standardOutput = fromServer
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ text: String) throws {
            try toServer.fileHandleForWriting.write(contentsOf: Data((text + "\n").utf8))
        }

        func send(bytes: [UInt8]) throws {
            try toServer.fileHandleForWriting.write(contentsOf: Data(bytes))
        }

        /// The next line the server writes, as JSON (nil at end of output).
        func receive() throws -> [String: Any]? {
            while true {
                if let newline = pending.firstIndex(of: 0x0A) {
                    let line = Array(pending[..<newline])
                    pending.removeFirst(newline + 1)
                    return try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                }
                let chunk = fromServer.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                pending += chunk
            }
        }

        func initialize() throws {
            try send(
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
            let answer = try receive()
            expect(answer?["result"] != nil, "\(String(describing: answer))")
            try send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        }

        func close() {
            try? toServer.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    static func errorCode(_ answer: [String: Any]?) -> Int? {
        (answer?["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func requestsBeforeInitializeGetTheProtocolError() throws {
        let vault = try TempVault.example()
        let session = try RawSession(vault: vault)
        try session.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let early = try session.receive()
        expect(early?["id"] as? Int == 1)
        expect(Self.errorCode(early), equals: -32600, "\(String(describing: early))")
        expect(early?["result"] == nil)
        try session.send(#"{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"list_tags"}}"#)
        let call = try session.receive()
        expect(call?["id"] as? String == "c")
        expect(Self.errorCode(call), equals: -32600, "\(String(describing: call))")
        // ping is allowed before initialize.
        try session.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        expect(try session.receive()?["result"] != nil)
        try session.initialize()
        try session.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#)
        let listed = try session.receive()
        expect(listed?["id"] as? Int == 3)
        expect(listed?["result"] != nil, "\(String(describing: listed))")
        session.close()
    }

    @Test func everyMalformedRequestWithAnIdGetsAnError() throws {
        let vault = try TempVault.example()
        let session = try RawSession(vault: vault)
        try session.initialize()
        let cases: [(String, Any, Int)] = [
            (#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":5}"#, 10, -32602),
            (#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":[1]}"#, 11, -32602),
            (#"{"jsonrpc":"2.0","id":12}"#, 12, -32600),
            (#"{"jsonrpc":"2.0","id":13,"method":5}"#, 13, -32600),
            (#"{"jsonrpc":"1.0","id":14,"method":"ping"}"#, 14, -32600),
            (#"{"id":15,"method":"ping"}"#, 15, -32600),
            (#"{"jsonrpc":"2.0","id":16,"method":"ping","result":{}}"#, 16, -32600),
            (#"{"jsonrpc":"2.0","id":"s","method":"no/such"}"#, "s", -32601),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, NSNull(), -32600),
            (#"{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":5}}"#, 17, 0),
            (#"{"jsonrpc":"2.0","id":18,"#, NSNull(), -32700),
            (#"[{"jsonrpc":"2.0","id":19,"method":"ping"}]"#, NSNull(), -32600),
            ("\u{1}", NSNull(), -32700),
        ]
        for (message, id, code) in cases {
            try session.send(message)
            let answer = try session.receive()
            expect(answer?["error"] != nil, "\(message): \(String(describing: answer))")
            if let id = id as? Int { expect(answer?["id"] as? Int == id, "\(message)") }
            if let id = id as? String { expect(answer?["id"] as? String == id, "\(message)") }
            if id is NSNull { expect(answer?["id"] is NSNull, "\(message): \(String(describing: answer))") }
            if code != 0 { expect(Self.errorCode(answer), equals: code, "\(message): \(String(describing: answer))") }
        }
        // Still serving.
        try session.send(#"{"jsonrpc":"2.0","id":20,"method":"ping"}"#)
        expect(try session.receive()?["id"] as? Int == 20)
        session.close()
    }

    /// A 4 MB ping took 19-22 s when the pending buffer was searched again after every read.
    @Test func largeMessagesAreReadInLinearTimeAndOversizedOnesRefused() throws {
        let vault = try TempVault.example()
        let session = try RawSession(vault: vault)
        try session.initialize()
        let padding = String(repeating: "a", count: 4_000_000)
        let started = Date()
        try session.send(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"pad":""#+padding+#""}}}"#)
        let answer = try session.receive()
        let seconds = Date().timeIntervalSince(started)
        expect(answer?["id"] as? Int == 1)
        expect(answer?["result"] != nil, "\(String(describing: answer))")
        expect(seconds < 5, "a 4 MB message took \(seconds) s")

        // Over the 4 MiB bound: skipped unread, answered with an error naming the limit and its id.
        let big = String(repeating: "b", count: 6 << 20)
        try session.send(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"pad":""#+big+#""}}}"#)
        let refused = try session.receive()
        expect(refused?["id"] as? Int == 2, "\(String(describing: refused))")
        expect(Self.errorCode(refused), equals: -32600)
        expect(((refused?["error"] as? [String: Any])?["message"] as? String)?.contains("over the limit of 4194304 bytes") == true)
        try session.send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
        expect(try session.receive()?["id"] as? Int == 3)
        session.close()
        expect(session.process.terminationStatus, equals: 0)
    }
}
