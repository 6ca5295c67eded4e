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
        case .date, .usDate: precision = 86_400
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
        case .setPinned, .setModified:
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
        }
    }

    /// The file without the lines of `fields`: the key's line through the value's last line, except for
    /// a block list only the key line and the item lines (comments between them stay).
    static func remainder(_ bytes: [UInt8], cutting fields: [FrontMatterField]) -> [UInt8] {
        func lineEnd(_ offset: Int) -> Int {
            var end = offset
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            return min(end + 1, bytes.count)
        }
        func lineStart(_ offset: Int) -> Int {
            var start = offset
            while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            return start == 0 || bytes[start - 1] == 0x0A ? start : offset
        }
        var cut = [Bool](repeating: false, count: bytes.count)
        func mark(_ range: Range<Int>) {
            for index in range where index < cut.count { cut[index] = true }
        }
        for field in fields {
            let start = lineStart(field.keyRange.lowerBound)
            let keyEnd = max(field.keyRange.upperBound, field.colonEnd ?? 0)
            switch field.style {
            case .blockList, .indentlessBlockList:
                mark(start..<lineEnd(keyEnd - 1))
                for item in field.items { mark(item.line ?? item.range) }
            default:
                let end = max(keyEnd, field.valueRange?.upperBound ?? 0)
                mark(start..<lineEnd(end - 1))
            }
        }
        return zip(bytes, cut).filter { !$0.1 }.map(\.0)
    }
}
