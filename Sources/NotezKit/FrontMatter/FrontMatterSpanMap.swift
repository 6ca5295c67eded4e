/// The byte spans of the keys notez edits (`tags` and aliases, `pinned`, `modified` and aliases,
/// `created`, `title`), built from libyaml events and the raw bytes around them. Offsets are file offsets.
public struct FrontMatterSpanMap: Sendable {
    /// Where the front matter block sits.
    public let block: FrontMatterBlock
    /// The parsed block (event offsets relative to `block.yaml`).
    public let document: FrontMatterDocument
    /// `tags`, `tag`, `keywords` in any case, in file order.
    public let tags: [FrontMatterField]
    /// `pinned` in any case.
    public let pinned: [FrontMatterField]
    /// `modified`, `updated`, `lastmod` in any case, in file order.
    public let modified: [FrontMatterField]
    /// `created` in any case.
    public let created: [FrontMatterField]
    /// `title` in any case.
    public let title: [FrontMatterField]
    /// The indentation before top-level keys (empty unless the whole mapping is indented).
    let keyIndent: [UInt8]
    /// True when the root mapping is written in flow style (`{a: 1}`); keys cannot be appended then.
    let isFlowMapping: Bool

    /// The block's line ending, `\r\n` or `\n`.
    var lineEnding: [UInt8] { block.usesCRLF ? [0x0D, 0x0A] : [0x0A] }

    /// The tag key new tags go to: the first of `tags`, `tag`, `keywords` (in that preference) present.
    var preferredTagField: FrontMatterField? {
        for name in FrontMatterKeys.tags {
            if let field = tags.first(where: { $0.key.lowercased() == name }) { return field }
        }
        return nil
    }

    /// Reads the span map of a whole file. Nil when the file has no front matter.
    ///
    /// Throws for front matter that is unterminated, too large, does not parse, or has duplicate keys.
    public static func read(_ bytes: [UInt8]) throws(EditRefusal) -> FrontMatterSpanMap? {
        let block: FrontMatterBlock
        switch FrontMatterBlock.scan(bytes) {
        case .none:
            return nil
        case .unterminated:
            throw EditRefusal("front matter starts with '---' but has no closing '---' or '...'", line: 1, column: 1)
        case .tooLarge:
            throw EditRefusal("front matter is larger than 1 MiB", line: 1, column: 1)
        case .block(let found):
            block = found
        }
        let slice = Array(bytes[block.yaml])
        let document: FrontMatterDocument
        switch FrontMatterDocument.parse(slice, sliceStart: block.yaml.lowerBound) {
        case .failure(let error):
            throw EditRefusal("front matter does not parse: \(error.message)", line: error.line + 2, column: error.column + 1)
        case .success(let parsed):
            document = parsed
        }
        var seen: Set<String> = []
        for entry in document.entries where !entry.key.isEmpty {
            if !seen.insert(entry.key).inserted {
                let event = document.events[entry.keyEvent]
                throw EditRefusal("duplicate key '\(entry.key)'", line: event.line + 2, column: event.column + 1)
            }
        }
        let builder = Builder(bytes: bytes, document: document, sliceEnd: block.yaml.upperBound)
        var tags: [FrontMatterField] = []
        var pinned: [FrontMatterField] = []
        var modified: [FrontMatterField] = []
        var created: [FrontMatterField] = []
        var title: [FrontMatterField] = []
        for (index, entry) in document.entries.enumerated() {
            let key = entry.key.lowercased()
            if FrontMatterKeys.tags.contains(key) {
                tags.append(builder.field(index, isTagKey: true))
            } else if FrontMatterKeys.pinned.contains(key) {
                pinned.append(builder.field(index, isTagKey: false))
            } else if FrontMatterKeys.modified.contains(key) {
                modified.append(builder.field(index, isTagKey: false))
            } else if FrontMatterKeys.created.contains(key) {
                created.append(builder.field(index, isTagKey: false))
            } else if FrontMatterKeys.title.contains(key) {
                title.append(builder.field(index, isTagKey: false))
            }
        }
        var keyIndent: [UInt8] = []
        var isFlow = false
        if let first = document.entries.first {
            let keyStart = builder.offset(document.events[first.keyEvent].start)
            let lineStart = builder.lineStart(before: keyStart)
            let indent = bytes[lineStart..<keyStart]
            if indent.allSatisfy({ $0 == 0x20 }) { keyIndent = Array(indent) }
            if let root = document.events.firstIndex(where: { $0.kind == .mappingStart }) {
                isFlow = document.events[root].isFlow
            }
        }
        return FrontMatterSpanMap(
            block: block, document: document, tags: tags, pinned: pinned, modified: modified,
            created: created, title: title, keyIndent: keyIndent, isFlowMapping: isFlow)
    }

