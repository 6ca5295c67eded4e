/// What `notez check` reads a note's body for, recorded in the index cache when the note is read
/// for the index (the same bytes check would read): its first conflict-marker line
/// (`ConflictMarkers`) and the front-matter dates notez cannot read (`VaultCheck.unreadableDates`).
/// `check` then reads only the notes the cache has no current record of (`CachedCheckData`).
struct BodyFacts: Sendable, Equatable {
    /// The 1-based line of the first conflict marker, if any.
    var markerLine: Int?
    /// The unreadable dates' findings, without their path (line, column, message).
    var dates: [(line: Int, column: Int, message: String)]

    static func == (a: BodyFacts, b: BodyFacts) -> Bool {
        a.markerLine == b.markerLine && a.dates.elementsEqual(b.dates) { $0 == $1 }
    }

    /// The stored form of a note not read whole (unknown: check reads it).
    static let unknown: [UInt8] = []

    /// The facts of a note's bytes as read for the index; `unknown` when not read whole.
    static func record(_ contents: NoteReader.Contents?) -> [UInt8] {
        guard let contents, contents.isComplete else { return unknown }
        let dates = mayHaveDates(contents.bytes) ? VaultCheck.unreadableDates(contents.bytes, path: "") : []
        return BodyFacts(
            markerLine: ConflictMarkers.firstLine(contents.bytes),
            dates: dates.map { ($0.line ?? 0, $0.column ?? 0, $0.message) }
        ).encoded
    }

    /// False only when the front matter cannot hold a date key (`created`, `date`, `modified`,
    /// `updated`, `lastmod`): none of them appears in it in any ASCII case, and it has no escape
    /// (a quoted key could spell one with `\u`), so the YAML parse is skipped for most notes.
    static func mayHaveDates(_ bytes: [UInt8]) -> Bool {
        guard case .block(let block) = FrontMatterBlock.scan(bytes) else { return false }
        let yaml = bytes[block.yaml]
        if yaml.contains(0x5C) { return true }
        let words: [[UInt8]] = ["date", "created", "modified", "lastmod"].map { Array($0.utf8) }
        var index = yaml.startIndex
        while index < yaml.endIndex {
            let byte = yaml[index] | 0x20
            for word in words where byte == word[0] && yaml.endIndex - index >= word.count {
                if (1..<word.count).allSatisfy({ yaml[index + $0] | 0x20 == word[$0] }) { return true }
            }
            index += 1
        }
        return false
    }

    // MARK: - Encoding

    /// A version byte (so that empty stays "unknown"), LEB128 marker line (0: none), the date
    /// count, and per date its line, column and length-prefixed UTF-8 message.
    var encoded: [UInt8] {
        var out: [UInt8] = [1]
        BodyFacts.varint(markerLine ?? 0, into: &out)
        BodyFacts.varint(dates.count, into: &out)
        for date in dates {
            BodyFacts.varint(date.line, into: &out)
            BodyFacts.varint(date.column, into: &out)
            let utf8 = Array(date.message.utf8)
            BodyFacts.varint(utf8.count, into: &out)
            out += utf8
        }
        return out
    }

    /// Reads what `encoded` wrote; nil when unknown or corrupt.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> BodyFacts? {
        guard bytes.count >= 3, bytes[0] == 1 else { return nil }
        var at = 1
        func number() -> Int? { Varint.read(bytes, at: &at) }
        guard let marker = number(), let count = number(), count <= bytes.count else { return nil }
        var dates: [(line: Int, column: Int, message: String)] = []
        for _ in 0..<count {
            guard let line = number(), let column = number(), let length = number(), bytes.count - at >= length,
                let message = ByteReader.validString(UnsafeRawBufferPointer(rebasing: bytes[at..<at + length]).assumingMemoryBound(to: UInt8.self))
            else { return nil }
            at += length
            dates.append((line, column, message))
        }
        guard at == bytes.count else { return nil }
        return BodyFacts(markerLine: marker == 0 ? nil : marker, dates: dates)
    }

    /// `decode` of an array.
    static func decode(_ bytes: [UInt8]) -> BodyFacts? { bytes.withUnsafeBytes { decode($0) } }

    private static func varint(_ value: Int, into out: inout [UInt8]) {
        Varint.append(UInt64(max(0, value)), to: &out)
    }
}
