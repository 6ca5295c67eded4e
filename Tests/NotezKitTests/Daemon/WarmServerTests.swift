import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// The socket protocol between a client and a daemon, with hostile peers and leftovers.
@Suite("warm path socket")
struct WarmServerTests {
    static let request = WarmRequest(
        cookie: "", root: "/v", currentDirectory: "/v", arguments: ["ls"], environment: [:], terminals: [])

    /// A private folder standing in for a vault's cache folder.
    private func cacheFolder() throws -> (ScratchFolder, String) {
        let scratch = try ScratchFolder()
        chmod(scratch.path, 0o700)
        return (scratch, scratch.path)
    }

    private func echoServer(_ folder: String) throws -> WarmServer {
        let server = WarmServer(socketPath: folder + "/" + WarmSocket.socketName) { request in
            .answer(status: 7, stdout: Array(request.arguments.joined(separator: " ").utf8), stderr: Array(request.cookie.utf8))
        }
        try server.start()
        return server
    }

    @Test("a request is answered; the cookie exists while it is, and is gone after")
    func answered() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        let server = try echoServer(folder)
        defer { server.stop() }
        guard case .answer(let status, let stdout, let stderr)? = WarmClient.ask(WarmServerTests.request, cacheFolder: folder) else {
            Issue.record("no answer")
            return
        }
        expect(status, equals: 7)
        expect(stdout, equals: Array("ls".utf8))
        let cookie = String(decoding: stderr, as: UTF8.self)
        expect(cookie.hasPrefix("\(getpid())-"))
        expect(access(folder + "/cookies/" + cookie, F_OK) != 0)
        var info = stat()
        expect(lstat(folder + "/warm.sock", &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test("no socket, or a stale socket of a dead daemon: the client falls back at once")
    func staleSocket() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) == nil)
        try makeStaleSocket(folder + "/warm.sock")
        try FileManager.default.createDirectory(atPath: folder + "/cookies", withIntermediateDirectories: true)
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) == nil)
        // A new daemon replaces the stale socket.
        let server = try echoServer(folder)
        defer { server.stop() }
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) != nil)
    }

    @Test("a second daemon does not take over a live socket; a non-socket there is refused")
    func secondDaemon() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        let server = try echoServer(folder)
        defer { server.stop() }
        expect(throws: NotezError.self) { try self.echoServer(folder) }
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) != nil)

        let (other, otherFolder) = try cacheFolder()
        _ = other
        try Data("x".utf8).write(to: URL(fileURLWithPath: otherFolder + "/warm.sock"))
        expect(throws: NotezError.self) { try self.echoServer(otherFolder) }
    }

    @Test("a socket others can open, or in a folder others can write, is ignored")
    func permissions() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        let server = try echoServer(folder)
        defer { server.stop() }
        chmod(folder + "/warm.sock", 0o666)
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) == nil)
        chmod(folder + "/warm.sock", 0o600)
        chmod(folder, 0o777)
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) == nil)
        chmod(folder, 0o700)
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) != nil)
    }

    @Test("a socket owned by another user is ignored", .enabled(if: getuid() == 0, "only root can give a socket to another user"))
    func foreignOwner() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        let server = try echoServer(folder)
        defer { server.stop() }
        expect(chown(folder + "/warm.sock", 65534, 65534), equals: 0)
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) == nil)
    }

    @Test("garbage, a wrong version and an oversized header are dropped; the daemon keeps answering")
    func badFrames() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        let server = try echoServer(folder)
        defer { server.stop() }
        var wrongVersion = WarmFrame.encode(WarmServerTests.request)
        wrongVersion[4] = 9
        var oversized = Array(WarmFrame.encode(WarmServerTests.request).prefix(10))
        oversized[9] = 0x40
        for frame in [Array("GET / HTTP/1.1\r\n\r\n".utf8), wrongVersion, oversized, Array(WarmFrame.encode(WarmServerTests.request).prefix(20))] {
            let fd = WarmSocket.connect(to: folder + "/warm.sock")
            expect(fd >= 0)
            _ = WarmSocket.writeAll(fd, frame)
            shutdown(fd, Int32(SHUT_WR))
            WarmSocket.setTimeout(fd, seconds: 5)
            var byte: UInt8 = 0
            // Closed with unread input, the connection may end in a reset instead of an end of file.
            expect(recv(fd, &byte, 1, 0) <= 0, "the daemon answers nothing and closes")
            close(fd)
        }
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder) != nil)
    }

    @Test("stdout sent ahead in pieces comes before the answer's own, in order")
    func piecesAhead() throws {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        let server = WarmServer(socketPath: folder + "/" + WarmSocket.socketName) { request, send in
            send([Array("one ".utf8), Array("two ".utf8)])
            send([])
            send([Array(repeating: 66, count: 300_000)])
            return .captured(status: 3, stdout: [Array(" end".utf8)], stderr: Array("err".utf8))
        }
        try server.start()
        defer { server.stop() }
        let expected = Array("one two ".utf8) + Array(repeating: 66, count: 300_000) + Array(" end".utf8)
        expect(WarmClient.ask(WarmServerTests.request, cacheFolder: folder), equals: .answer(status: 3, stdout: expected, stderr: Array("err".utf8)))
        // Asked for pieces, the client keeps them as they came (the empty one dropped), the answer's own last.
        guard case .captured(3, let pieces, let stderr)? = WarmClient.ask(WarmServerTests.request, cacheFolder: folder, pieces: true) else {
            Issue.record("not an answer in pieces")
            return
        }
        expect(pieces.count, equals: 3)
        expect(Array(pieces.joined()), equals: expected)
        expect(pieces.first, equals: Array("one two ".utf8))
        expect(stderr, equals: Array("err".utf8))
    }

    @Test("pieces followed by nothing, a cut piece or a refusal send the client to the cold path")
    func piecesWithoutAnswer() throws {
        let piece = WarmFrame.piece([Array(repeating: 65, count: 1000)]).reduce([], +)
        let fallback = WarmFrame.encode(WarmResponse.fallback(reason: "no"))
        for answer in [piece, piece + Array(piece.prefix(400)), piece + fallback] {
            expect(try ask(daemonAnswering: answer) == nil)
        }
    }

    @Test("a daemon that stops mid-answer or answers garbage sends the client to the cold path")
    func daemonStopsMidAnswer() throws {
        let full = WarmFrame.encode(WarmResponse.answer(status: 0, stdout: Array(repeating: 65, count: 1000), stderr: []))
        for answer in [Array(full.prefix(500)), Array(full.prefix(5)), [], Array("NZWA\u{1}\u{0}\u{3}\u{0}\u{0}\u{0}abc".utf8)] {
            expect(try ask(daemonAnswering: answer) == nil)
        }
    }

    @Test("an answer's stdout read into pieces of its own: a large one arrives whole; wrong lengths are refused")
    func answerLengths() throws {
        func little(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        /// An answer frame whose payload says `stdoutCount` and `stderrCount`, whatever follows.
        func frame(stdoutCount: Int, stdout: [UInt8], stderrCount: Int, stderr: [UInt8]) -> [UInt8] {
            let payload = [0] + little(7) + little(stdoutCount) + stdout + little(stderrCount) + stderr
            let version = [UInt8(WarmFrame.version & 0xFF), UInt8(WarmFrame.version >> 8)]
            return WarmFrame.responseMagic + version + little(payload.count) + payload
        }
        // More than one piece of `readPieceSize`, every byte distinct from its neighbours.
        let large = (0..<(WarmSocket.readPieceSize * 2 + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let whole = WarmFrame.encode(.answer(status: 3, stdout: large, stderr: [69]))
        guard case .answer(let status, let stdout, let stderr)? = try ask(daemonAnswering: whole) else {
            Issue.record("a large answer did not arrive")
            return
        }
        expect(status, equals: 3)
        expect(stdout == large, "the large stdout differs")
        expect(stderr, equals: [69])
        let bad = [
            frame(stdoutCount: 10, stdout: Array(repeating: 65, count: 4), stderrCount: 0, stderr: []),
            frame(stdoutCount: 4, stdout: Array(repeating: 65, count: 4), stderrCount: 3, stderr: [1]),
            frame(stdoutCount: 4, stdout: Array(repeating: 65, count: 4), stderrCount: 0, stderr: [1]),
            frame(stdoutCount: Int(UInt32.max), stdout: [], stderrCount: 0, stderr: []),
        ]
        for answer in bad { expect(try ask(daemonAnswering: answer) == nil) }
        let good = frame(stdoutCount: 4, stdout: Array("abcd".utf8), stderrCount: 1, stderr: [1])
        guard case .answer(_, let four, let one)? = try ask(daemonAnswering: good) else {
            Issue.record("a well-formed answer was refused")
            return
        }
        expect(four, equals: Array("abcd".utf8))
        expect(one, equals: [1])
    }

    /// What the client makes of a daemon that reads the request and writes `answer`, then hangs up.
    private func ask(daemonAnswering answer: [UInt8]) throws -> WarmResponse? {
        let (scratch, folder) = try cacheFolder()
        _ = scratch
        try FileManager.default.createDirectory(atPath: folder + "/cookies", withIntermediateDirectories: true)
        let listener = try listen(folder + "/warm.sock")
        defer { close(listener) }
        let thread = Thread {
            let client = accept(listener, nil, nil)
            _ = WarmSocket.readFrame(client, request: true)
            _ = WarmSocket.writeAll(client, answer)
            close(client)
        }
        thread.start()
        return WarmClient.ask(WarmServerTests.request, cacheFolder: folder)
    }

    private func listen(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard var address = WarmSocket.address(path) else { throw NotezError.refused("path") }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(fd, 4) == 0 else { throw NotezError.io(path: path, errno: errno) }
        return fd
    }

    private func makeStaleSocket(_ path: String) throws {
        let fd = try listen(path)
        close(fd)
    }
}
