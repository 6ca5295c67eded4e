/// The exact front matter text of a file before and after an edit step, journaled so that an undo
/// can give back the original bytes (item order, quoting, removed lines) instead of a semantic
/// inverse that would, for example, re-add a tag at the end of the list.
///
/// The "front matter text" is everything before the body: an optional BOM and the `---` ... `---`
/// block including its closing line. Notes are small, so two copies of that prefix per step keep a
/// 10,000-file merge journal at a few megabytes while the file bodies are never held.
public struct FrontMatterChange: Sendable, Equatable, Codable {
    /// The file's prefix (BOM and front matter block) before the step.
    public var before: String
    /// The file's prefix after the step.
    public var after: String

    /// Creates a change from the two prefix texts.
    public init(before: String, after: String) {
        self.before = before
        self.after = after
    }

    /// The change that undoes this one.
    var swapped: FrontMatterChange { FrontMatterChange(before: after, after: before) }

    /// The change between two versions of a file, or nil when their bodies differ or a prefix is not
    /// UTF-8 (then undo falls back to the semantic inverse edits).
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> FrontMatterChange? {
        guard let oldEnd = prefixEnd(old), let newEnd = prefixEnd(new),
            old.count - oldEnd == new.count - newEnd, old[oldEnd...] == new[newEnd...],
            let before = text(old[..<oldEnd]), let after = text(new[..<newEnd])
        else { return nil }
        return FrontMatterChange(before: before, after: after)
    }

    /// `bytes` with the prefix `before` replaced by `after`, or nil when the file's prefix is not
    /// exactly `before` (it was edited since): every body byte is kept as it is.
    public func apply(to bytes: [UInt8]) -> [UInt8]? {
        guard let end = FrontMatterChange.prefixEnd(bytes) else { return nil }
        let expected = Array(before.utf8)
        guard end == expected.count, bytes[..<end].elementsEqual(expected) else { return nil }
        var result = Array(after.utf8)
        result.append(contentsOf: bytes[end...])
        // The new prefix must end where a body can start again (a complete block or none at all).
        guard FrontMatterChange.prefixEnd(result) == result.count - (bytes.count - end) else { return nil }
        return result
    }

    /// Where the body starts: after the closing delimiter line, or after the BOM when there is no
    /// front matter; nil for an unterminated or oversized block.
    static func prefixEnd(_ bytes: [UInt8]) -> Int? {
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block): return block.bodyStart
        case .none(let start): return start
        case .unterminated, .tooLarge: return nil
        }
    }

    /// The prefix of a file as bytes (for dry-run diffs of the front matter only).
    public static func prefix(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes[..<(prefixEnd(bytes) ?? bytes.count)])
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }
}
