/// The links of a vault, read from every note's body on demand (they are not kept in the index):
/// `notez links`, `notez backlinks`, the `links:`/`linkedfrom:` query terms and `notez check` use it.
public enum LinkGraph {
    /// One link found in a note, resolved.
    public struct Entry: Sendable, Equatable {
        /// The note the link is written in.
        public var source: String
        /// 1-based line of the link.
        public var line: Int
        /// The link.
        public var link: NoteLink
        /// What it points at.
        public var resolution: LinkResolver.Resolution
        /// The text of the line, when it was asked for (`withContext`).
        public var context: String?
        /// The link as written (`[[Target|label]]`).
        public var text: String

        /// Creates an entry.
        public init(
            source: String, line: Int, link: NoteLink, resolution: LinkResolver.Resolution, context: String?, text: String
        ) {
            self.source = source
            self.line = line
            self.link = link
            self.resolution = resolution
            self.context = context
            self.text = text
        }
    }

    /// The links of one note's file bytes, resolved; the line's text when `withContext`.
    public static func links(
        ofFile bytes: [UInt8], source: String, resolver: LinkResolver, withContext: Bool = false,
        keep: (NoteLink, LinkResolver.Resolution) -> Bool = { _, _ in true }
    ) -> [Entry] {
        let bodyStart = InlineTagEditor.bodyStart(bytes)
        let found = LinkScanner.links(in: bytes[bodyStart...])
        guard !found.isEmpty else { return [] }
        var entries: [Entry] = []
        var line = 1
        var lineStart = 0
        var counted = 0
        for link in found {
            let resolution = resolver.resolve(link, from: source)
            guard keep(link, resolution) else { continue }
            // Lines counted incrementally: links come in file order.
            for index in counted..<link.range.lowerBound where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            counted = link.range.lowerBound
            var context: String?
            if withContext {
                // A window of the line around the link: a one-line note of megabytes must not be
                // printed once per link.
                let start = max(lineStart, link.range.lowerBound - contextBytes)
                var end = link.range.upperBound
                while end < bytes.count, end < link.range.upperBound + contextBytes, bytes[end] != 0x0A { end += 1 }
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                let cutAfter = end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D
                context = window(bytes, start, end, cutBefore: start > lineStart, cutAfter: cutAfter)
            }
            entries.append(
                Entry(
                    source: source, line: line, link: link, resolution: resolution, context: context,
                    text: String(decoding: bytes[link.range], as: UTF8.self)))
        }
        return entries
    }

    /// How many bytes of the line before and after a link `withContext` keeps.
    static let contextBytes = 120

    /// The text of `bytes[start..<end]`, starting and ending on character boundaries, with `…` where cut.
    static func window(_ bytes: [UInt8], _ start: Int, _ end: Int, cutBefore: Bool, cutAfter: Bool) -> String {
        var from = start
        while from < end, bytes[from] & 0xC0 == 0x80 { from += 1 }
        var to = end
        // A continuation byte at `to` means the character before it was cut: drop that character.
        while to > from, to < bytes.count, bytes[to] & 0xC0 == 0x80 { to -= 1 }
        return (cutBefore ? "…" : "") + String(decoding: bytes[from..<to], as: UTF8.self) + (cutAfter ? "…" : "")
    }

    /// Every link of every readable note whose resolution `keep` accepts, in path order, read on all
    /// cores. Notes that cannot be read (or are over the size limit) are listed in `unread`.
    public static func scan(
        index: VaultIndex, resolver: LinkResolver, withContext: Bool = false,
        keep: @escaping @Sendable (NoteLink, LinkResolver.Resolution) -> Bool = { _, _ in true }
    ) -> (entries: [Entry], unread: [String]) {
        let notes = index.notes
        let slots = ResultSlots<[Entry]?>(count: notes.count)
        Parallel.forEach(notes.count) { position in
            let note = notes[position]
            guard let contents = try? NoteReader.readAll(index.root + "/" + note.path) else {
                slots.set(position, nil)
                return
            }
            slots.set(
                position,
                links(ofFile: contents.bytes, source: note.path, resolver: resolver, withContext: withContext, keep: keep))
        }
        var entries: [Entry] = []
        var unread: [String] = []
        for (position, found) in slots.values().enumerated() {
            if let found { entries += found } else { unread.append(notes[position].path) }
        }
        return (entries, unread)
    }

    /// The positions (in `index.notes`) among `positions` whose notes link to the note at `path`.
    public static func sources(linkingTo path: String, among positions: [Int], index: VaultIndex, resolver: LinkResolver) -> Set<Int> {
        let hits = ResultSlots<Bool>(count: positions.count)
        Parallel.forEach(positions.count) { slot in
            let note = index.notes[positions[slot]]
            guard let contents = try? NoteReader.readAll(index.root + "/" + note.path) else {
                hits.set(slot, false)
                return
            }
            let found = links(ofFile: contents.bytes, source: note.path, resolver: resolver) { _, resolution in
                resolution.path.map { PathKey.sameBytes($0, path) } ?? false
            }
            hits.set(slot, !found.isEmpty)
        }
        return Set(zip(positions, hits.values()).filter(\.1).map(\.0))
    }

    /// The notes the note at `path` links to (resolved links only).
    public static func targets(of path: String, index: VaultIndex, resolver: LinkResolver) -> Set<PathKey> {
        guard let contents = try? NoteReader.readAll(index.root + "/" + path) else { return [] }
        return Set(links(ofFile: contents.bytes, source: path, resolver: resolver).compactMap { $0.resolution.path.map(PathKey.init) })
    }

    /// The links that point at the note at `path` (its backlinks), with the text of their lines.
    public static func backlinks(to path: String, index: VaultIndex, resolver: LinkResolver) -> (entries: [Entry], unread: [String]) {
        scan(index: index, resolver: resolver, withContext: true) { _, resolution in
            resolution.path.map { PathKey.sameBytes($0, path) } ?? false
        }
    }
}
