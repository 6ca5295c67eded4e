import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("warm path frames")
struct WarmFrameTests {
    static let request = WarmRequest(
        cookie: "12-34", root: "/v", currentDirectory: "/v/Work", arguments: ["search", "tag:x", "zürich", ""],
        environment: ["NO_COLOR": "1", "TZ": "Europe/Zurich"], terminals: [.stdout, .stderr, .relativeTimes], width: 132)

    private func payload(_ frame: [UInt8]) -> [UInt8] { Array(frame.dropFirst(WarmFrame.headerSize)) }

    @Test func requestRoundTrip() {
        let frame = WarmFrame.encode(WarmFrameTests.request)
        expect(WarmFrame.payloadLength(header: Array(frame.prefix(10)), request: true), equals: frame.count - 10)
        expect(WarmFrame.decodeRequest(payload(frame)), equals: WarmFrameTests.request)
    }

    @Test(arguments: [
        WarmResponse.answer(status: 3, stdout: Array("out\n".utf8), stderr: [0, 255, 10]),
        .answer(status: -1, stdout: [], stderr: []), .fallback(reason: "no"),
    ])
    func responseRoundTrip(_ response: WarmResponse) {
        let frame = WarmFrame.encode(response)
        expect(WarmFrame.payloadLength(header: Array(frame.prefix(10)), request: false), equals: frame.count - 10)
        expect(WarmFrame.decodeResponse(payload(frame)), equals: response)
    }

    @Test("an answer captured in pieces is sent as the same frame as the joined answer")
    func capturedPieces() {
        let pieces: [[UInt8]] = [Array("first\n".utf8), [], Array(repeating: 66, count: 70_000), [0, 255]]
        let captured = WarmResponse.captured(status: 2, stdout: pieces, stderr: Array("warn\n".utf8))
        let joined = WarmResponse.answer(status: 2, stdout: pieces.flatMap { $0 }, stderr: Array("warn\n".utf8))
        let frame = WarmFrame.encode(captured)
        expect(frame, equals: WarmFrame.encode(joined))
        expect(WarmFrame.payloadLength(header: Array(frame.prefix(10)), request: false), equals: frame.count - 10)
        expect(WarmFrame.decodeResponse(payload(frame)), equals: joined)
        expect(WarmFrame.pieces(captured).reduce(0) { $0 + $1.count }, equals: frame.count)
    }

    @Test("every truncation and every trailing byte is rejected")
    func truncated() {
        let request = payload(WarmFrame.encode(WarmFrameTests.request))
        for length in 0..<request.count { expect(WarmFrame.decodeRequest(Array(request.prefix(length))) == nil) }
        expect(WarmFrame.decodeRequest(request + [0]) == nil)
        let response = payload(WarmFrame.encode(.answer(status: 0, stdout: [1, 2, 3], stderr: [4])))
        for length in 0..<response.count { expect(WarmFrame.decodeResponse(Array(response.prefix(length))) == nil) }
        expect(WarmFrame.decodeResponse(response + [0]) == nil)
        expect(WarmFrame.decodeResponse([7]) == nil)
    }

    @Test("headers of another kind, version or size are rejected")
    func badHeaders() {
        let good = Array(WarmFrame.encode(WarmFrameTests.request).prefix(10))
        expect(WarmFrame.payloadLength(header: good, request: false) == nil)
        var version = good
        version[4] = 1
        expect(WarmFrame.payloadLength(header: version, request: true) == nil)
        // A piece is not an answer, and an answer is not a piece.
        let piece = WarmFrame.piece([[1, 2, 3]])[0]
        expect(WarmFrame.pieceLength(header: piece), equals: 3)
        expect(WarmFrame.payloadLength(header: piece, request: false) == nil)
        expect(WarmFrame.pieceLength(header: Array(WarmFrame.encode(WarmResponse.fallback(reason: "x")).prefix(10))) == nil)
        var huge = good
        huge[9] = 0x7F
        expect(WarmFrame.payloadLength(header: huge, request: true) == nil)
        expect(WarmFrame.payloadLength(header: Array(good.prefix(9)), request: true) == nil)
        expect(WarmFrame.payloadLength(header: Array("GET / HTTP".utf8), request: true) == nil)
    }

    @Test("a count larger than the payload fails fast instead of allocating")
    func hugeCount() {
        var writer = ByteWriter()
        writer.string("c")
        writer.string("/v")
        writer.string("/v")
        writer.u32(0)
        writer.u32(0)
        writer.u32(UInt32.max)
        expect(WarmFrame.decodeRequest(writer.bytes) == nil)
    }
}
