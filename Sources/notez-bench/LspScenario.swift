import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// `notez lsp` on a generated vault, as an editor drives it: until `initialize` is answered,
/// completion after `[[` (nothing typed, and a few letters typed), diagnostics after a change to
/// an open buffer (from `didChange` sent to `publishDiagnostics` received), and the server's peak
/// memory. Nothing is written to the vault (buffers are never saved).
struct LspScenario {
    let notez: String
    let facts: VaultFacts
    let runs: Int

    func rows() -> [Row] {
        do {
            return try measure()
        } catch {
            return [Row(measure: "`notez lsp`", notes: facts.notes, tool: .notez, failure: "\(error)")]
        }
    }

    private func measure() throws -> [Row] {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: notez)
        process.arguments = ["lsp", "--vault", facts.root]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        var client = Client(input: input.fileHandleForWriting, output: output.fileHandleForReading)
        let started = DispatchTime.now()
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        _ = try client.request("initialize", #"{"rootUri":null,"capabilities":{}}"#)
        let ready = milliseconds(since: started)
        try client.notify("initialized", "{}")
        var rows: [Row] = []
        func row(_ name: String, _ times: [Double], hits: Int = 0) {
            var row = Row(measure: "lsp: " + name, notes: facts.notes, tool: .notez, medianMs: median(times))
            row.minMs = times.min() ?? 0
            row.maxMs = times.max() ?? 0
            row.hits = hits
            rows.append(row)
        }
        row("until `initialize` is answered (scan + watcher)", [ready])

        let notes = try FileManager.default.contentsOfDirectory(atPath: facts.root + "/" + facts.bigFolder).filter { $0.hasSuffix(".md") }.sorted()
        guard let name = notes.first else { throw BenchError("no note in \(facts.bigFolder)") }
        let uri = "file://" + (facts.root + "/" + facts.bigFolder + "/" + name).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
        var text = try String(contentsOfFile: facts.root + "/" + facts.bigFolder + "/" + name, encoding: .utf8)
        if !text.hasSuffix("\n") { text += "\n" }
        text += "See [[\n"
        let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        try client.notify("textDocument/didOpen", json(["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]]))
        _ = try client.waitFor("textDocument/publishDiagnostics")
        // The catalog (names, uses) is built for the diagnostics published at open: the first completion only scans it.
        var first: [Double] = []
        var empty: [Double] = []
        var typed: [Double] = []
        var hits = 0
        for run in 0...runs {
            let start = DispatchTime.now()
            let answer = try client.request(
                "textDocument/completion", json(["textDocument": ["uri": uri], "position": ["line": lastLine, "character": 6]]))
            let ms = milliseconds(since: start)
            if run == 0 { first.append(ms) } else { empty.append(ms) }
            hits = ((answer["result"] as? [String: Any])?["items"] as? [Any])?.count ?? 0
        }
        row("completion after `[[` (first; the catalog was built for the diagnostics at open)", first, hits: hits)
        row("completion after `[[`", empty, hits: hits)
        var version = 1
        for letters in ["n", "no", "not"] {
            version += 1
            try client.notify(
                "textDocument/didChange",
                json(["textDocument": ["uri": uri, "version": version], "contentChanges": [["range": ["start": ["line": lastLine, "character": 6 + letters.count - 1], "end": ["line": lastLine, "character": 6 + letters.count - 1]], "text": String(letters.last!)]]]))
            _ = try client.waitFor("textDocument/publishDiagnostics")
            for _ in 0..<max(1, runs / 3) {
                let start = DispatchTime.now()
                let answer = try client.request(
                    "textDocument/completion", json(["textDocument": ["uri": uri], "position": ["line": lastLine, "character": 6 + letters.count]]))
                typed.append(milliseconds(since: start))
                hits = ((answer["result"] as? [String: Any])?["items"] as? [Any])?.count ?? 0
            }
        }
        row("completion after `[[not` (fuzzy, typed)", typed, hits: hits)
        var diagnostics: [Double] = []
        for run in 0..<runs {
            version += 1
            let start = DispatchTime.now()
            try client.notify(
                "textDocument/didChange",
                json(["textDocument": ["uri": uri, "version": version], "contentChanges": [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": "[[Missing \(run)]] "]]]))
            _ = try client.waitFor("textDocument/publishDiagnostics")
            diagnostics.append(milliseconds(since: start))
        }
        row("diagnostics after a change (didChange to publishDiagnostics)", diagnostics)
        var memory = Row(measure: "lsp: peak RSS", notes: facts.notes, tool: .notez, medianMs: 0)
        memory.maxRSSMB = peakRSSMB(process.processIdentifier)
        rows.append(memory)
        _ = try client.request("shutdown", "null")
        try client.notify("exit", "null")
        return rows
    }

    private func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
    }

    private func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    private func peakRSSMB(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib / 1024
    }

    /// A minimal framed JSON-RPC client over the server's pipes.
    struct Client {
        let input: FileHandle
        let output: FileHandle
        var pending: [UInt8] = []
        var nextID = 0

        mutating func notify(_ method: String, _ params: String) throws {
            try send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
        }

        mutating func request(_ method: String, _ params: String) throws -> [String: Any] {
            nextID += 1
            try send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"#)
            while true {
                let message = try receive()
                if message["id"] as? Int == nextID, message["method"] == nil { return message }
            }
        }

        mutating func waitFor(_ method: String) throws -> [String: Any] {
            while true {
                let message = try receive()
                if message["method"] as? String == method { return message }
            }
        }

        private func send(_ body: String) throws {
            try input.write(contentsOf: Data(("Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8))
        }

        private mutating func receive() throws -> [String: Any] {
            while true {
                if let end = headerEnd() {
                    let header = String(decoding: pending[..<end], as: UTF8.self)
                    let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                    }.first ?? 0
                    if pending.count >= end + 4 + length {
                        let body = Data(pending[(end + 4)..<(end + 4 + length)])
                        pending.removeFirst(end + 4 + length)
                        return (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
                    }
                }
                let chunk = output.availableData
                if chunk.isEmpty { throw BenchError("notez lsp ended its output") }
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
    }
}