    /// Turns events into fields by reading the bytes around their marks.
    struct Builder {
        let bytes: [UInt8]
        let document: FrontMatterDocument
        let sliceEnd: Int

        func offset(_ sliceOffset: Int) -> Int { sliceOffset + document.sliceStart }

        func range(_ event: YAMLEvent) -> Range<Int> { offset(event.start)..<offset(event.end) }

        /// The offset of the first byte of the line holding `offset`.
        func lineStart(before offset: Int) -> Int {
            var index = offset
            while index > document.sliceStart, bytes[index - 1] != 0x0A { index -= 1 }
            return index
        }

        /// The offset just past the line ending of the line holding `offset` (or the slice end).
        func lineEnd(after offset: Int) -> Int {
            var index = offset
            while index < sliceEnd {
                if bytes[index] == 0x0A { return index + 1 }
                index += 1
            }
            return sliceEnd
        }

        func refusal(_ message: String, _ event: YAMLEvent) -> EditRefusal {
            EditRefusal(message, line: event.line + 2, column: event.column + 1)
        }

        func field(_ entryIndex: Int, isTagKey: Bool) -> FrontMatterField {
            let entry = document.entries[entryIndex]
            let keyEvent = document.events[entry.keyEvent]
            let keyRange = range(keyEvent)
            var colonEnd: Int?
            var index = keyRange.upperBound
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            if index < bytes.count, bytes[index] == 0x3A { colonEnd = index + 1 }
            let values = document.events[entry.valueEvents]
            var field = FrontMatterField(
                key: entry.key, entryIndex: entryIndex, keyRange: keyRange, colonEnd: colonEnd, valueRange: nil,
                style: .unsupported, scalarStyle: .any, value: nil, items: [],
                tags: isTagKey ? NoteMetadata.tags(from: values) : [], refusal: nil)
            func unsupported(_ message: String, _ event: YAMLEvent) -> FrontMatterField {
                var copy = field
                copy.style = .unsupported
                copy.items = []
                copy.refusal = refusal("\(entry.key): \(message)", event)
                return copy
            }
            guard let first = values.first else { return unsupported("has no value", keyEvent) }
            if colonEnd == nil { return unsupported("the ':' is not on the key's line", keyEvent) }
            for event in values {
                if event.kind == .alias { return unsupported("value is an alias (*\(event.anchor ?? ""))", event) }
                if let anchor = event.anchor { return unsupported("value has an anchor (&\(anchor))", event) }
                if let tag = event.tag { return unsupported("value has an explicit tag (\(tag))", event) }
            }
            switch first.kind {
            case .scalar:
                if first.style == .literal || first.style == .folded {
                    return unsupported("value is a block scalar ('|' or '>')", first)
                }
                let raw = range(first)
                if first.style == .plain && FrontMatterDocument.isNullLiteral(first.value) {
                    field.style = .null
                    field.valueRange = first.value.isEmpty ? nil : raw
                    return field
                }
                if bytes[raw].contains(0x0A) || bytes[raw].contains(0x0D) {
                    return unsupported("value spans several lines", first)
                }
                field.style = .scalar
                field.scalarStyle = first.style
                field.value = first.value
                field.valueRange = raw
                if isTagKey {
                    guard let words = words(of: first, raw: raw) else {
                        return unsupported("tag string uses escapes notez cannot edit in place", first)
                    }
                    field.items = words
                }
                return field
            case .sequenceStart:
                guard isTagKey else { return unsupported("value is a list", first) }
                let inner = values.dropFirst().dropLast()
                if let nested = inner.first(where: { $0.kind != .scalar }) {
                    return unsupported("tags hold a nested list or mapping", nested)
                }
                if first.isFlow {
                    field.style = .flowList
                    field.valueRange = offset(first.start)..<offset(values.last!.end)
                    field.items = inner.map { item(of: $0) }
                    return field
                }
                var items: [FrontMatterField.Item] = []
                for event in inner {
                    var item = item(of: event)
                    let lineStart = lineStart(before: item.range.lowerBound)
                    let prefix = bytes[lineStart..<item.range.lowerBound]
                    guard isItemPrefix(prefix, isEmpty: item.range.isEmpty) else {
                        return unsupported("list item is not on a line of its own", event)
                    }
                    item.prefix = lineStart..<item.range.lowerBound
                    item.line = lineStart..<lineEnd(after: max(item.range.lowerBound, item.range.upperBound - 1))
                    items.append(item)
                }
                guard let last = items.last else { return unsupported("list has no items", first) }
                field.style = first.column == keyEvent.column ? .indentlessBlockList : .blockList
                field.valueRange = offset(first.start)..<last.range.upperBound
                field.items = items
                return field
            case .mappingStart:
                return unsupported(isTagKey ? "tags value is a mapping" : "value is a mapping", first)
            default:
                return unsupported("value cannot be edited", first)
            }
        }

