import Foundation

/// Where links and tags in a buffer lead (docs/editors.md): the link or tag under the cursor, its
/// definition (the note, the heading, the block), its references (a note's backlinks with their
/// lines; every note with a tag, in front matter or inline) and the hover text.
public enum EditorNavigation {
    /// A place in a note: its vault path and the byte range in its current text.
    public struct Location: Sendable, Equatable {
        /// The vault-relative path.
        public var path: String
        /// The bytes in the note's text.
        public var range: Range<Int>
        /// The note's text the range is in (to turn it into editor positions).
        public var text: EditorText

        /// A location.
        public init(path: String, range: Range<Int>, text: EditorText) {
            self.path = path
            self.range = range
            self.text = text
        }
    }

    /// What the cursor is on.
    public enum Target: Sendable, Equatable {
        /// A link, with its resolution from this note.
        case link(NoteLink, LinkResolver.Resolution)
        /// A tag (its name without `#`) and the bytes of it in the buffer.
        case tag(String, Range<Int>)
    }

    /// The link or tag at byte `offset` of the buffer of the note at `path`.
    public static func target(at offset: Int, in text: EditorText, path: String, catalog: EditorCatalog) -> Target? {
        let bytes = text.bytes
        let outline = EditorOutline(bytes)
        if let link = links(in: bytes, bodyStart: outline.bodyStart).first(where: { $0.range.contains(offset) }) {
            return .link(link, catalog.resolver.resolve(link, from: path))
        }
        if offset >= outline.bodyStart {
            if let tag = InlineTagScanner.tags(in: bytes[outline.bodyStart...]).first(where: { $0.range.contains(offset) }) {
                return .tag(tag.name, tag.range)
            }
            return nil
        }
        // Front matter: a word of a `tags:` value.
        guard let frontMatter = outline.frontMatter, offset < frontMatter.upperBound else { return nil }
        let line = text.lineRange(text.line(ofOffset: offset))
        guard isTagLine(bytes, line: line.lowerBound, text: text) else { return nil }
        var start = offset
        while start > line.lowerBound, EditorCompletion.isTagByte(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "#") { start -= 1 }
        var end = offset
        while end < line.upperBound, EditorCompletion.isTagByte(bytes[end]) { end += 1 }
        if start < line.upperBound, bytes[start] == UInt8(ascii: "#") { start += 1 }
        guard start < end else { return nil }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        guard !["tags", "tag"].contains(name.lowercased()) || !bytes[end..<line.upperBound].starts(with: [UInt8(ascii: ":")]) else { return nil }
        return .tag(name, start..<end)
    }

    /// The bytes of a link's target as written (`Note` in `[[Note#H|label]]`), else the whole link.
    public static func nameRange(of link: NoteLink) -> Range<Int> {
        link.targetRange.isEmpty ? link.range : link.targetRange
    }

