extension FrontMatterEditor {
    /// The text after `key:` up to the end of the key's value (what `.setProperty` replaces), nil when
    /// the file has no such key. Throws when the value cannot be replaced safely.
    static func propertyText(_ key: String, in bytes: [UInt8]) throws(EditRefusal) -> String? {
        guard let map = try FrontMatterSpanMap.read(bytes),
            let index = map.document.entries.firstIndex(where: { $0.key == key })
        else { return nil }
        let span = try valueSpan(entry: index, map: map, bytes: bytes)
        return String(decoding: bytes[span], as: UTF8.self)
    }

    /// `key:` followed by `text` (typically ` value`): replaces the existing value from just after the
    /// colon to the end of the value, or appends the key, or creates a front matter block.
    static func setProperty(_ key: String, text: String, map: FrontMatterSpanMap?, bytes: [UInt8]) throws(EditRefusal)
        -> ([UInt8], EditIntent)
    {
        guard PropertyKey.isValid(key) else { throw EditRefusal("'\(key)' is not a property name", line: 1, column: 1) }
        guard case .success(let expected) = FrontMatterDocument.parse(Array(("k:" + text).utf8)),
            let expectedEntry = expected.entries.first, expected.entries.count == 1
        else { throw EditRefusal("\(key): the new value is not one YAML value", line: 1, column: 1) }
        let expectedEvents = expected.valueEvents(of: expectedEntry)
        var intent = EditIntent()
        intent.check = { document in
            guard let entry = document.entries.first(where: { $0.key == key }) else { return "\(key) is missing after the edit" }
            return same(document.valueEvents(of: entry), expectedEvents) ? nil : "\(key) does not read back as intended"
        }
        guard let map else { return (createBlock(bytes, line: key + ":" + text), intent.appending(key.lowercased())) }
        guard let index = map.document.entries.firstIndex(where: { $0.key == key }) else {
            return (try appendKey(map, bytes, line: key + ":" + text), intent.appending(key.lowercased()))
        }
        intent.targets = [index]
        let span = try valueSpan(entry: index, map: map, bytes: bytes)
        if Array(text.utf8) == Array(bytes[span]) { return (bytes, intent) }
        return (Splice.apply([Splice(range: span, text: text)], to: bytes), intent)
    }

    /// Removes the key's line(s); refused when anything else shares them.
    static func removeProperty(_ key: String, map: FrontMatterSpanMap?, bytes: [UInt8]) throws(EditRefusal) -> ([UInt8], EditIntent) {
        var intent = EditIntent()
        guard let map, let index = map.document.entries.firstIndex(where: { $0.key == key }) else { return (bytes, intent) }
        if map.isFlowMapping {
            throw EditRefusal("front matter is a flow mapping ({...}); notez cannot remove a key from it", line: 2, column: 1)
        }
        let span = try valueSpan(entry: index, map: map, bytes: bytes)
        let keyStart = map.document.events[map.document.entries[index].keyEvent].start + map.document.sliceStart
        var lineStart = keyStart
        while lineStart > map.block.yaml.lowerBound, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        guard bytes[lineStart..<keyStart].allSatisfy({ $0 == 0x20 }) else {
            throw refusal(bytes, at: keyStart, "\(key): the key does not start its line")
        }
        var end = span.upperBound
        while end < map.block.yaml.upperBound, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
        if end < map.block.yaml.upperBound, bytes[end] != 0x0A {
            throw refusal(bytes, at: end, "\(key): something follows the value on its line")
        }
        if end < map.block.yaml.upperBound { end += 1 }
        intent.removed = index
        intent.check = { document in
            document.entries.contains(where: { $0.key == key }) ? "\(key) is still there" : nil
        }
        return (Splice.apply([Splice(range: lineStart..<end, text: "")], to: bytes), intent)
    }

    /// From just after the key's `:` to the end of its value (for `key:` alone, an empty range after the colon).
    static func valueSpan(entry index: Int, map: FrontMatterSpanMap, bytes: [UInt8]) throws(EditRefusal) -> Range<Int> {
        let document = map.document
        let entry = document.entries[index]
        let keyEvent = document.events[entry.keyEvent]
        func offset(_ sliceOffset: Int) -> Int { sliceOffset + document.sliceStart }
        var colon = offset(keyEvent.end)
        while colon < bytes.count, bytes[colon] == 0x20 || bytes[colon] == 0x09 { colon += 1 }
        guard colon < bytes.count, bytes[colon] == 0x3A else {
            throw refusal(bytes, at: offset(keyEvent.start), "\(entry.key): the ':' is not on the key's line")
        }
        let colonEnd = colon + 1
        let values = document.valueEvents(of: entry)
        guard let first = values.first else { throw refusal(bytes, at: colonEnd, "\(entry.key): has no value") }
        for event in values {
            if event.kind == .alias || event.anchor != nil || event.tag != nil {
                throw refusal(bytes, at: offset(event.start), "\(entry.key): value has an alias, anchor or explicit tag")
            }
        }
        let end: Int
        switch first.kind {
        case .scalar:
            if first.style == .literal || first.style == .folded {
                throw refusal(bytes, at: offset(first.start), "\(entry.key): value is a block scalar ('|' or '>')")
            }
            end = first.style == .plain && first.value.isEmpty ? colonEnd : offset(first.end)
        case .sequenceStart:
            let inner = values.dropFirst().dropLast()
            guard inner.allSatisfy({ $0.kind == .scalar && $0.style != .literal && $0.style != .folded }) else {
                throw refusal(bytes, at: offset(first.start), "\(entry.key): value holds nested lists, mappings or block scalars")
            }
            // A block list's end mark is where the next key starts, so its last item ends it.
            end = first.isFlow ? offset(values.last!.end) : inner.last.map { offset($0.end) } ?? offset(first.end)
        default:
            throw refusal(bytes, at: offset(first.start), "\(entry.key): value is a mapping")
        }
        guard end >= colonEnd else { throw refusal(bytes, at: colonEnd, "\(entry.key): cannot find the value") }
        // A comment inside the span (outside every scalar) would be lost by a replacement.
        var covered = Array(repeating: false, count: end - colonEnd)
        for event in values where event.kind == .scalar {
            for position in max(offset(event.start), colonEnd)..<max(min(offset(event.end), end), max(offset(event.start), colonEnd)) {
                covered[position - colonEnd] = true
            }
        }
        for position in colonEnd..<end where bytes[position] == 0x23 && !covered[position - colonEnd] {
            throw refusal(bytes, at: position, "\(entry.key): a comment inside the value would be lost")
        }
        return colonEnd..<end
    }
}
