import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("YAML scalar writer")
struct YAMLScalarWriterTests {
    @Test(arguments: [
        "yes", "No", "true", "FALSE", "on", "off", "y", "n", "null", "~", "", "2023", "1.0", "-5", ".5", "0x1F",
        "1_000", "12:30", "2024-05-01", "2024-05-01T10:00:00Z", "1e5", "+1", "0o17", "0b101", "#tag", "- x", "-", "? x", ": x", "[x]",
        "{x}", "&a", "*a", "!t", "|",
        ">", "'q", "\"q", "%p", "@at", "`tick", " lead", "trail ", "key: value", "ends:", "a #b", ",x", "tab\there",
        "line\nbreak", "\u{FEFF}bom", ".inf", ".NaN",
    ])
    func quoted(_ text: String) throws {
        expect(YAMLScalarWriter.needsQuoting(text, in: .block))
        try expectReadsBack(YAMLScalarWriter.scalar(text, in: .block), text)
        try expectReadsBack(YAMLScalarWriter.scalar(text, in: .flow), text, flow: true)
    }

    @Test(arguments: [
        "work", "Work/Sub", "été", "東京", "🎉", "a b", "c++", "3d-printing", "x-y", "a:b", "a#b",
        "it's", "say \"hi\"", "-x", "yes-no", "nullable", "18f", "3d", "1a", "v1.0", "x86_64",
    ])
    func plain(_ text: String) throws {
        expect(!YAMLScalarWriter.needsQuoting(text, in: .block))
        try expectReadsBack(YAMLScalarWriter.scalar(text, in: .block), text)
        try expectReadsBack(YAMLScalarWriter.scalar(text, in: .flow), text, flow: true)
    }

    @Test(arguments: ["a, b", "[x", "x]", "{y}", "a:b"])
    func quotedOnlyInFlow(_ text: String) throws {
        expect(YAMLScalarWriter.needsQuoting(text, in: .flow))
        try expectReadsBack(YAMLScalarWriter.scalar(text, in: .flow), text, flow: true)
    }

    @Test func singleQuotes() throws {
        expect(YAMLScalarWriter.singleQuoted("it's"), equals: "'it''s'")
        expect(YAMLScalarWriter.singleQuoted("a\nb") == nil)
        try expectReadsBack(YAMLScalarWriter.singleQuoted("it's")!, "it's")
    }

    /// The written scalar, parsed by libyaml, is a string scalar with exactly `text` as its value
    /// and (when plain) not a YAML 1.1 bool, null or number spelling.
    func expectReadsBack(_ written: String, _ text: String, flow: Bool = false) throws {
        let yaml = flow ? "k: [\(written)]\n" : "k: \(written)\n"
        let events = try YAMLEventReader.events(of: Array(yaml.utf8)).get().filter { $0.kind == .scalar }
        expect(events.count, equals: 2, "\(yaml.debugDescription)")
        expect(events.last?.value == text, "\(yaml.debugDescription)")
        if events.last?.style == .plain {
            expect(!YAMLScalarWriter.needsQuoting(text, in: flow ? .flow : .block))
        }
    }
}
