/// The outline an editor shows of a note and of the vault (docs/editors.md): headings as nested
/// document symbols, notes by title as workspace symbols, every link as a clickable document link,
/// and folding ranges for the front matter, callouts and heading sections.
public enum EditorSymbols {
    /// A heading and the headings below it.
    public struct Symbol: Sendable, Equatable {
        /// The heading's text.
        public var name: String
        /// 1 to 6.
        public var level: Int
        /// The section: from the heading to the next heading of its level or higher.
        public var range: Range<Int>
        /// The heading line.
        public var selection: Range<Int>
        /// The headings of lower levels in the section.
        public var children: [Symbol]
    }

    /// The headings of `text` as a tree.
    public static func documentSymbols(_ text: EditorText) -> [Symbol] {
        let headings = EditorOutline(text.bytes).headings
        var flat: [Symbol] = []
        for (number, heading) in headings.enumerated() {
            let next = headings[(number + 1)...].first { $0.level <= heading.level }
            let end = next.map { $0.line.lowerBound } ?? text.bytes.count
            flat.append(Symbol(name: heading.text.isEmpty ? "#" : heading.text, level: heading.level, range: heading.line.lowerBound..<max(end, heading.line.upperBound), selection: heading.line, children: []))
        }
        return nest(flat[...])
    }

    /// Makes a tree of headings in order: each heading takes the following deeper ones.
    static func nest(_ flat: ArraySlice<Symbol>) -> [Symbol] {
        var result: [Symbol] = []
        var index = flat.startIndex
        while index < flat.endIndex {
            var symbol = flat[index]
            var end = index + 1
            while end < flat.endIndex, flat[end].level > symbol.level { end += 1 }
            symbol.children = nest(flat[(index + 1)..<end])
            result.append(symbol)
            index = end
        }
        return result
    }

    /// The notes whose title or file name matches `query` (fuzzy), best first, at most `limit`.
    public static func workspaceSymbols(_ query: String, catalog: EditorCatalog, limit: Int = 100) -> [Note] {
        let typed = Array(query.lowercased().utf8)
        let notes = catalog.index.notes
        var scored: [(Int, Int)] = []
        for position in notes.indices {
            let title = Array(notes[position].title.lowercased().utf8)
            let best = max(EditorFuzzy.score(typed, title) ?? Int.min, EditorFuzzy.score(typed, catalog.foldedName(at: position)) ?? Int.min)
            if best > Int.min { scored.append((position, best)) }
        }
        scored.sort { ($0.1, catalog.uses[$0.0]) > ($1.1, catalog.uses[$1.0]) }
        return scored.prefix(limit).map { notes[$0.0] }
    }

    /// A link of the buffer that leads to a note or an attachment file.
    public struct Link: Sendable, Equatable {
        /// The bytes of the link.
        public var range: Range<Int>
        /// The vault path it opens.
        public var path: String
    }

    /// Every link of `text` that resolves to a note or an existing attachment.
    public static func documentLinks(_ text: EditorText, path: String, catalog: EditorCatalog) -> [Link] {
        let outline = EditorOutline(text.bytes)
        var result: [Link] = []
        for link in EditorNavigation.links(in: text.bytes, bodyStart: outline.bodyStart) {
            let resolution = catalog.resolver.resolve(link, from: path)
            if let target = resolution.path {
                result.append(Link(range: link.range, path: target))
            } else if resolution == .sameNote {
                result.append(Link(range: link.range, path: path))
            } else if resolution == .attachment, let found = catalog.attachments.resolve(link, from: path).path,
                catalog.attachments.resolve(link, from: path).exists
            {
                result.append(Link(range: link.range, path: found))
            }
        }
        return result
    }

    /// A range of lines an editor may fold.
    public struct Fold: Sendable, Equatable {
        /// What it folds.
        public enum Kind: String, Sendable {
            case frontMatter, callout, section
        }
        /// The first line (0-based).
        public var startLine: Int
        /// The last line.
        public var endLine: Int
        /// What it folds.
        public var kind: Kind
    }

    /// The folds of `text`: the front matter, each callout and each heading's section.
    public static func foldingRanges(_ text: EditorText) -> [Fold] {
        let outline = EditorOutline(text.bytes)
        var result: [Fold] = []
        if let frontMatter = outline.frontMatter {
            let last = text.line(ofOffset: max(frontMatter.upperBound - 1, 0))
            if last > 0 { result.append(Fold(startLine: 0, endLine: last, kind: .frontMatter)) }
        }
        for callout in outline.callouts where callout.upperBound > callout.lowerBound {
            result.append(Fold(startLine: callout.lowerBound, endLine: callout.upperBound, kind: .callout))
        }
        for symbol in flatten(documentSymbols(text)) {
            let first = text.line(ofOffset: symbol.selection.lowerBound)
            var last = text.line(ofOffset: symbol.range.upperBound)
            if symbol.range.upperBound > 0, symbol.range.upperBound == text.lineStarts[last], last > first { last -= 1 }
            if last > first { result.append(Fold(startLine: first, endLine: last, kind: .section)) }
        }
        return result
    }

    static func flatten(_ symbols: [Symbol]) -> [Symbol] {
        symbols.flatMap { [$0] + flatten($0.children) }
    }
}
