import Testing

@testable import NotezKit
import NotezTestSupport

/// JSON made while written, and written in pieces, is the same text as the whole value's.
@Suite("JSON values")
struct JSONValueTests {
    /// A document larger than one piece, with nested and empty arrays.
    private static func document(lazy: Bool) -> JSONValue {
        let tags = (0..<3000).map { "tag \($0) \"quoted\" ü" }
        @Sendable func tag(_ at: Int) -> JSONValue { .object([("name", .string(tags[at])), ("count", .int(at)), ("color", .null)]) }
        return .object([
            ("empty", lazy ? .elements(count: 0) { _ in .null } : .array([])),
            ("tags", lazy ? .elements(count: tags.count) { tag($0) } : .array(tags.indices.map(tag))),
            ("nested", .array([.array([.bool(true)]), .number("1.5e3")])),
        ])
    }

    @Test("elements made while written equal an array of the same values", arguments: [true, false])
    func elementsEqualArray(pretty: Bool) {
        expect(Self.document(lazy: true).text(pretty: pretty), equals: Self.document(lazy: false).text(pretty: pretty))
    }

    @Test("the pieces joined are the text; each but the last is at least 64 KiB", arguments: [true, false])
    func piecesJoined(pretty: Bool) {
        var pieces: [[UInt8]] = []
        Self.document(lazy: true).write(pretty: pretty) { pieces.append($0) }
        expect(pieces.count > 1)
        expect(pieces.dropLast().allSatisfy { $0.count >= JSONValue.pieceSize })
        expect(String(decoding: pieces.joined(), as: UTF8.self), equals: Self.document(lazy: false).text(pretty: pretty))
    }
}
