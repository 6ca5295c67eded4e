import Foundation

/// One completion an editor offers.
public struct EditorCompletionItem: Sendable, Equatable {
    /// What is completed.
    public enum Kind: String, Sendable {
        case note, heading, block, tag, attachment, property, value
    }

    /// What the list shows.
    public var label: String
    /// What it is.
    public var kind: Kind
    /// A second line (folder, count, type).
    public var detail: String
    /// The text that replaces `replace`.
    public var insertText: String
    /// The bytes of the buffer the item replaces (what was typed since the trigger).
    public var replace: Range<Int>
    /// The item's place in the ranked list (`0001`, `0002`: editors sort by it).
    public var sortText: String
}

/// What to complete at a place in a note's text (docs/editors.md): after `[[` note names, after
/// `[[Note#` its headings, after `[[Note#^` its block ids, after `![[` attachments and notes, after
/// `#` tags, in front matter the keys of the folder's property schema and their allowed values
/// (tag names under `tags:`). Candidates are fuzzy matched and ranked by use: links to a note,
/// notes with a tag.
public enum EditorCompletion {
    /// The most items returned; the list is then marked incomplete, and typing more narrows it.
    public static let limit = 100

    /// The items at byte `offset` of `text`, the buffer of the note at vault path `path`;
    /// `readText` gives another note's current text (an open buffer, else the file). The flag
    /// says whether more candidates matched than were returned.
    public static func items(
        text: EditorText, offset: Int, path: String, catalog: EditorCatalog, readText: (String) -> [UInt8]?
    ) -> (items: [EditorCompletionItem], incomplete: Bool) {
        let bytes = text.bytes
        let lineStart = text.lineStarts[text.line(ofOffset: offset)]
        let before = Array(bytes[lineStart..<offset])
        if let link = openLink(before) {
            let typed = Array(before[link.contentStart...])
            let start = lineStart + link.contentStart
            let closing = closingNeeded(bytes, from: offset)
            if let hash = typed.firstIndex(of: UInt8(ascii: "#")) {
                let target = String(decoding: typed[..<hash], as: UTF8.self)
                let fragment = Array(typed[(hash + 1)...])
                let targetPath = target.isEmpty ? path : resolve(target, from: path, catalog: catalog)
                guard let targetPath, let targetBytes = target.isEmpty ? bytes : readText(targetPath) else { return ([], false) }
                let outline = EditorOutline(targetBytes)
                let fragmentStart = start + hash + 1
                if fragment.first == UInt8(ascii: "^") {
                    let candidates = outline.blocks.map { block -> Candidate in
                        let line = lineText(targetBytes, of: block.range.lowerBound)
                        return Candidate(label: "^" + block.id, kind: .block, detail: line, insert: "^" + block.id + closing, key: Array(("^" + block.id).lowercased().utf8), use: 0)
                    }
                    return ranked(candidates, typed: fragment, replace: fragmentStart..<offset)
                }
                let candidates = outline.headings.map { heading in
                    Candidate(
                        label: heading.text, kind: .heading, detail: String(repeating: "#", count: heading.level), insert: heading.text + closing,
                        key: Array(heading.text.lowercased().utf8), use: 0)
                }
                return ranked(candidates, typed: fragment, replace: fragmentStart..<offset)
            }
            if typed.contains(UInt8(ascii: "|")) { return ([], false) }
            var candidates = noteCandidates(catalog: catalog, typed: typed, closing: closing)
            if link.embed {
                var sameName: [String: Int] = [:]
                for file in catalog.attachments.files { sameName[VaultPath.name(of: file), default: 0] += 1 }
                candidates += catalog.attachments.files.map { file in
                    Candidate(
                        label: VaultPath.name(of: file), kind: .attachment, detail: VaultPath.folder(of: file),
                        insert: (sameName[VaultPath.name(of: file)] ?? 0 > 1 ? file : VaultPath.name(of: file)) + closing, key: Array(file.lowercased().utf8), use: 1)
                }
            }
            return ranked(candidates, typed: Array(String(decoding: typed, as: UTF8.self).lowercased().utf8), replace: start..<offset)
        }
        let outline = EditorOutline(bytes)
        if let frontMatter = outline.frontMatter, offset >= text.lineStarts[min(1, text.lineCount - 1)], offset < frontMatter.upperBound,
            text.line(ofOffset: offset) < text.line(ofOffset: frontMatter.upperBound) - 1
        {
            return property(text: text, offset: offset, lineStart: lineStart, before: before, path: path, catalog: catalog)
        }
        if let tag = typedTag(before) {
            let typedName = Array(String(decoding: tag, as: UTF8.self).lowercased().utf8)
            let candidates = catalog.index.tags.map { summary in
                Candidate(
                    label: summary.name, kind: .tag, detail: "\(summary.count) note\(summary.count == 1 ? "" : "s")", insert: summary.name,
                    key: Array(summary.key.rawValue.utf8), use: summary.count)
            }
            return ranked(candidates, typed: typedName, replace: (offset - tag.count)..<offset)
        }
        return ([], false)
    }

