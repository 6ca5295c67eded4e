import Testing
import NotezTestSupport

@testable import NotezKit

/// The pieces of the json export: base64 and front matter scalars as JSON numbers.
@Suite struct ExportFormatTests {
    @Test(arguments: [
        ([], ""), (Array("f".utf8), "Zg=="), (Array("fo".utf8), "Zm8="), (Array("foo".utf8), "Zm9v"),
        ([0xFF, 0xFE, 0x00, 0x80], "//4AgA=="),
    ] as [([UInt8], String)])
    func base64KnownValues(bytes: [UInt8], text: String) {
        expect(Base64.encode(bytes), equals: text)
        expect(Base64.decode(text), equals: bytes)
    }

    @Test func base64RoundTripsEveryLength() {
        var generator = SeededGenerator(seed: 15)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            expect(Base64.decode(Base64.encode(bytes)), equals: bytes)
        }
    }

    @Test(arguments: ["Zg=", "Z===", "Zm9v\n", "Zm=v", "Zg==Zg==", "*abc"])
    func base64RejectsMalformedText(_ text: String) {
        expect(Base64.decode(text) == nil)
    }

    @Test(arguments: [
        ("0", true), ("12", true), ("-3", true), ("1.5", true), ("1e9", true), ("-1.5E-3", true),
        ("012", false), (".5", false), ("1.", false), ("1_000", false), ("0x1F", false), ("+1", false), ("-", false),
        ("", false), ("1e", false), ("Infinity", false), (String(repeating: "9", count: 31), false),
    ])
    func jsonNumbers(text: String, isNumber: Bool) {
        expect(FrontMatterJSON.isJSONNumber(text), equals: isNumber)
    }

    @Test func nonUTF8WriteStepsCarryTheirBytes() {
        let bytes: [UInt8] = [0x41, 0xFF, 0x0A]
        let step = FileStep.create("x.md", bytes: bytes)
        expect(step.contents == nil)
        expect(step.writtenBytes, equals: bytes)
        expect(step.afterHash, equals: ContentHash.of(bytes))
        expect(step.inverted?.kind == .delete)
        expect(step.inverted?.before?.hash == ContentHash.of(bytes))
        let text = FileStep.create("y.md", bytes: Array("hi\n".utf8))
        expect(text.contents == "hi\n" && text.contentsBase64 == nil)
    }
}
