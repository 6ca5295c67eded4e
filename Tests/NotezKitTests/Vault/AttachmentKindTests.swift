import Testing

@testable import NotezKit
import NotezTestSupport

/// Recognition of attachments by content, not by extension.
@Suite struct AttachmentKindTests {
    @Test func magicBytes() {
        let cases: [([UInt8], AttachmentKind)] = [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], .png),
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
            (Array("GIF89a....".utf8), .gif),
            (Array("GIF87a".utf8), .gif),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), .other),
            (Array("%PDF-1.7\n".utf8), .pdf),
            (Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), .svg),
            (Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg>".utf8), .svg),
            (Array("<svgfoo>".utf8), .other),
            (Array("<html><svg>".utf8), .other),
            (Array("# a note\n".utf8), .other),
            ([], .other),
            ([0x89, 0x50, 0x4E], .other),
        ]
        for (bytes, kind) in cases { expect(AttachmentKind.of(bytes), equals: kind, "\(bytes.prefix(12))") }
        expect(AttachmentKind.png.isImage && AttachmentKind.svg.isImage && !AttachmentKind.pdf.isImage && !AttachmentKind.other.isImage)
    }

    @Test func garbageNeverCrashes() {
        var generator = SeededGenerator(seed: 15)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = AttachmentKind.of(bytes)
        }
        expect(AttachmentKind.of([UInt8](repeating: 0x3C, count: 5000)), equals: .other)
    }
}
