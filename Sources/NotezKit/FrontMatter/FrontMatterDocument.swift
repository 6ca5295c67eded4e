/// The parsed front matter of one file: libyaml's events and the top-level keys with their spans.
///
/// Offsets in `events` are relative to the YAML slice; `sliceStart` turns them into file offsets.
public struct FrontMatterDocument: Sendable {
    /// One top-level `key: value` pair.
    public struct Entry: Sendable, Equatable {
        /// The key as written (after unquoting).
        public var key: String
        /// Index of the key's scalar event in `events`.
        public var keyEvent: Int
        /// Indices in `events` of the value: one scalar or alias, or a whole collection.
        public var valueEvents: Range<Int>
    }

    /// Every event of the slice, stream and document markers included.
    public let events: [YAMLEvent]
    /// The top-level entries in file order.
    public let entries: [Entry]
    /// File offset of the first byte of the YAML slice.
    public let sliceStart: Int

    /// Parses a YAML slice into entries. An empty slice or a lone `null` is an empty mapping.
    public static func parse(_ slice: [UInt8], sliceStart: Int = 0) -> Result<FrontMatterDocument, YAMLError> {
        switch YAMLEventReader.events(of: slice) {
        case .failure(let error):
            return .failure(error)
        case .success(let events):
            return build(events, sliceStart: sliceStart)
        }
    }

    private static func build(_ events: [YAMLEvent], sliceStart: Int) -> Result<FrontMatterDocument, YAMLError> {
        // Stream start, document start, root node..., document end, stream end.
        guard let rootIndex = events.firstIndex(where: { $0.kind == .documentStart }).map({ $0 + 1 }),
            rootIndex < events.count, events[rootIndex].kind != .documentEnd
        else {
            return .success(FrontMatterDocument(events: events, entries: [], sliceStart: sliceStart))
        }
        let root = events[rootIndex]
        if root.kind == .scalar, root.style == .plain, isNullLiteral(root.value) {
            return .success(FrontMatterDocument(events: events, entries: [], sliceStart: sliceStart))
        }
        guard root.kind == .mappingStart else {
            return .failure(YAMLError(line: root.line, column: root.column, message: "front matter is not a mapping of keys to values"))
        }
        if events.filter({ $0.kind == .documentStart }).count > 1 {
            return .failure(YAMLError(line: root.line, column: root.column, message: "front matter holds more than one YAML document"))
        }
        var entries: [Entry] = []
        var index = rootIndex + 1
        while index < events.count, events[index].kind != .mappingEnd {
            let keyIndex = index
            let keyEnd = nodeEnd(events, from: keyIndex)
            let valueEnd = nodeEnd(events, from: keyEnd)
            let keyEvent = events[keyIndex]
            // Complex keys (a mapping as a key) are kept as events but have no name.
            let key = keyEvent.kind == .scalar ? keyEvent.value : ""
            entries.append(Entry(key: key, keyEvent: keyIndex, valueEvents: keyEnd..<valueEnd))
            index = valueEnd
        }
        return .success(FrontMatterDocument(events: events, entries: entries, sliceStart: sliceStart))
    }

    /// The index just past the node that starts at `from`.
    static func nodeEnd(_ events: [YAMLEvent], from: Int) -> Int {
        guard from < events.count else { return events.count }
        switch events[from].kind {
        case .sequenceStart, .mappingStart:
            var depth = 0
            var index = from
            while index < events.count {
                switch events[index].kind {
                case .sequenceStart, .mappingStart: depth += 1
                case .sequenceEnd, .mappingEnd: depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { return index }
            }
            return events.count
        default:
            return from + 1
        }
    }

    /// The entries whose key matches one of `names` case-insensitively, in file order.
    public func entries(named names: Set<String>) -> [Entry] {
        entries.filter { names.contains($0.key.lowercased()) }
    }

    /// The first entry whose key matches one of `names` case-insensitively.
    public func entry(named names: Set<String>) -> Entry? {
        entries.first { names.contains($0.key.lowercased()) }
    }

    /// Keys that occur more than once (compared exactly, as YAML does).
    public var duplicateKeys: [String] { duplicateEntries.map(\.key) }

    /// The second and later entries of a key already seen, compared by UTF-8 bytes: YAML keys are
    /// code point sequences, so `café` in NFC and in NFD are two keys (String `==` would equate them).
    var duplicateEntries: [Entry] {
        // Front matter has a handful of keys: comparing each with those before it costs less than
        // hashing copies of them, which every note read paid.
        if entries.count <= 16 {
            return entries.indices.filter { index in
                let key = entries[index].key.utf8
                return !key.isEmpty && entries[..<index].contains { $0.key.utf8.elementsEqual(key) }
            }.map { entries[$0] }
        }
        var seen: Set<[UInt8]> = []
        return entries.filter { !$0.key.isEmpty && !seen.insert(Array($0.key.utf8)).inserted }
    }

    /// The value events of an entry.
    public func valueEvents(of entry: Entry) -> ArraySlice<YAMLEvent> { events[entry.valueEvents] }

    /// YAML 1.1/1.2 spellings of null for plain scalars.
    static func isNullLiteral(_ value: String) -> Bool {
        // Longer values (most) are none of them: no comparison.
        value.isEmpty || (value.utf8.count <= 4 && (value == "~" || value == "null" || value == "Null" || value == "NULL"))
    }
}
