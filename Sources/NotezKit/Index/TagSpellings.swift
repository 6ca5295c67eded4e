/// The tags of the index cache written more than one way, with how many notes write each spelling
/// (`VaultIndex.spellingUses`, for every tag, registered or not): what `check` reports as a tag
/// spelled in several ways, so that it need not decode every note's entry.
///
/// Stored as a section of the cache (`CacheImage.spellingBytes`): per such tag, in tag-table order,
/// u32 tag number, u32 spelling count (2 or more), and per spelling u32 uses and a u32 length with
/// its UTF-8 bytes.
enum TagSpellings {
    /// Appends one tag's spellings and their uses (a dictionary of more than one).
    static func append(tag: Int, uses: [String: Int], to out: inout ByteWriter) {
        out.u32(UInt32(truncatingIfNeeded: tag))
        out.u32(UInt32(truncatingIfNeeded: uses.count))
        for (spelling, count) in uses {
            out.u32(UInt32(truncatingIfNeeded: count))
            out.string(spelling)
        }
    }

    /// Each stored tag's spellings and uses; nil when the section is malformed: a tag number out of
    /// order or range, fewer than two spellings, a spelling not UTF-8 or twice, or uses that do not
    /// add up to the tag's note count (every note with the tag writes one spelling of it).
    static func read(_ image: CacheImage) -> [(tag: Int, uses: [String: Int])]? {
        var input = ByteReader(buffer: image.spellingBytes)
        var result: [(tag: Int, uses: [String: Int])] = []
        var previous = -1
        while !input.atEnd {
            guard let tagNumber = input.u32(), let count = input.u32() else { return nil }
            let tag = Int(tagNumber)
            // Each spelling takes at least 8 bytes: a count beyond what is left is corrupt.
            guard tag > previous, tag < image.tagCount, count >= 2, Int(count) <= (input.buffer.count - input.position) / 8 else { return nil }
            previous = tag
            var uses: [String: Int] = [:]
            var total = 0
            for _ in 0..<count {
                guard let used = input.u32(), used > 0, let spelling = input.string() else { return nil }
                uses[spelling] = Int(used)
                total += Int(used)
            }
            guard uses.count == Int(count), total == image.postingCount(tag) else { return nil }
            result.append((tag, uses))
        }
        return result
    }
}
