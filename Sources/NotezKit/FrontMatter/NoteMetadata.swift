/// What notez reads from a note's front matter.
public struct NoteMetadata: Sendable, Equatable {
    /// `title:` when it is a non-empty string.
    public var title: String?
    /// Tags from every tag key, cleaned, in file order (duplicates kept; the index removes them).
    public var tags: [String] = []
    /// `aliases:`/`alias:` names, in file order: a list's strings, or one string.
    public var aliases: [String] = []
    /// `pinned:` read as a boolean.
    public var pinned: Bool = false
    /// `created:` when it parsed as a date, else `date:` (Jekyll, Hugo).
    public var created: NoteDate?
    /// `modified:` (or `updated:`, `lastmod:`) when it parsed as a date.
    public var modified: NoteDate?

    /// Creates empty metadata.
    public init() {}

    /// Reads the keys notez understands from a parsed document; everything else is ignored.
    public init(document: FrontMatterDocument) {
        var fallbackCreated: NoteDate?
        defer { if created == nil { created = fallbackCreated } }
        for entry in document.entries {
            // Longer keys cannot lowercase to one notez reads: they skip the lookups below.
            guard entry.key.utf8.count <= FrontMatterKeys.longestSpelling else { continue }
            let key = entry.key.lowercased()
            let value = document.valueEvents(of: entry)
            if FrontMatterKeys.tags.contains(key) {
                tags += NoteMetadata.tags(from: value)
            } else if FrontMatterKeys.title.contains(key), title == nil,
                let scalar = NoteMetadata.singleScalar(value)
            {
                let text = scalar.value.trimmingSpaces(newlines: true)
                if !text.isEmpty, !(scalar.style == .plain && FrontMatterDocument.isNullLiteral(text)) {
                    title = text
                }
            } else if FrontMatterKeys.aliases.contains(key) {
                aliases += NoteMetadata.aliases(from: value)
            } else if FrontMatterKeys.pinned.contains(key), let scalar = NoteMetadata.singleScalar(value) {
                pinned = NoteMetadata.bool(scalar.value) ?? false
            } else if FrontMatterKeys.created.contains(key), created == nil,
                let scalar = NoteMetadata.singleScalar(value)
            {
                created = NoteDate.parse(scalar.value)
            } else if FrontMatterKeys.createdFallback.contains(key), fallbackCreated == nil,
                let scalar = NoteMetadata.singleScalar(value)
            {
                fallbackCreated = NoteDate.parse(scalar.value)
            } else if FrontMatterKeys.modified.contains(key), modified == nil || key == "modified",
                let scalar = NoteMetadata.singleScalar(value), let date = NoteDate.parse(scalar.value)
            {
                modified = date
            }
        }
    }

    /// Alias names of a value: one string, or the scalar items of a flat list; nulls and empty strings are skipped.
    static func aliases(from events: ArraySlice<YAMLEvent>) -> [String] {
        let scalars: [YAMLEvent]
        if let first = events.first, first.kind == .sequenceStart {
            // Only the list's own items: nested lists and mappings are not names.
            guard events.dropFirst().dropLast().allSatisfy({ $0.kind == .scalar }) else { return [] }
            scalars = Array(events.dropFirst().dropLast())
        } else if let scalar = singleScalar(events) {
            scalars = [scalar]
        } else {
            return []
        }
        return scalars.compactMap { event in
            let text = event.value.trimmingSpaces(newlines: true)
            if text.isEmpty || (event.style == .plain && FrontMatterDocument.isNullLiteral(text)) { return nil }
            return text
        }
    }

    static func singleScalar(_ events: ArraySlice<YAMLEvent>) -> YAMLEvent? {
        guard events.count == 1, let event = events.first, event.kind == .scalar else { return nil }
        return event
    }

    /// `true`/`false`/`yes`/`no` in any case; nil for anything else.
    public static func bool(_ text: String) -> Bool? {
        switch text.trimmingSpaces().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// Tags of a value: a list's scalar items, or one string split on commas and white space.
    static func tags(from events: ArraySlice<YAMLEvent>) -> [String] {
        guard let first = events.first else { return [] }
        switch first.kind {
        case .scalar:
            if first.style == .plain && FrontMatterDocument.isNullLiteral(first.value) { return [] }
            return splitTagString(first.value)
        case .sequenceStart:
            var result: [String] = []
            var depth = 0
            for event in events {
                switch event.kind {
                case .sequenceStart, .mappingStart: depth += 1
                case .sequenceEnd, .mappingEnd: depth -= 1
                case .scalar where depth == 1:
                    if event.style == .plain && FrontMatterDocument.isNullLiteral(event.value) { continue }
                    if let tag = cleanTag(event.value) { result.append(tag) }
                default: break
                }
            }
            return result
        default:
            return []
        }
    }

    /// Splits `a, b c` into three tags.
    static func splitTagString(_ text: String) -> [String] {
        // ASCII splits by its bytes, as by Characters: its white space is the C0 spaces, and
        // `\r\n`, one Character, is two separators between the same words.
        if ASCIIBytes.only(text) {
            return text.utf8.split(whereSeparator: { $0 == UInt8(ascii: ",") || $0 == 0x20 || (0x09...0x0D).contains($0) })
                .compactMap { cleanTag(String(Substring($0))) }
        }
        return text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { cleanTag(String($0)) }
    }

    /// Trims white space and one leading `#`; nil when nothing is left.
    public static func cleanTag(_ raw: String) -> String? {
        // Most tags (`work`, `project/alpha`) start and end with a printable ASCII byte other than
        // `#`: nothing to trim or drop (a first character `#` needs a first byte `#`).
        if let first = raw.utf8.first, let last = raw.utf8.last, first > 0x20, first < 0x7F, first != UInt8(ascii: "#"), last > 0x20,
            last < 0x7F
        {
            return raw
        }
        var text = raw.trimmingSpaces(newlines: true)
        if text.hasPrefix("#") { text.removeFirst() }
        text = text.trimmingSpaces(newlines: true)
        return text.isEmpty ? nil : text
    }
}
