import NotezKit

/// A fuzz input for the editor: the first line names the edit, the rest is the file.
///
/// First lines: `pinned: true`, `pinned: false`, `modified: SECONDS`, `add: a, b`, `remove: a, b`,
/// `rename: old -> new`. Any other first line picks one of those edits by its length, so mutated
/// inputs still exercise the editor.
struct EditFuzzInput {
    /// The earliest and latest times an edit sets, 2001-09-09 to 2100-01-01: `setModified` is given
    /// the current time, and ten-digit epoch seconds keep millisecond values at thirteen digits.
    static let secondsRange = 1_000_000_000.0...4_102_444_800.0

    var edit: FrontMatterEdit
    var document: [UInt8]

    init(_ bytes: [UInt8]) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        document = Array(bytes[min(newline + 1, bytes.count)...])
        let header = String(decoding: bytes[..<newline], as: UTF8.self)
        edit = EditFuzzInput.edit(header) ?? EditFuzzInput.fallback(header.utf8.count)
    }

    static func edit(_ header: String) -> FrontMatterEdit? {
        guard let colon = header.firstIndex(of: ":") else { return nil }
        let name = header[..<colon]
        let argument = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let list = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        switch name {
        case "pinned": return .setPinned(argument == "true")
        case "modified":
            let seconds = Double(argument) ?? 1_700_000_000.5
            guard seconds.isFinite else { return .setModified(1_700_000_000.5) }
            return .setModified(min(max(seconds, secondsRange.lowerBound), secondsRange.upperBound))
        case "add": return .addTags(list)
        case "remove": return .removeTags(list.map { TagKey($0) })
        case "rename":
            guard let arrow = argument.range(of: "->") else { return nil }
            let old = argument[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
            let new = argument[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            return .replaceTag(TagKey(old), with: new)
        default: return nil
        }
    }

    static func fallback(_ length: Int) -> FrontMatterEdit {
        let edits: [FrontMatterEdit] = [
            .setPinned(true), .setPinned(false), .setModified(1_700_000_000.5), .addTags(["fuzz", "a b"]),
            .removeTags([TagKey("work")]), .replaceTag(TagKey("work"), with: "Fuzz"),
        ]
        return edits[length % edits.count]
    }
}
