import Foundation
import MCP
import NotezKit

/// The JSON shapes `notez mcp` returns; a note has the fields of `notez ls --json`.
enum MCPShapes {
    /// `{"path", "title", "folder", "tags", "pinned", "created", "modified", "snippet"}`.
    static func note(_ note: Note, index: VaultIndex) -> Value {
        .object([
            "path": .string(note.path),
            "title": .string(note.title),
            "folder": .string(note.folder),
            "tags": .array(zip(note.tags, note.tagKeys).map { .string(index.displayName(of: $1) ?? $0) }),
            "pinned": .bool(note.pinned),
            "created": .string(NoteDate.iso8601(note.created)),
            "modified": .string(NoteDate.iso8601(note.modified)),
            "snippet": .string(note.snippet),
        ])
    }

    /// The resource URI of a note: `notez:///` and the percent-encoded vault-relative path.
    static func uri(_ path: String) -> String {
        "notez:///" + (path.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? path)
    }

    /// The vault-relative path of a note URI, or nil when it is not one.
    static func path(fromURI uri: String) -> String? {
        guard uri.hasPrefix("notez:///"), let path = String(uri.dropFirst("notez:///".count)).removingPercentEncoding,
            !path.isEmpty
        else { return nil }
        return path
    }

    /// The longest prefix of `text` of at most `bytes` UTF-8 bytes that ends on a character boundary.
    static func prefix(_ text: String, bytes: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].utf8.count
            if used + size > bytes { break }
            used += size
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    private static let pathCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#%;")
        return set
    }()
}
