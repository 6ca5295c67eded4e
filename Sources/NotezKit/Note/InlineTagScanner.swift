#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds inline `#tags` in a Markdown body, with the rules of docs/links-and-inline-tags.md.
///
/// A tag is `#` followed by ASCII letters and digits, `_`, `-`, `/`, and any character beyond ASCII
/// but white space and punctuation (letters of any script, marks, emoji), with at least one
/// character that is not a digit or `/` (Obsidian's rule). The `#` must start the line or follow
/// white space or a block quote's `>`. Tags are looked for in prose only
/// (`MarkdownProse`: no code, no HTML comments), and never inside wikilinks, Markdown link
/// targets, autolinks or HTML tags. Trailing `/` are not part of the tag; `//` ends it.
enum InlineTagScanner {
    /// Every inline tag of `body`, in order; ranges are indices of `body`.
    public static func tags(in body: ArraySlice<UInt8>) -> [InlineTag] {
        // Most notes have no `#` outside headings: skip the prose pass when no `#` is followed by
        // a byte a tag may start with (`tag(_:at:end:)` refuses every other).
        guard mayHoldTag(body) else { return [] }
        var result: [InlineTag] = []
        for range in MarkdownProse.ranges(in: body) {
            scan(body, range, into: &result)
        }
        return result
    }

    /// Whether some `#` in `body` is followed by a letter, a digit, `_`, `-` or a non-ASCII byte.
    static func mayHoldTag(_ body: ArraySlice<UInt8>) -> Bool {
        body.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return false }
            var offset = 0
            while offset < buffer.count - 1 {
                guard let found = memchr(base + offset, Int32(hash), buffer.count - 1 - offset) else { return false }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = buffer[position + 1]
                let isLetter = (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
                if next >= 0x80 || isLetter || (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: "_") || next == UInt8(ascii: "-") {
                    return true
                }
                offset = position + 1
            }
            return false
        }
    }

    /// Every inline tag of a whole string (tests, callers holding text).
    public static func tags(in text: String) -> [InlineTag] {
        tags(in: Array(text.utf8)[...])
    }

    /// True when `name` can be written as an inline tag and read back as the same name.
    static func isWritable(_ name: String) -> Bool {
        let bytes = Array(("#" + name).utf8)
        let found = tags(in: bytes[...])
        return found.count == 1 && found[0].range == 0..<bytes.count && found[0].name == name
    }

    static func scan(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>, into result: inout [InlineTag]) {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                // `[[wikilink]]`: its `#Heading` is not a tag.
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: "["),
                    let close = MarkdownProse.find(bytes[(index + 2)..<min(end, index + LinkScanner.maxLinkLength)], "]]")
                {
                    index = close + 2
                    continue
                }
            case UInt8(ascii: "]"):
                // `](target)`: a link target's `#anchor` is not a tag.
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: "("),
                    let close = closingParen(bytes, from: index + 2, end: min(end, index + LinkScanner.maxLinkLength))
                {
                    index = close + 1
                    continue
                }
            case UInt8(ascii: "<"):
                // Autolinks and HTML tags: `<https://x/#a>`, `<span style="color:#fff">`.
                if index + 1 < end, isTagOpener(bytes[index + 1]),
                    let close = bytes[(index + 1)..<min(end, index + LinkScanner.maxLinkLength)].firstIndex(of: UInt8(ascii: ">"))
                {
                    index = close + 1
                    continue
                }
            case hash:
                if precededByBoundary(bytes, index), let tag = tag(bytes, at: index, end: end) {
                    result.append(tag)
                    index = tag.range.upperBound
                    continue
                }
            default:
                break
            }
            index += 1
        }
    }

    /// The tag starting with the `#` at `start`, if the characters after it make one.
    static func tag(_ bytes: ArraySlice<UInt8>, at start: Int, end: Int) -> InlineTag? {
        var index = start + 1
        var last = index
        var meaningful = false
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                let isDigit = byte >= 0x30 && byte <= 0x39
                let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                if byte == slash {
                    // `//` ends the tag; a leading `/` means no tag at all.
                    if index == start + 1 || bytes[index - 1] == slash { break }
                } else if !(isDigit || isLetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")) {
                    break
                } else if !isDigit {
                    meaningful = true
                }
                index += 1
                if byte != slash { last = index }
                continue
            }
            guard let (scalar, length) = decode(bytes, at: index, end: end), isTagScalar(scalar) else { break }
            if !isDecimalDigit(scalar) { meaningful = true }
            index += length
            last = index
        }
        // Trailing `/` (and a `//` stop) are left out: `last` ends the last character that is not `/`.
        guard meaningful, last > start + 1 else { return nil }
        let name = String(decoding: bytes[(start + 1)..<last], as: UTF8.self)
        return InlineTag(name: name, range: start..<last)
    }

    /// Start of line, white space (a no-break and an ideographic space too), or the `>` of a block
    /// quote: Obsidian reads no tag after any other character (`(#a)`, `"#a"`, `x—#a` are text).
    static func precededByBoundary(_ bytes: ArraySlice<UInt8>, _ index: Int) -> Bool {
        guard index > bytes.startIndex else { return true }
        switch bytes[index - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return true
        case 0xA0 where index - 2 >= bytes.startIndex && bytes[index - 2] == 0xC2:
            return true  // no-break space
        case 0x80 where index - 3 >= bytes.startIndex && bytes[index - 3] == 0xE3 && bytes[index - 2] == 0x80:
            return true  // ideographic space
        case UInt8(ascii: ">"):
            // Only quote markers between the line's start and the `#` (`>#tag`, `> >#tag`).
            var position = index - 1
            while position > bytes.startIndex, bytes[position - 1] != UInt8(ascii: "\n") {
                position -= 1
                let byte = bytes[position]
                if byte != UInt8(ascii: ">") && byte != UInt8(ascii: " ") { return false }
            }
            return true
        default:
            return false
        }
    }

    static func isTagOpener(_ byte: UInt8) -> Bool {
        ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte == slash
            || byte == UInt8(ascii: "!")
    }

    /// The matching `)` of a link target (one level of nested parentheses), on the same range.
    static func closingParen(_ bytes: ArraySlice<UInt8>, from start: Int, end: Int) -> Int? {
        var depth = 0
        var index = start
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: "\\"): index += 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Obsidian's tag characters beyond ASCII: anything but white space and the general and
    /// supplemental punctuation blocks (U+2000–U+206F, U+2E00–U+2E7F); emoji are part of a tag.
    static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x2000...0x206F).contains(value) || (0x2E00...0x2E7F).contains(value) { return false }
        return !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
            && scalar.properties.generalCategory != .format
    }

    static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .decimalNumber
    }

    /// Decodes one UTF-8 scalar; nil for invalid bytes (they end a tag).
    static func decode(_ bytes: ArraySlice<UInt8>, at index: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        if lead & 0xE0 == 0xC0 {
            length = 2
        } else if lead & 0xF0 == 0xE0 {
            length = 3
        } else if lead & 0xF8 == 0xF0 {
            length = 4
        } else {
            return nil
        }
        guard index + length <= end else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    static let hash = UInt8(ascii: "#")
    static let slash = UInt8(ascii: "/")
}
