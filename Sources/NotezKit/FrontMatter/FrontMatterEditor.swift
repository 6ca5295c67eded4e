/// The surgical front matter editor (docs/editing.md): every byte outside the edited spans stays.
///
/// Each edit splices new text into the byte span of one value (found through `FrontMatterSpanMap`),
/// then the result is parsed again and compared event by event with the original: anything but the
/// intended value changing, or the value not reading back as intended, refuses the edit.
public enum FrontMatterEditor {
    /// The tags of a file as the editor sees them: each tag key with its items and spans.
    static func tagFields(of bytes: [UInt8]) throws(EditRefusal) -> [FrontMatterField] {
        try FrontMatterSpanMap.read(bytes)?.tags ?? []
    }

    /// Applies front matter `edits` in order to a whole file's bytes and returns the new bytes (see
    /// `apply(_:to:)` for one edit; notes whose edits may touch inline tags go through `NoteEditor`).
    public static func apply(_ edits: [FrontMatterEdit], to bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        var current = bytes
        for edit in edits { current = try apply(edit, to: current) }
        return current
    }

    /// Applies one front matter edit to a whole file's bytes and checks the result; edits that change
    /// nothing return the input bytes unchanged. Throws when the file cannot be edited safely (front
    /// matter does not parse, anchors, aliases, duplicate keys, a multi-line target). Inline tag
    /// edits belong to the body and are applied by `NoteEditor`, never here.
    static func apply(_ edit: FrontMatterEdit, to bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        let map = try FrontMatterSpanMap.read(bytes)
        let result: [UInt8]
        let intent: EditIntent
        switch edit {
        case .setPinned(let value):
            (result, intent) = try setPinned(value, map: map, bytes: bytes)
        case .setModified(let seconds):
            (result, intent) = try setModified(seconds, map: map, bytes: bytes)
        case .addTags(let tags):
            (result, intent) = try addTags(tags, map: map, bytes: bytes)
        case .removeTags(let keys):
            (result, intent) = try removeTags(Set(keys), map: map, bytes: bytes)
        case .replaceTag(let old, let new):
            (result, intent) = try replaceTag(old, with: new, map: map, bytes: bytes)
        case .replaceInlineTag, .removeInlineTags:
            throw refusal(bytes, at: 0, "inline tag edits are applied by NoteEditor")
        case .setProperty(let key, let text):
            (result, intent) = try setProperty(key, text: text, map: map, bytes: bytes)
        case .removeProperty(let key):
            (result, intent) = try removeProperty(key, map: map, bytes: bytes)
        }
        if result == bytes { return bytes }
        try verify(before: bytes, map: map, after: result, intent: intent)
        return result
    }

    // MARK: - Scalars

    static func setPinned(_ value: Bool, map: FrontMatterSpanMap?, bytes: [UInt8]) throws(EditRefusal)
        -> ([UInt8], EditIntent)
    {
        var intent = EditIntent()
        intent.check = { document in
            NoteMetadata(document: document).pinned == value ? nil : "pinned does not read back as \(value)"
        }
        guard let map else {
            return (value ? createBlock(bytes, line: "pinned: true") : bytes, intent.appending("pinned"))
        }
        if map.pinned.count > 1 {
            let second = map.pinned[1]
            throw refusal(map, bytes, at: second.keyRange.lowerBound, "'\(second.key)' is set more than once")
        }
        guard let field = map.pinned.first else {
            return (value ? try appendKey(map, bytes, line: "pinned: true") : bytes, intent.appending("pinned"))
        }
        if let refusal = field.refusal { throw refusal }
        intent.targets = [field.entryIndex]
        switch field.style {
        case .null:
            guard value else { return (bytes, intent) }
            return (try setScalar(field, text: "true", bytes: bytes, map: map), intent)
        case .scalar:
            guard let current = NoteMetadata.bool(field.value ?? "") else {
                if !value { return (bytes, intent) }
                throw refusal(
                    map, bytes, at: field.valueRange!.lowerBound,
                    "\(field.key): value '\(field.value ?? "")' is not true or false")
            }
            if current == value { return (bytes, intent) }
            let word = boolWord(value, like: field.value ?? "")
            return (try setScalar(field, text: word, bytes: bytes, map: map), intent)
        default:
            throw refusal(map, bytes, at: field.keyRange.lowerBound, "\(field.key): value cannot be edited")
        }
    }