        func item(of event: YAMLEvent) -> FrontMatterField.Item {
            let isNull = event.style == .plain && FrontMatterDocument.isNullLiteral(event.value)
            return FrontMatterField.Item(
                range: range(event), text: event.value,
                tag: isNull ? nil : NoteMetadata.cleanTag(event.value), style: event.style)
        }

        /// `  - ` (or `  -` before an empty item): spaces or tabs, a dash, then spaces or tabs.
        func isItemPrefix(_ prefix: ArraySlice<UInt8>, isEmpty: Bool) -> Bool {
            var rest = prefix.drop(while: { $0 == 0x20 || $0 == 0x09 })
            guard rest.first == 0x2D else { return false }
            rest = rest.dropFirst()
            if !isEmpty && rest.isEmpty { return false }
            return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }

        /// The words of a single-line string value, split as `NoteMetadata.splitTagString` splits it.
        func words(of event: YAMLEvent, raw: Range<Int>) -> [FrontMatterField.Item]? {
            let interior = event.style == .plain ? raw : (raw.lowerBound + 1)..<(raw.upperBound - 1)
            if event.style == .doubleQuoted && bytes[interior].contains(0x5C) { return nil }
            let text = String(decoding: bytes[interior], as: UTF8.self)
            var words: [FrontMatterField.Item] = []
            var position = interior.lowerBound
            var wordStart: Int?
            func close(at end: Int) {
                guard let start = wordStart else { return }
                var word = String(decoding: bytes[start..<end], as: UTF8.self)
                if event.style == .singleQuoted { word = word.replacingOccurrences(of: "''", with: "'") }
                words.append(
                    FrontMatterField.Item(
                        range: start..<end, text: word, tag: NoteMetadata.cleanTag(word), style: event.style))
                wordStart = nil
            }
            for character in text {
                if character == "," || character.isWhitespace {
                    close(at: position)
                } else if wordStart == nil {
                    wordStart = position
                }
                position += character.utf8.count
            }
            close(at: position)
            guard words.compactMap(\.tag) == NoteMetadata.splitTagString(event.value) else { return nil }
            return words
        }
    }
}