    /// Whether the front matter line at `lineStart` is `tags:` or an item of its list.
    static func isTagLine(_ bytes: [UInt8], line lineStart: Int, text: EditorText) -> Bool {
        var number = text.line(ofOffset: lineStart)
        while number > 0 {
            let range = text.lineRange(number)
            let line = String(decoding: bytes[range], as: UTF8.self)
            if let first = line.first, first != " ", first != "-" {
                let key = line.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces).lowercased()
                return key == "tags" || key == "tag"
            }
            number -= 1
        }
        return false
    }

    /// The links of the body of `bytes`, with ranges into `bytes`.
    static func links(in bytes: [UInt8], bodyStart: Int) -> [NoteLink] {
        LinkScanner.links(in: bytes[bodyStart...])
    }

    /// Where a link leads: the target note's start, or its heading or block; nil for a broken
    /// link, an attachment, or a heading the note does not have (the note itself then).
    public static func definition(
        of link: NoteLink, resolution: LinkResolver.Resolution, from path: String, currentText: EditorText, readText: (String) -> [UInt8]?
    ) -> Location? {
        let targetPath: String
        switch resolution {
        case .note, .ambiguous: targetPath = resolution.path!
        case .sameNote: targetPath = path
        case .attachment, .broken: return nil
        }
        guard let bytes = targetPath == path ? currentText.bytes : readText(targetPath) else { return nil }
        let text = targetPath == path ? currentText : EditorText(bytes: bytes)
        let outline = EditorOutline(bytes)
        if let fragment = link.fragment, !fragment.isEmpty {
            if fragment.hasPrefix("^") {
                if let block = outline.blocks.first(where: { $0.id.lowercased() == fragment.dropFirst().lowercased() }) {
                    return Location(path: targetPath, range: text.lineRange(block.lineNumber), text: text)
                }
            } else if let heading = outline.heading(named: fragment) {
                return Location(path: targetPath, range: heading.line, text: text)
            }
        }
        return Location(path: targetPath, range: 0..<0, text: text)
    }

    /// The links that point at the note at `path` (its backlinks): each link's bytes in its note.
    public static func backlinks(to path: String, catalog: EditorCatalog, readText: (String) -> [UInt8]?) -> [Location] {
        let entries = LinkGraph.backlinks(to: path, in: catalog.index).entries
        var result: [Location] = []
        var texts: [String: EditorText] = [:]
        for entry in entries {
            guard let text = texts[entry.source] ?? readText(entry.source).map(EditorText.init(bytes:)) else { continue }
            texts[entry.source] = text
            // The range the index read; an open buffer may have moved it: found again by its text.
            var range = entry.link.range
            if range.upperBound > text.bytes.count || Array(text.bytes[range]) != Array(entry.text.utf8) {
                guard let line = entry.line - 1 < text.lineCount ? text.lineRange(entry.line - 1) : nil else { continue }
                range = line
            }
            result.append(Location(path: entry.source, range: range, text: text))
        }
        return result
    }

    /// Every place a tag (or one of its children) is written: in front matter `tags:` and inline.
    public static func tagReferences(_ name: String, catalog: EditorCatalog, readText: (String) -> [UInt8]?) -> [Location] {
        let key = TagKey(name)
        var result: [Location] = []
        for note in catalog.index.notes(withTag: key).prefix(10_000) {
            guard let bytes = readText(note.path) else { continue }
            let text = EditorText(bytes: bytes)
            let before = result.count
            let outline = EditorOutline(bytes)
            for tag in InlineTagScanner.tags(in: bytes[outline.bodyStart...]) where tag.key.isSelfOrDescendant(of: key) {
                result.append(Location(path: note.path, range: tag.range, text: text))
            }
            if let frontMatter = outline.frontMatter {
                // The lines between the delimiters.
                for number in 1..<max(1, text.line(ofOffset: frontMatter.upperBound) - 1) {
                    let line = text.lineRange(number)
                    guard isTagLine(bytes, line: line.lowerBound, text: text) else { continue }
                    for word in words(bytes, in: line) where TagKey(word.name).isSelfOrDescendant(of: key) {
                        result.append(Location(path: note.path, range: word.range, text: text))
                    }
                }
            }
            if result.count == before { result.append(Location(path: note.path, range: 0..<0, text: text)) }
        }
        return result
    }

    /// The tag-like words of a front matter line (`tags: [a, b]`, `- a`), after its key.
    static func words(_ bytes: [UInt8], in line: Range<Int>) -> [(name: String, range: Range<Int>)] {
        var start = line.lowerBound
        if let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")), bytes[line.lowerBound] != 0x20, bytes[line.lowerBound] != UInt8(ascii: "-") {
            start = colon + 1
        }
        var result: [(name: String, range: Range<Int>)] = []
        var index = start
        while index < line.upperBound {
            guard EditorCompletion.isTagByte(bytes[index]) else {
                index += 1
                continue
            }
            let wordStart = index
            while index < line.upperBound, EditorCompletion.isTagByte(bytes[index]) { index += 1 }
            // A list marker (`- a`) or a delimiter line is no tag.
            if bytes[wordStart..<index].allSatisfy({ $0 == UInt8(ascii: "-") }) { continue }
            result.append((String(decoding: bytes[wordStart..<index], as: UTF8.self), wordStart..<index))
        }
        return result
    }

    /// Markdown shown on hover: a link's target (title, folder, tags, first lines), or a tag's
    /// count and color.
    public static func hover(_ target: Target, catalog: EditorCatalog, readText: (String) -> [UInt8]?) -> String? {
        switch target {
        case .link(let link, let resolution):
            switch resolution {
            case .broken:
                return "**No note** named `\(link.target)`"
            case .attachment:
                return "Attachment `\(link.target)`"
            case .sameNote:
                return link.fragment.map { "This note, `#\($0)`" }
            case .note, .ambiguous:
                guard let path = resolution.path, let note = catalog.index.note(at: path) else { return nil }
                var lines = ["**\(note.title)**", ""]
                lines.append("Folder: `\(note.folder.isEmpty ? "/" : note.folder)`" + "  ·  `\(note.path)`")
                if !note.tags.isEmpty { lines.append("Tags: " + note.tags.map { "#" + $0 }.joined(separator: " ")) }
                if case .ambiguous(let paths) = resolution {
                    lines.append("Ambiguous: also " + paths.dropFirst().map { "`\($0)`" }.joined(separator: ", "))
                }
                if let bytes = readText(path) {
                    let body = bytes[EditorOutline(bytes).bodyStart...]
                    let first = String(decoding: body.prefix(2000), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).prefix(6)
                    if !first.isEmpty { lines += ["", "---", ""] + first.map(String.init) }
                }
                return lines.joined(separator: "\n")
            }
        case .tag(let name, _):
            let key = TagKey(name)
            guard let summary = catalog.index.tag(key) else { return "**#\(name)**: no note has this tag yet" }
            var text = "**#\(summary.name)**: \(summary.count) note\(summary.count == 1 ? "" : "s")"
            if let color = summary.color { text += ", color \(color.description)" }
            return text
        }
    }
}