    static func setModified(_ seconds: Double, map: FrontMatterSpanMap?, bytes: [UInt8]) throws(EditRefusal)
        -> ([UInt8], EditIntent)
    {
        let iso = NoteDate.iso8601(seconds)
        var intent = EditIntent()
        guard let map, !map.modified.isEmpty else {
            intent.appended = ["modified"]
            intent.check = { document in
                let last = document.entries.last.map { document.valueEvents(of: $0) }
                return last.flatMap(NoteMetadata.singleScalar)?.value == iso ? nil : "modified does not read back as \(iso)"
            }
            if let map { return (try appendKey(map, bytes, line: "modified: " + iso), intent) }
            return (createBlock(bytes, line: "modified: " + iso), intent)
        }
        var splices: [Splice] = []
        var expected: [Int: String] = [:]
        for field in map.modified {
            if let refusal = field.refusal { throw refusal }
            let text: String
            switch field.style {
            case .null:
                text = iso
            case .scalar:
                guard let date = NoteDate.parse(field.value ?? "") else {
                    throw refusal(
                        map, bytes, at: field.valueRange!.lowerBound,
                        "\(field.key): value '\(field.value ?? "")' is not a date notez can update")
                }
                text = date.formatted(seconds)
                if text == field.value { continue }
            default:
                throw refusal(map, bytes, at: field.keyRange.lowerBound, "\(field.key): value cannot be edited")
            }
            expected[field.entryIndex] = text
            splices.append(try scalarSplice(field, text: text, map: map, bytes: bytes))
        }
        intent.targets = Set(expected.keys)
        intent.check = { document in
            for (index, text) in expected {
                let value = NoteMetadata.singleScalar(document.valueEvents(of: document.entries[index]))?.value
                if value != text { return "\(document.entries[index].key) does not read back as \(text)" }
            }
            return nil
        }
        return (Splice.apply(splices, to: bytes), intent)
    }

    /// `true`/`false` in the vocabulary and case of the existing value (`yes`/`no`, `On`/`Off`, `TRUE`).
    static func boolWord(_ value: Bool, like existing: String) -> String {
        let trimmed = existing.trimmingCharacters(in: .whitespaces)
        let word: String
        switch trimmed.lowercased() {
        case "yes", "no": word = value ? "yes" : "no"
        case "on", "off": word = value ? "on" : "off"
        default: word = value ? "true" : "false"
        }
        if trimmed.count > 1, trimmed == trimmed.uppercased() { return word.uppercased() }
        if let first = trimmed.first, first.isUppercase { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }

    /// Writes `text` as the field's new scalar value, keeping the existing quoting.
    static func setScalar(_ field: FrontMatterField, text: String, bytes: [UInt8], map: FrontMatterSpanMap)
        throws(EditRefusal) -> [UInt8]
    {
        Splice.apply([try scalarSplice(field, text: text, map: map, bytes: bytes)], to: bytes)
    }

    static func scalarSplice(_ field: FrontMatterField, text: String, map: FrontMatterSpanMap, bytes: [UInt8])
        throws(EditRefusal) -> Splice
    {
        if let range = field.valueRange {
            let written: String
            switch field.scalarStyle {
            case .singleQuoted: written = "'" + text + "'"
            case .doubleQuoted: written = "\"" + text + "\""
            default: written = text
            }
            return Splice(range: range, text: written)
        }
        guard let colon = field.colonEnd else {
            throw refusal(map, bytes, at: field.keyRange.lowerBound, "\(field.key): cannot find the ':'")
        }
        return Splice(range: colon..<colon, text: " " + text)
    }

    // MARK: - Structure

    /// A new `key: value` line at the end of the front matter.
    static func appendKey(_ map: FrontMatterSpanMap, _ bytes: [UInt8], line: String) throws(EditRefusal) -> [UInt8] {
        if map.isFlowMapping {
            throw EditRefusal(
                "front matter is a flow mapping ({...}); notez cannot add a key to it",
                line: 2, column: 1)
        }
        let at = map.block.yaml.upperBound
        return Splice.apply([Splice(range: at..<at, bytes: map.keyIndent + Array(line.utf8) + map.lineEnding)], to: bytes)
    }

    /// A minimal front matter block for a file without one, after its BOM, in the file's line ending.
    static func createBlock(_ bytes: [UInt8], line: String) -> [UInt8] {
        let bodyStart: Int
        if case .none(let start) = FrontMatterBlock.scan(bytes) { bodyStart = start } else { bodyStart = 0 }
        var ending: [UInt8] = [0x0A]
        if let newline = bytes.firstIndex(of: 0x0A), newline > 0, bytes[newline - 1] == 0x0D { ending = [0x0D, 0x0A] }
        let block = Array("---".utf8) + ending + Array(line.utf8) + ending + Array("---".utf8) + ending
        return Array(bytes[..<bodyStart]) + block + Array(bytes[bodyStart...])
    }

    /// A refusal at a file offset, with 1-based line and column (in characters).
    static func refusal(_ map: FrontMatterSpanMap, _ bytes: [UInt8], at offset: Int, _ message: String) -> EditRefusal {
        refusal(bytes, at: offset, message)
    }

    static func refusal(_ bytes: [UInt8], at offset: Int, _ message: String) -> EditRefusal {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let start = lineStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStart
        let column =
            String(decoding: bytes[min(start, offset)..<min(offset, bytes.count)], as: UTF8.self)
            .unicodeScalars.count + 1
        return EditRefusal(message, line: line, column: column)
    }
}
