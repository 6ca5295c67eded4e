import Testing

@testable import NotezKit
import NotezTestSupport

/// libyaml counts characters; the reader must report byte offsets.
struct YAMLEventOffsetTests {
    @Test func scalarOffsetsAreBytesAfterMultibyteText() throws {
        let text = "title: \"Zürich 🚀 東京\"\ntags: [a, é]\n"
        let bytes = Array(text.utf8)
        let events = try YAMLEventReader.events(of: bytes).get()
        let scalars = events.filter { $0.kind == .scalar }
        for scalar in scalars {
            let slice = String(decoding: bytes[scalar.start..<scalar.end], as: UTF8.self)
            let unquoted = slice.hasPrefix("\"") ? String(slice.dropFirst().dropLast()) : slice
            expect(unquoted, equals: scalar.value)
        }
        expect(scalars.map(\.value), equals: ["title", "Zürich 🚀 東京", "tags", "a", "é"])
    }

    @Test func crlfOffsets() throws {
        let bytes = Array("a: 1\r\nb: [x, y]\r\n".utf8)
        let events = try YAMLEventReader.events(of: bytes).get()
        let y = try #require(events.last { $0.kind == .scalar })
        expect(String(decoding: bytes[y.start..<y.end], as: UTF8.self), equals: "y")
        expect(y.line, equals: 1)
    }
}
