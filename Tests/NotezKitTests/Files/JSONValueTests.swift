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
            ("empty", lazy ? .elements(count: 0, value: { _ in .null }) : .array([])),
            ("tags", lazy ? .elements(count: tags.count, value: tag) : .array(tags.indices.map(tag))),
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

    /// Names that need escapes, non-ASCII, empty and long ones.
    private static let names = ["plain", "with \"quotes\" and \\", "tab\there", "ü ß 日本", "", "line\u{2028}sep", "\u{7F}", "a</script>"]

    @Test("tags and folders written straight are the text of their objects, at every depth", arguments: [true, false])
    func writtenEqualsObjects(pretty: Bool) {
        var generator = SeededGenerator(seed: 17)
        let tags = (0..<200).map { number in
            var tag = TagSummary(
                key: TagKey("t\(number)"), name: Self.names[number % Self.names.count] + "\(number)", count: number * 7,
                color: number % 3 == 0 ? ColorName("red") : nil, registered: number % 2 == 0)
            tag.frontMatterCount = Int.random(in: 0...number, using: &generator)
            tag.inlineCount = number - tag.frontMatterCount
            return tag
        }
        func folder(_ depth: Int, _ number: Int) -> FolderNode {
            FolderNode(
                name: Self.names[number % Self.names.count], path: "p/\(depth)/\(number)", direct: number, count: number * 3,
                color: number % 4 == 0 ? ColorName("#ff0000") : nil,
                children: depth == 0 ? [] : (0..<Int.random(in: 0...3, using: &generator)).map { folder(depth - 1, number * 4 + $0) })
        }
        let folders = (0..<12).map { folder(3, $0) }
        let straight = JSONValue.object([("tags", TagJSON.array(tags)), ("deeper", .array([.object([("folders", FolderJSON.array(folders))])]))])
        let made = JSONValue.object([
            ("tags", .array(tags.map(TagJSON.object))), ("deeper", .array([.object([("folders", .array(folders.map { FolderJSON.object($0) }))])])),
        ])
        expect(straight.text(pretty: pretty), equals: made.text(pretty: pretty))
        expect(TagJSON.array([]).text(pretty: pretty), equals: "[]")
    }
}
