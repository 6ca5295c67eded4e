extension FrontMatterEditor {
    // MARK: - Edits

    static func addTags(_ tags: [String], map: FrontMatterSpanMap?, bytes: [UInt8]) throws(EditRefusal)
        -> ([UInt8], EditIntent)
    {
        var present = Set((map?.tags ?? []).flatMap(\.tags).map { TagKey($0) })
        var toAdd: [String] = []
        for tag in tags {
            guard let clean = NoteMetadata.cleanTag(tag) else { continue }
            if present.insert(TagKey(clean)).inserted { toAdd.append(clean) }
        }
        guard !toAdd.isEmpty else { return (bytes, EditIntent()) }
        var expected = expectedTags(map)
        var appended: [String]?
        if let target = map?.preferredTagField {
            expected[target.entryIndex, default: []] += toAdd
        } else {
            appended = toAdd
        }
        var current = bytes
        for tag in toAdd {
            current = try addOne(tag, to: current)
        }
        return (current, tagIntent(expected: expected, appended: appended))
    }

    static func removeTags(_ keys: Set<TagKey>, map: FrontMatterSpanMap?, bytes: [UInt8]) throws(EditRefusal)
        -> ([UInt8], EditIntent)
    {
        guard let map, map.tags.contains(where: { $0.tags.contains { keys.contains(TagKey($0)) } }) else {
            return (bytes, EditIntent())
        }
        var expected = expectedTags(map)
        for (index, tags) in expected {
            expected[index] = tags.filter { !keys.contains(TagKey($0)) }
        }
        var current = bytes
        while let next = try removeMatch(keys, skip: 0, in: current) {
            current = next
        }
        return (current, tagIntent(expected: expected, appended: nil))
    }

    /// Renames one tag. When the note already has the new tag, the old one is only removed; when the
    /// old tag occurs several times (`Work` and `work`), the first is renamed and the others removed.
    static func replaceTag(_ old: TagKey, with new: String, map: FrontMatterSpanMap?, bytes: [UInt8])
        throws(EditRefusal) -> ([UInt8], EditIntent)
    {
        guard let clean = NoteMetadata.cleanTag(new) else { throw EditRefusal("the new tag name is empty") }
        guard let map else { return (bytes, EditIntent()) }
        let all = map.tags.flatMap(\.tags)
        guard all.contains(where: { TagKey($0) == old }) else { return (bytes, EditIntent()) }
        let newKey = TagKey(clean)
        let hasNew = all.contains { TagKey($0) == newKey && TagKey($0) != old }
        var renamed = hasNew
        var expected = expectedTags(map)
        for field in map.tags {
            expected[field.entryIndex] = field.tags.compactMap { tag in
                guard TagKey(tag) == old else { return tag }
                if renamed { return nil }
                renamed = true
                return clean
            }
        }
        var current = bytes
        var skip = 0
        if !hasNew {
            current = try replaceFirst(old, with: clean, in: current)
            skip = newKey == old ? 1 : 0
        }
        while let next = try removeMatch([old], skip: skip, in: current) {
            current = next
        }
        return (current, tagIntent(expected: expected, appended: nil))
    }

    /// The tags of each tag key now, by entry index.
    static func expectedTags(_ map: FrontMatterSpanMap?) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for field in map?.tags ?? [] { result[field.entryIndex] = field.tags }
        return result
    }

    static func tagIntent(expected: [Int: [String]], appended: [String]?) -> EditIntent {
        var intent = EditIntent()
        intent.targets = Set(expected.keys)
        if appended != nil { intent.appended = ["tags"] }
        intent.check = { document in
            for (index, tags) in expected {
                let now = NoteMetadata.tags(from: document.valueEvents(of: document.entries[index]))
                if now != tags { return "\(document.entries[index].key) reads back as \(now), not \(tags)" }
            }
            if let appended, let last = document.entries.last {
                let now = NoteMetadata.tags(from: document.valueEvents(of: last))
                if now != appended { return "tags read back as \(now), not \(appended)" }
            }
            return nil
        }
        return intent
    }

    // MARK: - Steps (each re-reads the span map of the bytes it is given)

    /// Adds one tag to the preferred tag key, creating the key or the whole block when needed.
    static func addOne(_ tag: String, to bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        let newList = "[" + YAMLScalarWriter.scalar(tag, in: .flow) + "]"
        guard let map = try FrontMatterSpanMap.read(bytes) else {
            return createBlock(bytes, line: "tags: " + newList)
        }
        guard let field = map.preferredTagField else {
            return try appendKey(map, bytes, line: "tags: " + newList)
        }
        if let refusal = field.refusal { throw refusal }
        switch field.style {
        case .null:
            return try setScalar(field, text: newList, bytes: bytes, map: map)
        case .scalar where field.items.isEmpty:
            // `tags: ""`: an empty string is replaced by a flow list.
            return Splice.apply([Splice(range: field.valueRange!, text: newList)], to: bytes)
        case .scalar:
            return try appendWord(tag, to: field, map: map, bytes: bytes)
        case .flowList:
            return try appendFlowItem(tag, to: field, map: map, bytes: bytes)
        case .blockList, .indentlessBlockList:
            return appendBlockItem(tag, to: field, map: map, bytes: bytes)
        case .unsupported:
            throw refusal(bytes, at: field.keyRange.lowerBound, "\(field.key): value cannot be edited")
        }
    }

    /// `a, b` + `c` → `a, b, c`, with the separator between the last two words (a space after a single word).
    static func appendWord(_ tag: String, to field: FrontMatterField, map: FrontMatterSpanMap, bytes: [UInt8])
        throws(EditRefusal) -> [UInt8]
    {
        if !canBeWord(tag) {
            return stringToFlowList(field, tags: field.items.compactMap(\.tag) + [tag], bytes: bytes)
        }
        let word = try encodeWord(tag, field: field, bytes: bytes)
        let items = field.items
        let last = items[items.count - 1]
        let separator: [UInt8] =
            items.count >= 2
            ? Array(bytes[items[items.count - 2].range.upperBound..<last.range.lowerBound]) : [0x20]
        let at = last.range.upperBound
        return Splice.apply([Splice(range: at..<at, bytes: separator + Array(word.utf8))], to: bytes)
    }

    /// Whether `text` can be one word of a tag string (no separators, nothing only escapes can write).
    static func canBeWord(_ text: String) -> Bool {
        !text.contains(where: { $0 == "," || $0.isWhitespace })
            && !text.unicodeScalars.contains(where: YAMLScalarWriter.isSpecial)
    }

    /// `tags: a, b` becomes `tags: [a, b c]` when a tag with a space or comma must be written: a string
    /// cannot hold it, a flow list can.
    static func stringToFlowList(_ field: FrontMatterField, tags: [String], bytes: [UInt8]) -> [UInt8] {
        let list = "[" + tags.map { YAMLScalarWriter.scalar($0, in: .flow) }.joined(separator: ", ") + "]"
        return Splice.apply([Splice(range: field.valueRange!, text: list)], to: bytes)
    }

    /// A word as it is written inside the string's quoting; refused when it cannot be one word there.
    static func encodeWord(_ text: String, field: FrontMatterField, bytes: [UInt8]) throws(EditRefusal) -> String {
        if text.contains(where: { $0 == "," || $0.isWhitespace }) || text.unicodeScalars.contains(where: YAMLScalarWriter.isSpecial) {
            throw refusal(
                bytes, at: field.valueRange?.lowerBound ?? field.keyRange.lowerBound,
                "\(field.key): '\(text)' cannot be written as one word of a tag string (it has a space or comma)")
        }
        switch field.scalarStyle {
        case .singleQuoted: return text.replacingOccurrences(of: "'", with: "''")
        case .doubleQuoted:
            return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        default: return text
        }
    }

    /// `[a, b]` + `c` → `[a, b, c]`, copying the separator (and line layout) of the last two items.
    static func appendFlowItem(_ tag: String, to field: FrontMatterField, map: FrontMatterSpanMap, bytes: [UInt8])
        throws(EditRefusal) -> [UInt8]
    {
        let range = field.valueRange!
        let open = range.lowerBound
        let close = range.upperBound - 1
        guard bytes[open] == 0x5B, bytes[close] == 0x5D else {
            throw refusal(bytes, at: open, "\(field.key): cannot find the list's brackets")
        }
        let items = field.items
        let style = quoteStyle(of: items, in: .flow)
        let text = Array(YAMLScalarWriter.scalar(tag, style: style, in: .flow).utf8)
        guard let last = items.last else {
            let interior = (open + 1)..<close
            if bytes[interior].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                return Splice.apply([Splice(range: interior, bytes: text)], to: bytes)
            }
            return Splice.apply([Splice(range: (open + 1)..<(open + 1), bytes: text)], to: bytes)
        }
        var separator: [UInt8] = Array(", ".utf8)
        if items.count >= 2 {
            let between = bytes[items[items.count - 2].range.upperBound..<last.range.lowerBound]
            if !between.contains(0x23) { separator = Array(between) }
        } else {
            let before = bytes[(open + 1)..<last.range.lowerBound]
            if before.contains(0x0A), !before.contains(0x23), let newline = before.lastIndex(of: 0x0A) {
                let crlf = newline > before.startIndex && bytes[newline - 1] == 0x0D
                separator = [0x2C] + (crlf ? [0x0D, 0x0A] : [0x0A]) + Array(bytes[(newline + 1)..<last.range.lowerBound])
            }
        }
        let at = last.range.upperBound
        return Splice.apply([Splice(range: at..<at, bytes: separator + text)], to: bytes)
    }

    /// A new `- c` line after the last item, copying its prefix and line ending.
    static func appendBlockItem(_ tag: String, to field: FrontMatterField, map: FrontMatterSpanMap, bytes: [UInt8])
        -> [UInt8]
    {
        let last = field.items[field.items.count - 1]
        var prefix = Array(bytes[last.prefix!])
        if prefix.last == 0x2D { prefix.append(0x20) }
        let style = quoteStyle(of: field.items, in: .block)
        let text = Array(YAMLScalarWriter.scalar(tag, style: style, in: .block).utf8)
        let line = last.line!
        let at = line.upperBound
        if at > line.lowerBound, bytes[at - 1] == 0x0A {
            let ending: [UInt8] = at - 2 >= line.lowerBound && bytes[at - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
            return Splice.apply([Splice(range: at..<at, bytes: prefix + text + ending)], to: bytes)
        }
        return Splice.apply([Splice(range: at..<at, bytes: map.lineEnding + prefix + text)], to: bytes)
    }

    /// The quoting a new item copies: that of the last item quoted by choice (not because it had to be),
    /// unless a later item is plain.
    static func quoteStyle(of items: [FrontMatterField.Item], in context: YAMLScalarWriter.Context) -> YAMLEvent.ScalarStyle {
        for item in items.reversed() where item.tag != nil {
            switch item.style {
            case .singleQuoted, .doubleQuoted:
                if !YAMLScalarWriter.needsQuoting(item.text, in: context) { return item.style }
            default:
                return .plain
            }
        }
        return .plain
    }

    /// Finds the first item (after `skip` matches) whose tag is in `keys` and removes it; nil when none is left.
    static func removeMatch(_ keys: Set<TagKey>, skip: Int, in bytes: [UInt8]) throws(EditRefusal) -> [UInt8]? {
        guard let (field, index) = try findMatch(keys, skip: skip, in: bytes) else { return nil }
        return try removeItem(index, of: field, bytes: bytes)
    }

    /// The field and item index of the `skip`-th item whose tag is in `keys`; throws if it is in a value
    /// notez cannot edit.
    static func findMatch(_ keys: Set<TagKey>, skip: Int, in bytes: [UInt8]) throws(EditRefusal)
        -> (FrontMatterField, Int)?
    {
        guard let map = try FrontMatterSpanMap.read(bytes) else { return nil }
        var skipped = 0
        for field in map.tags {
            if let refusal = field.refusal {
                skipped += field.tags.filter { keys.contains(TagKey($0)) }.count
                if skipped > skip { throw refusal }
                continue
            }
            for (index, item) in field.items.enumerated() {
                guard let tag = item.tag, keys.contains(TagKey(tag)) else { continue }
                if skipped < skip {
                    skipped += 1
                    continue
                }
                return (field, index)
            }
        }
        return nil
    }

    static func removeItem(_ index: Int, of field: FrontMatterField, bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        let item = field.items[index]
        if bytes[item.range].contains(0x0A) || bytes[item.range].contains(0x0D) {
            throw refusal(bytes, at: item.range.lowerBound, "\(field.key): item '\(item.text)' spans several lines")
        }
        let items = field.items
        let cut: Range<Int>
        switch field.style {
        case .blockList, .indentlessBlockList:
            // The whole line, with a comment on it.
            cut = item.line!
        case .flowList:
            cut = try flowCut(index, of: field, bytes: bytes)
        case .scalar:
            if items.count == 1 {
                let value = field.valueRange!
                if field.scalarStyle != .plain {
                    cut = (value.lowerBound + 1)..<(value.upperBound - 1)
                } else {
                    // `tags: a` → `tags:`; with a comment after it only the word goes.
                    var end = value.upperBound
                    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
                    let atLineEnd = end >= bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D
                    if atLineEnd, let colon = field.colonEnd,
                        bytes[colon..<value.lowerBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
                    {
                        cut = colon..<end
                    } else if atLineEnd, let colon = field.colonEnd, let lineStart = ownLine(value, after: colon, bytes) {
                        // `tags: # why` then the word alone on the next line: that line goes, not only the
                        // word (which would leave a line of spaces behind).
                        var next = end
                        if next < bytes.count, bytes[next] == 0x0D { next += 1 }
                        if next < bytes.count, bytes[next] == 0x0A { next += 1 }
                        cut = lineStart..<next
                    } else {
                        cut = value
                    }
                }
            } else if index < items.count - 1 {
                cut = item.range.lowerBound..<items[index + 1].range.lowerBound
            } else {
                cut = items[index - 1].range.upperBound..<item.range.upperBound
            }
        default:
            throw refusal(bytes, at: field.keyRange.lowerBound, "\(field.key): value cannot be edited")
        }
        return Splice.apply([Splice(range: cut, bytes: [])], to: bytes)
    }

    /// The start of the value's line when only blanks precede the value on it and the line is after the
    /// key's colon; nil otherwise.
    static func ownLine(_ value: Range<Int>, after colon: Int, _ bytes: [UInt8]) -> Int? {
        var start = value.lowerBound
        while start > colon, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start > colon && bytes[start - 1] == 0x0A ? start : nil
    }

    /// What to cut to remove a flow list item: its line when it is alone on one, else the item and
    /// one comma with the spaces around it.
    static func flowCut(_ index: Int, of field: FrontMatterField, bytes: [UInt8]) throws(EditRefusal) -> Range<Int> {
        let items = field.items
        let item = items[index]
        let open = field.valueRange!.lowerBound
        let close = field.valueRange!.upperBound - 1
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var lineStart = item.range.lowerBound
        while lineStart > open + 1, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        if lineStart > open + 1, bytes[lineStart - 1] == 0x0A, bytes[lineStart..<item.range.lowerBound].allSatisfy(isBlank) {
            var end = item.range.upperBound
            while end < close, isBlank(bytes[end]) { end += 1 }
            var hasComma = false
            if end < close, bytes[end] == 0x2C {
                hasComma = true
                end += 1
                while end < close, isBlank(bytes[end]) { end += 1 }
            }
            if end < close, bytes[end] == 0x23 {
                while end < close, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            }
            if end < close, bytes[end] == 0x0D, end + 1 < close, bytes[end + 1] == 0x0A { end += 1 }
            if end < close, bytes[end] == 0x0A, hasComma || index == items.count - 1 {
                return lineStart..<(end + 1)
            }
        }
        func refuseComment(_ range: Range<Int>) throws(EditRefusal) {
            if bytes[range].contains(0x23) {
                throw refusal(
                    bytes, at: item.range.lowerBound,
                    "\(field.key): removing '\(item.text)' would remove a comment in the list")
            }
        }
        if items.count == 1 {
            let interior = (open + 1)..<close
            let others = bytes[interior.lowerBound..<item.range.lowerBound] + bytes[item.range.upperBound..<interior.upperBound]
            if others.allSatisfy({ isBlank($0) || $0 == 0x2C }) { return interior }
            var end = item.range.upperBound
            while end < close, isBlank(bytes[end]) { end += 1 }
            if end < close, bytes[end] == 0x2C { return item.range.lowerBound..<(end + 1) }
            return item.range
        }
        if index < items.count - 1 {
            try refuseComment(item.range.upperBound..<items[index + 1].range.lowerBound)
            return item.range.lowerBound..<items[index + 1].range.lowerBound
        }
        try refuseComment(items[index - 1].range.upperBound..<item.range.lowerBound)
        return items[index - 1].range.upperBound..<item.range.upperBound
    }

    /// Renames the first item whose tag is `old`, keeping its quoting and a leading `#`.
    static func replaceFirst(_ old: TagKey, with tag: String, in bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        guard let (field, index) = try findMatch([old], skip: 0, in: bytes) else { return bytes }
        let item = field.items[index]
        // Already read as this very tag (`tags: 2023` renamed to "2023"): quoting it would change bytes for nothing.
        if item.tag == tag { return bytes }
        if bytes[item.range].contains(0x0A) || bytes[item.range].contains(0x0D) {
            throw refusal(bytes, at: item.range.lowerBound, "\(field.key): item '\(item.text)' spans several lines")
        }
        var text = tag
        if item.text.trimmingCharacters(in: .whitespaces).hasPrefix("#") { text = "#" + tag }
        let splice: Splice
        switch field.style {
        case .scalar where !canBeWord(text):
            var tags = field.items.compactMap(\.tag)
            tags[field.items[..<index].filter { $0.tag != nil }.count] = tag
            return stringToFlowList(field, tags: tags, bytes: bytes)
        case .scalar:
            if field.items.count == 1, field.scalarStyle == .plain, YAMLScalarWriter.needsQuoting(text, in: .block) {
                _ = try encodeWord(text, field: field, bytes: bytes)
                splice = Splice(range: field.valueRange!, text: YAMLScalarWriter.doubleQuoted(text))
            } else {
                splice = Splice(range: item.range, text: try encodeWord(text, field: field, bytes: bytes))
            }
        case .flowList:
            splice = Splice(range: item.range, text: YAMLScalarWriter.scalar(text, style: item.style, in: .flow))
        case .blockList, .indentlessBlockList:
            splice = Splice(range: item.range, text: YAMLScalarWriter.scalar(text, style: item.style, in: .block))
        default:
            throw refusal(bytes, at: field.keyRange.lowerBound, "\(field.key): value cannot be edited")
        }
        return Splice.apply([splice], to: bytes)
    }
}
