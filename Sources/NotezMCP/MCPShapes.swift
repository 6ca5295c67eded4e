import Foundation
import MCP
import NotezKit

/// The JSON shapes `notez mcp` returns; a note is the library's one note shape (`NoteJSON`).
enum MCPShapes {
    /// `{"path", "title", "folder", "tags", "inlineTags", "pinned", "created", "modified", "snippet"}`.
    static func note(_ note: Note, index: any NoteCollection) -> Value { value(NoteJSON.object(note, in: index)) }

    /// A change as the library shapes it (`PlanJSON`), steps cut to the list limit, as an object's fields.
    static func change(_ plan: Plan, result: OperationRunner.Result?, dryRun: Bool) -> [String: Value] {
        Dictionary(PlanJSON.fields(plan, result: result, dryRun: dryRun, stepLimit: MCPLimits.listItems).map { ($0.0, value($0.1)) }) { _, last in last }
    }

    /// The library's JSON value as the MCP SDK's.
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        case .number(let text): return Double(text).map(Value.double) ?? .string(text)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .array(let items): return .array(items.map(value))
        case .object(let pairs): return .object(Dictionary(pairs.map { ($0.0, value($0.1)) }) { _, last in last })
        case .elements(let count, let element):
            // Elements that write themselves as text (no front end hands MCP one): read back.
            return .array(
                (0..<count).map { position in
                    var text: [UInt8] = []
                    element(position, &text, nil)
                    return (try? JSONDecoder().decode(Value.self, from: Data(text))) ?? .null
                })
        }
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
