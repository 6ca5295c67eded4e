/// One link of a note as the index keeps it: what `LinkScanner` read in the body, and its 1-based line.
public struct StoredLink: Sendable, Equatable {
    /// The link, as the scanner returned it (ranges are byte offsets in the note's file).
    public var link: NoteLink
    /// 1-based line of the link's first byte.
    public var line: Int

    /// Creates a stored link.
    public init(link: NoteLink, line: Int) {
        self.link = link
        self.line = line
    }

    /// The links of a note's file bytes, with their lines: what the index stores for the note.
    static func scan(_ bytes: [UInt8]) -> [StoredLink] {
        let bodyStart = InlineTagEditor.bodyStart(bytes)
        let found = LinkScanner.links(in: bytes[bodyStart...])
        guard !found.isEmpty else { return [] }
        var result: [StoredLink] = []
        result.reserveCapacity(found.count)
        var line = 1
        var counted = 0
        for link in found {
            // Counted incrementally when links come in file order, from the start otherwise.
            if link.range.lowerBound < counted {
                line = 1
                counted = 0
            }
            for index in counted..<min(link.range.lowerBound, bytes.count) where bytes[index] == 0x0A { line += 1 }
            counted = max(counted, min(link.range.lowerBound, bytes.count))
            result.append(StoredLink(link: link, line: line))
        }
        return result
    }

    // MARK: - Keys

    /// The folded names under which a link is filed in the index's link lookup: the last path
    /// component of each way the resolver may read its target (as written, trimmed, without a
    /// Dendron vault prefix, the Markdown path joined to the linking note's folder, and for a
    /// wikilink its label, which the resolver may read as the target), each with and without
    /// `.md`/`.markdown`. A link can only resolve to a note that has one of these among its own
    /// names (`nameKeys`): that is what makes backlinks a lookup (see docs/links-and-inline-tags.md).
    static func targetKeys(_ link: NoteLink, source: String) -> [String] {
        plainTargetKeys(link) ?? generalTargetKeys(link, source: source)
    }

    /// The keys of a wikilink whose target, and label if any, are plain ASCII names (no `/`, no
    /// space or control byte at either end): for these every variant `generalTargetKeys` makes is
    /// the name itself, so the keys are made without its copies and splits. A watch makes the keys
    /// of every link of a changed note twice (old and new): a map of content with 1,568 links took
    /// most of a watch's catch-up after a rename.
    static func plainTargetKeys(_ link: NoteLink) -> [String]? {
        guard link.isWikilink, isPlainName(link.target) else { return nil }
        var keys: [String] = []
        StoredLink.addNameVariants(link.target, to: &keys)
        if let label = link.label {
            let beforeFragment = String(label.prefix { $0 != "#" })
            guard isPlainName(beforeFragment) else { return nil }
            if beforeFragment != link.target { StoredLink.addNameVariants(beforeFragment, to: &keys) }
        }
        return keys
    }

