import Foundation

/// What an attachment is, recognized by its first bytes (magic numbers), never by its extension:
/// a `.png` that holds a PDF is a PDF, and a file named `photo.jpg` that is text is `other`.
public enum AttachmentKind: String, Sendable, Codable, CaseIterable {
    /// PNG image (`\x89PNG\r\n\x1a\n`).
    case png
    /// JPEG image (`FF D8 FF`).
    case jpeg
    /// GIF image (`GIF87a`, `GIF89a`).
    case gif
    /// WebP image (`RIFF....WEBP`).
    case webp
    /// SVG image: text whose first element is `<svg` (after an optional BOM, XML declaration,
    /// comments and doctype).
    case svg
    /// PDF document (`%PDF-`).
    case pdf
    /// Anything else.
    case other

    /// How many leading bytes `of` looks at.
    static let sniffLength = 1024

    /// True for the kinds embedded as images (`![](...)`).
    var isImage: Bool {
        switch self {
        case .png, .jpeg, .gif, .webp, .svg: return true
        case .pdf, .other: return false
        }
    }

    /// The kind of a file from its first bytes (at least `sniffLength` of them when it is that long).
    public static func of<Bytes: Collection>(_ bytes: Bytes) -> AttachmentKind where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(sniffLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if isSVG(head) { return .svg }
        return .other
    }

    /// `<svg` as the first element of a text file.
    private static func isSVG(_ head: [UInt8]) -> Bool {
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            text = text.drop { $0.isWhitespace }
            if text.hasPrefix("<?") || text.hasPrefix("<!--") || text.hasPrefix("<!") {
                let close = text.hasPrefix("<!--") ? "-->" : ">"
                guard let end = text.range(of: close) else { return false }
                text = text[end.upperBound...]
                continue
            }
            return text.lowercased().hasPrefix("<svg") && text.dropFirst(4).first.map { $0.isWhitespace || $0 == ">" } ?? false
        }
    }
}
