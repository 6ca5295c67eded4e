import NotezKit

/// The surgical editor on any file and edit: it may refuse, but an accepted edit must read back as
/// intended and leave every byte outside the edited keys' lines as it was.
enum FrontMatterEditFuzzCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        let input = EditFuzzInput(bytes)
        let before = input.document
        let after: [UInt8]
        do {
            after = try FrontMatterEditor.apply([input.edit], to: before)
        } catch {
            return
        }
        let context = "\(input.edit)\n\(show(before))\n→ \(show(after))"
        try checkReadBack(input.edit, before: before, after: after, context: context)
        if after == before { return }
        try checkOutside(input.edit, before: before, after: after, context: context)
    }

    static func show(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }

    /// The metadata of a file as notez reads it; nil when its front matter does not read.
    static func metadata(_ bytes: [UInt8]) -> NoteMetadata? {
        switch FrontMatterBlock.scan(bytes) {
        case .none: return NoteMetadata()
        case .block(let block):
            guard case .success(let document) = FrontMatterDocument.parse(Array(bytes[block.yaml])) else { return nil }
            return NoteMetadata(document: document)
        case .unterminated, .tooLarge: return nil
        }
    }

    // MARK: - Read-back

    static func checkReadBack(_ edit: FrontMatterEdit, before: [UInt8], after: [UInt8], context: String)
        throws(FuzzFailure)
    {
        guard let old = metadata(before) else {
            guard after == before else { throw FuzzFailure("unreadable front matter was edited: \(context)") }
            return
        }
        guard let new = metadata(after) else { throw FuzzFailure("the edited front matter does not read: \(context)") }
        switch edit {
        case .setPinned(let value):
            guard new.pinned == value else { throw FuzzFailure("pinned reads back as \(new.pinned): \(context)") }
        case .setModified(let seconds):
            guard let date = new.modified else { throw FuzzFailure("modified does not read back: \(context)") }
            try checkDate(date, seconds, context)
            for field in (try? FrontMatterSpanMap.read(after))?.modified ?? [] {
                guard let text = field.value, let date = NoteDate.parse(text) else {
                    throw FuzzFailure("'\(field.key)' does not read back as a date: \(context)")
                }
                try checkDate(date, seconds, context)
            }
        case .replaceInlineTag, .removeInlineTags:
            // Body edits: the front matter must read back unchanged.
            guard new.tags == old.tags else { throw FuzzFailure("an inline tag edit changed front matter tags: \(context)") }
        case .addTags, .removeTags, .replaceTag:
            let expected = model(edit, old.tags)
            guard new.tags.sorted() == expected.sorted() else {
                throw FuzzFailure("tags read back as \(new.tags), expected \(expected): \(context)")
            }
            if expected == old.tags, after != before {
                throw FuzzFailure("an edit that changes no tag changed bytes: \(context)")
            }
        }
    }

    /// A written date stands for `seconds` to the precision of its style.
    static func checkDate(_ date: NoteDate, _ seconds: Double, _ context: String) throws(FuzzFailure) {
        let precision: Double
        switch date.style {
        case .date, .usDate, .compact(digits: 8): precision = 86_400
        case .compact(digits: 12): precision = 60
        case .compact: precision = 1
        case .epochSeconds, .spacedOffset: precision = 1
        case .epochMilliseconds: precision = 0.002
        case .isoDateTime(_, let hasSeconds, let hasFraction, _):
            precision = hasFraction ? 0.002 : hasSeconds ? 1 : 60
        }
        guard date.seconds <= seconds + 0.002, seconds - date.seconds < precision else {
            throw FuzzFailure("a modified date reads back as \(date), not \(seconds): \(context)")
        }
    }

    /// The tags a note should have after an edit, as the editor documents it (flattened over tag keys).
    static func model(_ edit: FrontMatterEdit, _ tags: [String]) -> [String] {
        switch edit {
        case .addTags(let added):
            var result = tags
            var present = Set(tags.map { TagKey($0) })
            for tag in added.compactMap(NoteMetadata.cleanTag) where present.insert(TagKey(tag)).inserted {
                result.append(tag)
            }
            return result
        case .removeTags(let keys):
            let keys = Set(keys)
            return tags.filter { !keys.contains(TagKey($0)) }
        case .replaceTag(let old, let new):
            guard let clean = NoteMetadata.cleanTag(new), tags.contains(where: { TagKey($0) == old }) else { return tags }
            var renamed = tags.contains { TagKey($0) == TagKey(clean) && TagKey($0) != old }
            return tags.compactMap { tag in
                guard TagKey(tag) == old else { return tag }
                if renamed { return nil }
                renamed = true
                return clean
            }
        case .setPinned, .setModified, .replaceInlineTag, .removeInlineTags:
            return tags
        }
    }

    // MARK: - Bytes outside the edit

    static func checkOutside(_ edit: FrontMatterEdit, before: [UInt8], after: [UInt8], context: String)
        throws(FuzzFailure)
    {
        guard case .block(let newBlock) = FrontMatterBlock.scan(after) else {
            throw FuzzFailure("the edited file has no front matter block: \(context)")
        }
        if case .none(let bodyStart) = FrontMatterBlock.scan(before) {
            // A new block between the BOM and the untouched body, holding just the edited key.
            guard after[..<newBlock.opening.lowerBound] == before[..<bodyStart],
                after[newBlock.bodyStart...] == before[bodyStart...]
            else { throw FuzzFailure("creating a block changed the body: \(context)") }
            guard case .success(let document) = FrontMatterDocument.parse(Array(after[newBlock.yaml])),
                document.entries.count == 1
            else { throw FuzzFailure("a new block does not hold exactly one key: \(context)") }
            return
        }
        let oldMap: FrontMatterSpanMap?
        let newMap: FrontMatterSpanMap?
        do {
            oldMap = try FrontMatterSpanMap.read(before)
            newMap = try FrontMatterSpanMap.read(after)
        } catch {
            throw FuzzFailure("an accepted edit left front matter the editor cannot read: \(error): \(context)")
        }
        guard let oldMap, let newMap else { throw FuzzFailure("a front matter block vanished: \(context)") }
        let kept = remainder(before, cutting: fields(edit, oldMap))
        let keptAfter = remainder(after, cutting: fields(edit, newMap))
        guard kept == keptAfter else {
            throw FuzzFailure(
                "bytes outside the edited keys changed: \(show(kept)) became \(show(keptAfter)) for \(context)")
        }
    }

    /// The fields an edit may change.
    static func fields(_ edit: FrontMatterEdit, _ map: FrontMatterSpanMap) -> [FrontMatterField] {
        switch edit {
        case .setPinned: return map.pinned
        case .setModified: return map.modified
        case .addTags, .removeTags, .replaceTag: return map.tags
        case .replaceInlineTag, .removeInlineTags: return []
        }
    }

    /// The file without what an edit of `fields` may rewrite: each key through its colon, and the value
    /// (a block list's item lines, with their comments). Spaces, tabs and then empty lines are dropped
    /// from what is left: an edit may leave or take the blanks around a value, not any other byte.
    static func remainder(_ bytes: [UInt8], cutting fields: [FrontMatterField]) -> [UInt8] {
        var cut = [Bool](repeating: false, count: bytes.count)
        func mark(_ range: Range<Int>) {
            for index in range where index < cut.count { cut[index] = true }
        }
        for field in fields {
            mark(field.keyRange.lowerBound..<max(field.keyRange.upperBound, field.colonEnd ?? 0))
            switch field.style {
            case .blockList, .indentlessBlockList:
                for item in field.items { mark(item.line ?? item.range) }
            default:
                if let value = field.valueRange { mark(value) }
            }
        }
        var lines: [[UInt8]] = [[]]
        for (byte, isCut) in zip(bytes, cut) where !isCut && byte != 0x20 && byte != 0x09 {
            lines[lines.count - 1].append(byte)
            if byte == 0x0A { lines.append([]) }
        }
        return lines.filter { $0 != [0x0A] && $0 != [0x0D, 0x0A] }.flatMap { $0 }
    }
}
