import Foundation
import Testing
import NotezTestSupport

/// `notez lsp` spoken to byte by byte: Content-Length framing with its bounds, the lifecycle, and
/// hostile input (a 50 MB buffer, invalid UTF-8, a change range outside the document, URIs outside
/// the vault, into .git/ and through a symlink, requests after shutdown): each gets a clear error,
/// the server goes on (or stops cleanly where the framing is lost), and no byte of the vault, its
/// .git/ or a folder beside it changes.
@Suite struct LSPProtocolTests {
    /// A running `notez lsp` and its raw stdin/stdout.
    final class RawSession {
        let process = Process()
        private let toServer = Pipe()
        private let fromServer = Pipe()
        private var pending: [UInt8] = []
        private var nextID = 0

        init(vault: TempVault) throws {
            process.executableURL = CLIRunner.binary
            process.arguments = ["lsp", "--vault", vault.path]
            process.environment = CLIRunner.environment()
            process.standardInput = toServer
            process.standardOutput = fromServer
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(raw bytes: [UInt8]) throws {
            try toServer.fileHandleForWriting.write(contentsOf: Data(bytes))
        }

        func send(body: [UInt8]) throws {
            try send(raw: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        func send(_ object: [String: Any]) throws {
            var message = object
            message["jsonrpc"] = "2.0"
            try send(body: Array(try JSONSerialization.data(withJSONObject: message)))
        }

        /// Sends a request and returns its answer (skipping notifications, which `notes` collects).
        func request(_ method: String, _ params: [String: Any]?, notes: inout [[String: Any]]) throws -> [String: Any]? {
            nextID += 1
            let id = nextID
            try send(["id": id, "method": method, "params": params ?? NSNull()])
            while let message = try receive() {
                if message["id"] as? Int == id, message["method"] == nil { return message }
                notes.append(message)
            }
            return nil
        }

        /// The next framed message (nil at the end of the output).
        func receive() throws -> [String: Any]? {
            while true {
                if let end = headerEnd(), let length = contentLength(pending[..<end]) {
                    if pending.count >= end + 4 + length {
                        let body = Array(pending[(end + 4)..<(end + 4 + length)])
                        pending.removeFirst(end + 4 + length)
                        return try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
                    }
                }
                let chunk = fromServer.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                pending += chunk
            }
        }

        private func headerEnd() -> Int? {
            guard pending.count >= 4 else { return nil }
            for index in 0...(pending.count - 4) where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
                return index
            }
            return nil
        }

        private func contentLength(_ header: ArraySlice<UInt8>) -> Int? {
            let text = String(decoding: header, as: UTF8.self)
            return text.split(separator: "\r\n").compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }.first
        }

        func initialize(_ vault: TempVault) throws {
            var notes: [[String: Any]] = []
            let answer = try request("initialize", ["rootUri": "file://" + vault.path, "capabilities": [String: Any]()], notes: &notes)
            expect((answer?["result"] as? [String: Any]) != nil, "\(String(describing: answer))")
            try send(["method": "initialized", "params": [String: Any]()])
        }

        func close() -> Int32 {
            try? toServer.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static func uri(_ vault: TempVault, _ path: String) -> String {
        "file://" + (vault.path + "/" + path).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
    }

    static func errorMessage(_ answer: [String: Any]?) -> String {
        ((answer?["error"] as? [String: Any])?["message"] as? String) ?? ""
    }

    @Test func hostileInputGetsClearErrorsAndChangesNothing() throws {
        let vault = try TempVault.example()
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try vault.write(".git/secret.md", "# git internals\n")
        let outside = try TempVault()
        try outside.write("secret.md", "# outside\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked", withDestinationPath: outside.path)
        let before = try vault.snapshot()
        let outsideBefore = try outside.snapshot()

        let session = try RawSession(vault: vault)
        var notes: [[String: Any]] = []
        // Before initialize: refused.
        let early = try session.request("textDocument/hover", ["textDocument": ["uri": Self.uri(vault, "scratch.md")], "position": ["line": 0, "character": 0]], notes: &notes)
        expect((early?["error"] as? [String: Any])?["code"] as? Int == -32002)
        try session.initialize(vault)

        for (name, path) in [("outside", outside.path + "/secret.md"), ("git", vault.path + "/.git/secret.md"), ("symlink", vault.path + "/Linked/secret.md"), ("dotdot", vault.path + "/Work/../../x.md")] {
            let answer = try session.request(
                "textDocument/documentSymbol", ["textDocument": ["uri": "file://" + path]], notes: &notes)
            let message = Self.errorMessage(answer)
            expect(!message.isEmpty, "\(name): \(String(describing: answer))")
            expect(message.contains("outside the vault") || message.contains("never reads") || message.contains("symlink") || message.contains("segment"), "\(name): \(message)")
            expect(!message.contains("# outside") && !message.contains("git internals"))
        }
        // didOpen of a URI in .git/: refused (shown to the user), nothing published for it.
        notes = []
        try session.send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file://" + vault.path + "/.git/secret.md", "languageId": "markdown", "version": 1, "text": "x"]]])
        _ = try session.request("workspace/symbol", ["query": "zzz"], notes: &notes)
        expect(notes.contains { ($0["method"] as? String) == "window/showMessage" && "\($0)".contains(".git") })
        expect(!notes.contains { ($0["method"] as? String) == "textDocument/publishDiagnostics" })

        // Invalid UTF-8 and invalid JSON: a parse error, the server goes on.
        try session.send(body: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D])
        let parse = try session.receive()
        expect((parse?["error"] as? [String: Any])?["code"] as? Int == -32700)

        // A buffer of 50 MB: read past in bounds and refused with a message; the server goes on.
        let big = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"\(Self.uri(vault, "Big.md"))\",\"languageId\":\"markdown\",\"version\":1,\"text\":\"" + String(repeating: "a", count: 50_000_000) + "\"}}}"
        try session.send(body: Array(big.utf8))
        notes = []
        let after = try session.request("workspace/symbol", ["query": "packing"], notes: &notes)
        expect(((after?["result"] as? [[String: Any]])?.first?["name"] as? String), equals: "Packing list")
        expect(notes.contains { "\($0)".contains("over the 40 MiB limit") })

        // A change outside the document: an error shown, the buffer forgotten, nothing written.
        try session.send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": Self.uri(vault, "scratch.md"), "languageId": "markdown", "version": 1, "text": "one line\n"]]])
        try session.send([
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": Self.uri(vault, "scratch.md"), "version": 2], "contentChanges": [["range": ["start": ["line": 5, "character": 0], "end": ["line": 9, "character": 3]], "text": "x"]]],
        ])
        notes = []
        _ = try session.request("workspace/symbol", ["query": "x"], notes: &notes)
        expect(notes.contains { "\($0)".contains("outside scratch.md") }, "\(notes)")

        // A position past the end and a wrong params shape: errors, not crashes.
        let wrong = try session.request("textDocument/completion", ["textDocument": 5], notes: &notes)
        expect((wrong?["error"] as? [String: Any])?["code"] as? Int == -32602)

        // shutdown, then a request: InvalidRequest; exit after shutdown: status 0.
        let shutdown = try session.request("shutdown", nil, notes: &notes)
        expect(shutdown?["error"] == nil)
        let late = try session.request("workspace/symbol", ["query": "x"], notes: &notes)
        expect((late?["error"] as? [String: Any])?["code"] as? Int == -32600)
        expect(Self.errorMessage(late).contains("after shutdown"))
        try session.send(["method": "exit"])
        expect(session.close(), equals: 0)
        try expect(vault.snapshot(), equals: before)
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        let vault = try TempVault.example()
        let session = try RawSession(vault: vault)
        var notes: [[String: Any]] = []
        let answer = try session.request(
            "initialize", ["rootUri": "file://" + vault.path, "capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]], notes: &notes)
        let capabilities = (answer?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        expect(capabilities?["positionEncoding"] as? String == "utf-8")
        // `é` is 2 bytes and `😀` 4: the broken link starts at byte 7 of its line (UTF-16 would say 4).
        try session.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": Self.uri(vault, "scratch.md"), "languageId": "markdown", "version": 1, "text": "é😀 [[Nowhere]]\n"]],
        ])
        var published: [String: Any]?
        while let message = try session.receive() {
            if message["method"] as? String == "textDocument/publishDiagnostics" {
                published = message["params"] as? [String: Any]
                break
            }
        }
        let range = ((published?["diagnostics"] as? [[String: Any]])?.first?["range"] as? [String: Any])
        expect((range?["start"] as? [String: Any])?["character"] as? Int == 7, "\(String(describing: published))")
        expect((range?["end"] as? [String: Any])?["character"] as? Int == 18)
        _ = try session.request("shutdown", nil, notes: &notes)
        try session.send(["method": "exit"])
        expect(session.close(), equals: 0)
    }

    @Test func brokenFramingStopsCleanlyWithStatusOne() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        for input in [
            Array("Content-Length: abc\r\n\r\n{}".utf8),
            Array("X-Header: 1\r\n\r\n{}".utf8),
            Array(String(repeating: "A", count: 100_000).utf8),
            Array("Content-Length: 99999999999999999999999\r\n\r\n".utf8),
        ] {
            let session = try RawSession(vault: vault)
            try session.send(raw: input)
            expect(session.close(), equals: 1)
        }
        // A header that claims more than the input holds; exit without shutdown: 1.
        let session = try RawSession(vault: vault)
        try session.initialize(vault)
        try session.send(["method": "exit"])
        expect(session.close(), equals: 1)
        try expect(vault.snapshot(), equals: before)
    }
}
