/// Rewrites inline `#tags` in a note's body, surgically: only the bytes of the tags change
/// (and, for a removal, one separating space). The front matter is never touched here.
///
/// Every result is scanned again: the tags read back must be exactly the tags before with the
/// change applied, else the edit is refused and the file left alone.
enum InlineTagEditor {
    /// Where the body of `bytes` starts (after the front matter block; 0 when it is unterminated).
    public static func bodyStart(_ bytes: [UInt8]) -> Int {
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block): return block.bodyStart
        case .none(let start): return start
        case .unterminated, .tooLarge: return 0
        }
    }

    /// The inline tags of a whole file's body, with ranges as file offsets.
    public static func tags(ofFile bytes: [UInt8]) -> [InlineTag] {
        InlineTagScanner.tags(in: bytes[bodyStart(bytes)...])
    }

    /// Every inline `#tag` whose key is `old` becomes `#new`.
    static func replace(_ old: TagKey, with new: String, in bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        let before = tags(ofFile: bytes)
        let hits = before.filter { $0.key == old }
        guard !hits.isEmpty else { return bytes }
        guard InlineTagScanner.isWritable(new) else {
            throw EditRefusal("'\(new)' cannot be written as an inline #tag (it has characters an inline tag cannot hold)")
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + hits.count * max(0, new.utf8.count - 4))
        var cursor = 0
        for hit in hits {
            result += bytes[cursor..<hit.range.lowerBound]
            result.append(UInt8(ascii: "#"))
            result += Array(new.utf8)
            cursor = hit.range.upperBound
        }
        result += bytes[cursor...]
        let expected = before.map { $0.key == old ? TagKey(new) : $0.key }
        try verify(result, expected: expected, near: hits[0].range.lowerBound, original: bytes)
        return result
    }

    /// Every inline `#tag` whose key is in `keys` is removed with one space next to it.
    public static func remove(_ keys: Set<TagKey>, in bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        let before = tags(ofFile: bytes)
        let hits = before.filter { keys.contains($0.key) }
        guard !hits.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for hit in hits {
            var start = hit.range.lowerBound
            var end = hit.range.upperBound
            if start > cursor, isBlank(bytes[start - 1]), start - 1 > 0, !isLineBreak(bytes[start - 2]) {
                // `text #tag` → `text`: the space before goes with the tag.
                start -= 1
            } else if end < bytes.count, isBlank(bytes[end]) {
                // `#tag text` at the start of a line → `text`.
                end += 1
            }
            result += bytes[cursor..<start]
            cursor = end
        }
        result += bytes[cursor...]
        let expected = before.filter { !keys.contains($0.key) }.map(\.key)
        try verify(result, expected: expected, near: hits[0].range.lowerBound, original: bytes)
        return result
    }

    static func verify(_ result: [UInt8], expected: [TagKey], near offset: Int, original: [UInt8]) throws(EditRefusal) {
        let after = tags(ofFile: result).map(\.key)
        guard after == expected, bodyStart(result) == bodyStart(original) else {
            throw FrontMatterEditor.refusal(original, at: offset, "inline tags would not read back as intended; left alone")
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
}