    /// A candidate before ranking.
    struct Candidate {
        var label: String
        var kind: EditorCompletionItem.Kind
        var detail: String
        var insert: String
        /// Lowercased UTF-8 that the typed text is matched against.
        var key: [UInt8]
        var use: Int
    }

    /// The notes as candidates: matched first (a scan of the catalog's folded names), then made.
    static func noteCandidates(catalog: EditorCatalog, typed: [UInt8], closing: String) -> [Candidate] {
        let folded = Array(String(decoding: typed, as: UTF8.self).lowercased().utf8)
        let notes = catalog.index.notes
        // Only the best are kept and made into items: at 100,000 notes an empty prefix matches
        // all, and sorting them all would cost more than the scan.
        let keep = limit * 2
        var best: [(position: Int, score: Int, use: Int)] = []
        best.reserveCapacity(keep + 1)
        let uses = catalog.uses
        for position in notes.indices {
            guard let score = EditorFuzzy.score(folded, catalog.foldedName(at: position)) else { continue }
            let use = Int(uses[position])
            if best.count == keep, let last = best.last, (score, use) <= (last.score, last.use) { continue }
            // Insertion into the list sorted best first (binary search for the place).
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if (best[middle].score, best[middle].use) >= (score, use) { low = middle + 1 } else { high = middle }
            }
            best.insert((position, score, use), at: low)
            if best.count > keep { best.removeLast() }
        }
        return best.map { match in
            let note = notes[match.position]
            return Candidate(
                label: catalog.name(at: match.position), kind: .note,
                detail: (note.folder.isEmpty ? "" : note.folder + " · ") + note.title + (match.use > 0 ? " · \(match.use) links" : ""),
                insert: catalog.linkName(at: match.position) + closing, key: Array(catalog.foldedName(at: match.position)), use: match.use)
        }
    }

    /// Ranks candidates by match score, then use, then label; at most `limit`.
    static func ranked(_ candidates: [Candidate], typed: [UInt8], replace: Range<Int>) -> (items: [EditorCompletionItem], incomplete: Bool) {
        let lowered = Array(String(decoding: typed, as: UTF8.self).lowercased().utf8)
        var scored: [(Candidate, Int)] = []
        for candidate in candidates {
            if let score = EditorFuzzy.score(lowered, candidate.key) { scored.append((candidate, score)) }
        }
        scored.sort { lhs, rhs in
            if lhs.1 != rhs.1 { return lhs.1 > rhs.1 }
            if lhs.0.use != rhs.0.use { return lhs.0.use > rhs.0.use }
            return lhs.0.label < rhs.0.label
        }
        let kept = scored.prefix(limit)
        let items = kept.enumerated().map { rank, entry in
            EditorCompletionItem(
                label: entry.0.label, kind: entry.0.kind, detail: entry.0.detail, insertText: entry.0.insert, replace: replace,
                sortText: String(format: "%04d", rank))
        }
        return (items, scored.count > kept.count)
    }

    /// Front matter: a key at the start of a line, a value after `key:` or in its `- ` list.
    static func property(
        text: EditorText, offset: Int, lineStart: Int, before: [UInt8], path: String, catalog: EditorCatalog
    ) -> (items: [EditorCompletionItem], incomplete: Bool) {
        let schema = catalog.settings.schema(forFolder: VaultPath.folder(of: path))
        let line = String(decoding: before, as: UTF8.self)
        let indent = line.prefix { $0 == " " }.count
        var key: String?
        var typed = ""
        if let colon = line.firstIndex(of: ":"), indent == 0 {
            key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            typed = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if typed.hasPrefix("[") { typed = String(typed.split(separator: ",", omittingEmptySubsequences: false).last ?? "").trimmingCharacters(in: CharacterSet(charactersIn: " [")) }
        } else if line.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
            typed = String(line.trimmingCharacters(in: .whitespaces).dropFirst()).trimmingCharacters(in: .whitespaces)
            // The list's key: the nearest line above that starts at column 0.
            var number = text.line(ofOffset: offset) - 1
            while number > 0 {
                let above = String(decoding: text.bytes[text.lineRange(number)], as: UTF8.self)
                if let first = above.first, first != " ", first != "-", let colon = above.firstIndex(of: ":") {
                    key = String(above[..<colon])
                    break
                }
                number -= 1
            }
        } else if indent == 0 {
            let known = ["title", "tags", "aliases", "pinned", "created", "modified"]
            var candidates = schema.map { spec in
                Candidate(label: spec.key, kind: .property, detail: spec.summary, insert: spec.key + ": ", key: Array(spec.key.lowercased().utf8), use: 2)
            }
            for name in known where !schema.contains(where: { $0.key == name }) {
                candidates.append(Candidate(label: name, kind: .property, detail: "notez", insert: name + ": ", key: Array(name.utf8), use: 1))
            }
            return ranked(candidates, typed: Array(line.trimmingCharacters(in: .whitespaces).utf8), replace: lineStart..<offset)
        }
        guard let key else { return ([], false) }
        let typedBytes = Array(typed.utf8)
        let replace = (offset - typedBytes.count)..<offset
        if key == "tags" || key == "tag" {
            let candidates = catalog.index.tags.map { summary in
                Candidate(label: summary.name, kind: .tag, detail: "\(summary.count) notes", insert: summary.name, key: Array(summary.key.rawValue.utf8), use: summary.count)
            }
            return ranked(candidates, typed: typedBytes, replace: replace)
        }
        guard let spec = schema.first(where: { $0.key == key }) else { return ([], false) }
        let values = spec.kind == .bool ? ["true", "false"] : spec.options
        let candidates = values.map { value in
            Candidate(label: value, kind: .value, detail: spec.summary, insert: value, key: Array(value.lowercased().utf8), use: 0)
        }
        return ranked(candidates, typed: typedBytes, replace: replace)
    }

    /// The unclosed `[[` (or `![[`) of the text before the cursor on its line.
    static func openLink(_ before: [UInt8]) -> (contentStart: Int, embed: Bool)? {
        var index = before.count - 1
        while index >= 1 {
            if before[index] == UInt8(ascii: "]"), before[index - 1] == UInt8(ascii: "]") { return nil }
            if before[index] == UInt8(ascii: "["), before[index - 1] == UInt8(ascii: "[") {
                let embed = index >= 2 && before[index - 2] == UInt8(ascii: "!")
                return (index + 1, embed)
            }
            index -= 1
        }
        return nil
    }

    /// `]]` when the link is not closed after the cursor on its line.
    static func closingNeeded(_ bytes: [UInt8], from offset: Int) -> String {
        var index = offset
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: "]") { return "" }
            if bytes[index] == UInt8(ascii: "[") { break }
            index += 1
        }
        return "]]"
    }

    /// The tag typed before the cursor (after a `#` at a word start), without the `#`.
    static func typedTag(_ before: [UInt8]) -> ArraySlice<UInt8>? {
        var index = before.count
        while index > 0, isTagByte(before[index - 1]) { index -= 1 }
        guard index > 0, before[index - 1] == UInt8(ascii: "#") else { return nil }
        let hash = index - 1
        guard hash == 0 || before[hash - 1] == 0x20 || before[hash - 1] == 0x09 || before[hash - 1] == UInt8(ascii: "(") else { return nil }
        return before[index...]
    }

    static func isTagByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
    }

    /// The path of the note a link target names, as the resolver reads it from `source`.
    static func resolve(_ target: String, from source: String, catalog: EditorCatalog) -> String? {
        let link = NoteLink(kind: .wikilink, target: target, fragment: nil, label: nil, range: 0..<0, targetRange: 0..<target.utf8.count)
        return catalog.resolver.resolve(link, from: source).path
    }

    /// The text of the line holding `offset`, trimmed, at most 80 characters.
    static func lineText(_ bytes: [UInt8], of offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return String(String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces).prefix(80))
    }
}
