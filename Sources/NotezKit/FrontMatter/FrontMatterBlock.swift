/// Where the front matter sits in a file's bytes: the BOM, the `---` lines, the YAML between them.
public struct FrontMatterBlock: Sendable, Equatable {
    /// The largest front matter notez reads; larger blocks are reported, not parsed.
    public static let maxSize = 1 << 20

    /// True when the file starts with a UTF-8 byte order mark.
    public var hasBOM: Bool
    /// Byte range of the opening `---` line including its line break.
    public var opening: Range<Int>
    /// Byte range of the YAML text between the two delimiter lines.
    public var yaml: Range<Int>
    /// Byte range of the closing `---` or `...` line including its line break, if any.
    public var closing: Range<Int>
    /// Whether the opening line ends with CRLF.
    var usesCRLF: Bool

    /// Offset of the first byte of the body.
    public var bodyStart: Int { closing.upperBound }

    /// What scanning the start of a file found.
    public enum Scan: Sendable, Equatable {
        /// The file has no front matter; the body starts at `bodyStart` (after a BOM if any).
        case none(bodyStart: Int)
        /// A complete block.
        case block(FrontMatterBlock)
        /// An opening line without a closing one within `bytes` (which may be a prefix of the file).
        case unterminated
        /// The block is larger than `maxSize`.
        case tooLarge
    }

    /// Where the body starts in a whole file: after the front matter block, else after a BOM; at 0
    /// when an opening line has no closing one (the whole file is body text then).
    public static func bodyStart(_ bytes: [UInt8]) -> Int {
        switch scan(bytes) {
        case .block(let block): return min(block.bodyStart, bytes.count)
        case .none(let bodyStart): return min(bodyStart, bytes.count)
        case .unterminated, .tooLarge: return 0
        }
    }

    /// Finds the front matter at the start of `bytes`. `isComplete` says whether `bytes` is the whole file.
    public static func scan(_ bytes: [UInt8], isComplete: Bool = true) -> Scan {
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let start = bom ? 3 : 0
        // A prefix that ends inside the first line cannot tell yet; reading more must not change the answer.
        if !isComplete, lineEnd(bytes, from: start) == nil, couldBecomeOpening(bytes, bom: bom) {
            return .unterminated
        }
        guard let firstEnd = lineEnd(bytes, from: start),
            isDelimiter(bytes, start..<firstEnd.contentEnd, allowDots: false)
        else {
            // A lone `---` without a line break is treated as an unterminated block start.
            if lineEnd(bytes, from: start) == nil, isComplete,
                isDelimiter(bytes, start..<bytes.count, allowDots: false), bytes.count > start
            {
                return .unterminated
            }
            return .none(bodyStart: start)
        }
        let crlf = firstEnd.contentEnd + 1 < firstEnd.next && bytes[firstEnd.contentEnd] == 0x0D
        var lineStart = firstEnd.next
        while lineStart <= bytes.count {
            if lineStart - firstEnd.next > maxSize { return .tooLarge }
            let end = lineEnd(bytes, from: lineStart)
            let contentEnd = end?.contentEnd ?? bytes.count
            // A prefix that stops in a line already past the limit is too large whatever follows.
            if end == nil && !isComplete { return bytes.count - firstEnd.next > maxSize ? .tooLarge : .unterminated }
            if isDelimiter(bytes, lineStart..<contentEnd, allowDots: true) {
                return .block(
                    FrontMatterBlock(
                        hasBOM: bom, opening: start..<firstEnd.next, yaml: firstEnd.next..<lineStart,
                        closing: lineStart..<(end?.next ?? bytes.count), usesCRLF: crlf))
            }
            guard let end else { break }
            lineStart = end.next
        }
        return bytes.count - firstEnd.next > maxSize ? .tooLarge : .unterminated
    }

    /// Whether a first line without its line break (after a BOM, or a part of one) may still be `---`.
    static func couldBecomeOpening(_ bytes: [UInt8], bom: Bool) -> Bool {
        let marker: [UInt8] = [0xEF, 0xBB, 0xBF]
        if !bom, bytes.count < 3, marker.starts(with: bytes) { return true }
        var line = bytes[(bom ? 3 : 0)...]
        if line.last == 0x0D { line = line.dropLast() }
        let dashes = line.prefix(3)
        return dashes.allSatisfy { $0 == 0x2D } && line.dropFirst(3).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The end of the line starting at `from`: where its content stops and where the next line starts.
    static func lineEnd(_ bytes: [UInt8], from: Int) -> (contentEnd: Int, next: Int)? {
        var index = from
        while index < bytes.count {
            if bytes[index] == 0x0A {
                let contentEnd = index > from && bytes[index - 1] == 0x0D ? index - 1 : index
                return (contentEnd, index + 1)
            }
            index += 1
        }
        return nil
    }

    /// `---` (or `...` for a closer), optionally followed by spaces or tabs.
    static func isDelimiter(_ bytes: [UInt8], _ range: Range<Int>, allowDots: Bool) -> Bool {
        guard range.count >= 3 else { return false }
        let first = bytes[range.lowerBound]
        guard first == 0x2D || (allowDots && first == 0x2E) else { return false }
        for index in range.lowerBound..<(range.lowerBound + 3) where bytes[index] != first { return false }
        for index in (range.lowerBound + 3)..<range.upperBound where bytes[index] != 0x20 && bytes[index] != 0x09 {
            return false
        }
        return true
    }
}