    /// Non-empty ASCII without `/`, whose first and last bytes are printable and not a space.
    private static func isPlainName(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F else { return false }
            return !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "/") }
        }
    }

    /// The keys of any link, by the rule described at `targetKeys`.
    static func generalTargetKeys(_ link: NoteLink, source: String) -> [String] {
        var raw = [link.target, LinkResolver.withoutDendronVault(link.target)]
        if link.isWikilink, let label = link.label {
            let beforeFragment = String(label.prefix { $0 != "#" })
            raw += [beforeFragment, LinkResolver.withoutDendronVault(beforeFragment)]
        } else if !link.isWikilink, let joined = LinkResolver.markdownPath(link.target, from: source) {
            raw.append(joined)
        }
        // Variants are gathered unfolded and folded once each: most links give one or two.
        var names: [String] = []
        for text in raw {
            for variant in [text, text.trimmingSpaces] {
                let last = variant.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? variant
                for name in [last, last.trimmingSpaces] where !names.contains(name) { names.append(name) }
            }
        }
        var keys: [String] = []
        for name in names { StoredLink.addNameVariants(name, to: &keys) }
        return keys
    }

    /// The folded names a note can be linked by: its file name (without `.md`/`.markdown`), its
    /// title and its aliases (and the last path component of a title or alias with a `/`).
    static func nameKeys(path: String, title: String, aliases: [String]) -> [String] {
        var keys: [String] = []
        StoredLink.addNameVariants(VaultPath.fileTitle(of: path), to: &keys)
        for name in [title] + aliases {
            StoredLink.addNameVariants(name, to: &keys)
            if let slash = name.lastIndex(of: "/") { StoredLink.addNameVariants(String(name[name.index(after: slash)...]), to: &keys) }
        }
        return keys
    }

    /// `name` folded, and without a `.md`/`.markdown` suffix, added once each.
    private static func addNameVariants(_ name: String, to keys: inout [String]) {
        var folded = LinkResolver.fold(name)
        while true {
            if !keys.contains(folded) { keys.append(folded) }
            guard let suffix = [".md", ".markdown"].first(where: { folded.hasSuffix($0) }) else { return }
            folded = String(folded.dropLast(suffix.count))
        }
    }

    // MARK: - Encoding

    /// The stored form of a note whose body could not be read (its links are unknown).
    static let unreadMarker: [UInt8] = [0xFF]

    /// The compact stored form of a note's links: per link a byte of kind and flags, then LEB128
    /// numbers (line, range start and length, target range start from the range's and length)
    /// and the target, fragment and label as length-prefixed UTF-8.
    static func encode(_ links: [StoredLink]) -> [UInt8] {
        var out: [UInt8] = []
        for stored in links {
            let link = stored.link
            let kind: UInt8
            switch link.kind {
            case .wikilink: kind = 0
            case .embed: kind = 1
            case .markdown: kind = 2
            case .image: kind = 3
            }
            out.append(kind | (link.fragment != nil ? 0x10 : 0) | (link.label != nil ? 0x20 : 0))
            varint(UInt64(max(0, stored.line)), into: &out)
            varint(UInt64(max(0, link.range.lowerBound)), into: &out)
            varint(UInt64(link.range.count), into: &out)
            // The target range lies inside the link's range; zigzag keeps any other value exact.
            let offset = Int64(link.targetRange.lowerBound) - Int64(link.range.lowerBound)
            varint(UInt64(bitPattern: (offset << 1) ^ (offset >> 63)), into: &out)
            varint(UInt64(link.targetRange.count), into: &out)
            for text in [link.target, link.fragment, link.label].compactMap({ $0 }) {
                var copy = text
                copy.withUTF8 { utf8 in
                    varint(UInt64(utf8.count), into: &out)
                    out.append(contentsOf: utf8)
                }
            }
        }
        return out
    }

    /// Reads what `encode` wrote; nil when the bytes are the unread marker or corrupt.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [StoredLink]? {
        if bytes.count == 1, bytes[0] == unreadMarker[0] { return nil }
        var result: [StoredLink] = []
        var at = 0
        func number() -> Int? { Varint.read(bytes, at: &at) }
        func text() -> String? {
            guard let length = number(), bytes.count - at >= length else { return nil }
            let slice = UnsafeRawBufferPointer(rebasing: bytes[at..<at + length]).assumingMemoryBound(to: UInt8.self)
            at += length
            return ByteReader.validString(slice)
        }
        while at < bytes.count {
            let head = bytes[at]
            at += 1
            let kind: NoteLink.Kind
            switch head & 0x0F {
            case 0: kind = .wikilink
            case 1: kind = .embed
            case 2: kind = .markdown
            case 3: kind = .image
            default: return nil
            }
            guard head & 0xC0 == 0, let line = number(), let start = number(), let length = number(), let zigzag = number(),
                let targetLength = number(), let target = text()
            else { return nil }
            let offset = (zigzag >> 1) ^ -(zigzag & 1)
            var fragment: String?
            var label: String?
            if head & 0x10 != 0 {
                guard let value = text() else { return nil }
                fragment = value
            }
            if head & 0x20 != 0 {
                guard let value = text() else { return nil }
                label = value
            }
            let targetStart = start + offset
            guard targetStart >= 0 else { return nil }
            result.append(
                StoredLink(
                    link: NoteLink(
                        kind: kind, target: target, fragment: fragment, label: label, range: start..<start + length,
                        targetRange: targetStart..<targetStart + targetLength),
                    line: line))
        }
        return result
    }

    /// `decode` of an array.
    static func decode(_ bytes: [UInt8]) -> [StoredLink]? {
        bytes.withUnsafeBytes { decode($0) }
    }

    private static func varint(_ value: UInt64, into out: inout [UInt8]) {
        Varint.append(value, to: &out)
    }
}
