import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("YAML event offsets are bytes")
struct YAMLEventReaderOffsetTests {
    /// Every scalar's byte range must hold exactly its text as written.
    @Test(arguments: [
        "title: Café\ntags: [é, x]\n",
        "title: 日本語のノート\ntags:\n  - 東京\n  - \"京都\"\n",
        "title: 🎉🎉 party\ntags: ['😀', x]\n",
        "title: a\r\ntags:\r\n  - é\r\n  - 🎉\r\nnext: 東京\r\n",
        "a: \"naïve\"\r\nb: 'x''y'\r\nc: [1, 2]\r\n",
    ])
    func scalarRangesHoldTheirText(_ text: String) throws {
        let bytes = Array(text.utf8)
        let events = try YAMLEventReader.events(of: bytes).get()
        let scalars = events.filter { $0.kind == .scalar }
        expect(!scalars.isEmpty)
        for event in scalars {
            let raw = String(decoding: bytes[event.start..<event.end], as: UTF8.self)
            switch event.style {
            case .plain: expect(raw, equals: event.value)
            case .doubleQuoted: expect(raw, equals: "\"" + event.value + "\"")
            case .singleQuoted: expect(raw, equals: "'" + event.value.replacingOccurrences(of: "'", with: "''") + "'")
            default: Issue.record("unexpected style \(event.style)")
            }
        }
    }

    @Test("offsets after 4-byte characters and CRLF")
    func exactOffsets() throws {
        let text = "t: 🎉\r\nk: é\r\n"
        let bytes = Array(text.utf8)
        let events = try YAMLEventReader.events(of: bytes).get().filter { $0.kind == .scalar }
        // t(0) :(1) space(2) 🎉(3..<7) \r(7) \n(8) k(9) :(10) space(11) é(12..<14)
        expect(events.map(\.start), equals: [0, 3, 9, 12])
        expect(events.map(\.end), equals: [1, 7, 10, 14])
        expect(events.map(\.line), equals: [0, 0, 1, 1])
    }

    @Test("a block list's end mark is the next key; the span map ends at the last item")
    func blockListEnd() throws {
        let bytes = Array("---\ntags:\n  - a\n  - b\n\n# c\ntitle: x\n---\n".utf8)
        let map = try #require(try FrontMatterSpanMap.read(bytes))
        let field = try #require(map.tags.first)
        expect(field.style, equals: .blockList)
        let value = try #require(field.valueRange)
        expect(String(decoding: bytes[value], as: UTF8.self), equals: "- a\n  - b")
        expect(field.items.map { String(decoding: bytes[$0.line!], as: UTF8.self) }, equals: ["  - a\n", "  - b\n"])
        expect(field.items.map { String(decoding: bytes[$0.prefix!], as: UTF8.self) }, equals: ["  - ", "  - "])
    }

    @Test("span map items and styles")
    func spanMapStyles() throws {
        let bytes = Array("\u{FEFF}---\r\ntitle: 日本\r\nTags: [a, \"b c\"]\r\nkeywords:\r\n- x\r\ntag: d, e\r\n---\r\n".utf8)
        let map = try #require(try FrontMatterSpanMap.read(bytes))
        expect(map.tags.map(\.style), equals: [.flowList, .indentlessBlockList, .scalar])
        expect(map.tags.map(\.key), equals: ["Tags", "keywords", "tag"])
        expect(map.tags[0].items.map(\.tag), equals: ["a", "b c"])
        expect(map.tags[0].items.map { String(decoding: bytes[$0.range], as: UTF8.self) }, equals: ["a", "\"b c\""])
        expect(map.tags[2].items.map { String(decoding: bytes[$0.range], as: UTF8.self) }, equals: ["d", "e"])
        expect(map.lineEnding, equals: [0x0D, 0x0A])
        expect(map.preferredTagField?.key == "Tags")
    }
}
