/// The links of a vault: from the index's stored links when it keeps them (`LinkStore`: the index
/// cache and the full index built with it), else read from every note's body. `notez links`,
/// `notez backlinks`, the `links:`/`linkedfrom:` query terms and `notez check` use it.
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

    /// How many links there are by kind and by resolution, and in how many notes (`links --summary`).
    public struct Counts: Sendable, Equatable {
        /// Every link counted.
        public var links = 0
        /// The notes with at least one link.
        public var notesWithLinks = 0
        /// By `NoteLink.Kind.rawValue`.
        public var kinds: [String: Int] = [:]
        /// By `LinkResolver.Resolution.label`.
        public var statuses: [String: Int] = [:]

        /// No links.
        public init() {}

        /// The counts of `entries`, grouped by source as every listing gives them.
        public init(_ entries: [Entry]) {
            var last: String?
            for entry in entries {
                if entry.source != last { notesWithLinks += 1 }
                last = entry.source
                add(entry.link.kind, entry.resolution)
            }
        }

        mutating func add(_ kind: NoteLink.Kind, _ resolution: LinkResolver.Resolution) {
            links += 1
            kinds[kind.rawValue, default: 0] += 1
            statuses[resolution.label, default: 0] += 1
        }
    }

    /// The counts of every stored link of `notes` (resolved with `resolver`, else one made for
    /// the links' names) and the notes whose links are unknown; nil when `notes` does not keep
    /// its links. `chunk` notes at a time: every link of the vault is never held at once.
    public static func storedLinkCounts(
        in notes: any NoteCollection, resolver: LinkResolver? = nil, chunk: Int = 8192
    ) -> (counts: Counts, unread: [String])? {
        guard let store = linkStore(of: notes) else { return nil }
        var counts = Counts()
        var unread: [String] = []
        for start in stride(from: 0, to: store.noteCount, by: chunk) {
            let found = store.resolvedLinks(of: Array(start..<min(store.noteCount, start + chunk)), resolver: resolver)
            var last = -1
            for item in found.links {
                if item.position != last { counts.notesWithLinks += 1 }
                last = item.position
                counts.add(item.stored.link.kind, item.resolution)
            }
            unread += found.unread.map { store.path(at: $0) }
        }
        return (counts, unread)
    }

    /// The links of one note's file bytes, resolved; the line's text when `withContext`.
    public static func links(
        ofFile bytes: [UInt8], source: String, resolver: LinkResolver, withContext: Bool = false,
        keep: (NoteLink, LinkResolver.Resolution) -> Bool = { _, _ in true }
    ) -> [Entry] {
        links(ofFile: bytes, source: source, resolver: resolver, withContext: withContext, considering: nil, keep: keep)
    }

    /// `links(ofFile:…)`, resolving only the links `considering` accepts (nil: every link).
    static func links(
        ofFile bytes: [UInt8], source: String, resolver: LinkResolver, withContext: Bool, considering: ((NoteLink) -> Bool)?,
        keep: (NoteLink, LinkResolver.Resolution) -> Bool
    ) -> [Entry] {
        let bodyStart = InlineTagEditor.bodyStart(bytes)
        let found = LinkScanner.links(in: bytes[bodyStart...])
        guard !found.isEmpty else { return [] }
        var entries: [Entry] = []
        var line = 1
        var lineStart = 0
        var counted = 0
        for link in found {
            if let considering, !considering(link) { continue }
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

    // MARK: - From the index

    /// The index's links of `notes`, when it keeps them.
    static func linkStore(of notes: any NoteCollection) -> (any LinkStore)? {
        if let cached = notes as? CachedIndex { return cached }
        if let index = notes as? VaultIndex, let table = index.linkTable { return IndexedLinks(index: index, table: table) }
        return nil
    }

    /// The links that point at the note at `path` (its backlinks), with the text of their lines:
    /// from the index's links when `notes` keeps them (only the notes that link to it are read),
    /// else by reading every note (`notes` must then be a `VaultIndex`).
    public static func backlinks(to path: String, in notes: any NoteCollection) -> (entries: [Entry], unread: [String]) {
        let keep: @Sendable (NoteLink, LinkResolver.Resolution) -> Bool = { _, resolution in
            resolution.path.map { PathKey.sameBytes($0, path) } ?? false
        }
        guard let store = linkStore(of: notes), let position = notes.position(ofPath: path) else {
            guard let index = notes as? VaultIndex else { return ([], []) }
            return backlinks(to: path, index: index, resolver: LinkResolver(index: index))
        }
        let (sources, unread) = store.backlinkSources(of: position)
        // A link can only resolve to a note called by one of its names: only the links filed
        // under a name of this note are resolved, with the notes called by their names (see
        // `LinkStore.resolver`), not every link of the linking notes with every note they name.
        let target = store.linkTarget(at: position)
        let filter = LinkNameFilter(names: Set(StoredLink.nameKeys(path: target.path, title: target.title, aliases: target.aliases)))
        var keys = Set<String>()
        for source in sources {
            let sourcePath = store.path(at: source)
            for stored in store.storedLinks(at: source) ?? [] {
                if let linkKeys = filter.keys(of: stored.link, source: sourcePath) { keys.formUnion(linkKeys) }
            }
        }
        let (entries, failed) = read(
            sources.map { store.path(at: $0) }, root: notes.root, resolver: store.resolver(forKeys: keys), withContext: true,
            considering: { link, source in filter.matches(link, source: source) }, keep: keep)
        return (entries, (failed + unread.map { store.path(at: $0) }).sorted())
    }

    /// The positions among `positions` whose notes link to the note at `path`: from the index's
    /// links when `notes` keeps them, else by reading those notes (`notes` must be a `VaultIndex`).
    static func sources(linkingTo path: String, among positions: [Int], in notes: any NoteCollection, resolver: () -> LinkResolver) -> Set<Int> {
        if let store = linkStore(of: notes), let position = notes.position(ofPath: path) {
            return Set(store.backlinkSources(of: position).positions).intersection(positions)
        }
        guard let index = notes as? VaultIndex else { return [] }
        return sources(linkingTo: path, among: positions, index: index, resolver: resolver())
    }

    /// The notes the note at `path` links to (resolved links only): from the index's links when
    /// `notes` keeps them, else by reading the note.
    static func targets(of path: String, in notes: any NoteCollection, resolver: () -> LinkResolver) -> Set<PathKey> {
        if let store = linkStore(of: notes), let position = notes.position(ofPath: path), store.storedLinks(at: position) != nil {
            return Set(store.resolvedLinks(of: [position]).links.compactMap { $0.resolution.path.map(PathKey.init) })
        }
        guard let index = notes as? VaultIndex else { return [] }
        return targets(of: path, index: index, resolver: resolver())
    }

    /// Every link of every note whose resolution `keep` accepts, resolved, in path order, from the index's links (nothing is
    /// read: `text` is empty and `context` nil); nil when `notes` does not keep them. With
    /// `resolver` nil, one is made for the links' names.
    public static func storedLinks(
        in notes: any NoteCollection, resolver: LinkResolver? = nil, keep: (LinkResolver.Resolution) -> Bool = { _ in true }
    ) -> (entries: [Entry], unread: [String])? {
        guard let store = linkStore(of: notes) else { return nil }
        let (links, unread) = store.resolvedLinks(of: Array(0..<store.noteCount), resolver: resolver, keep: keep)
        let entries = links.map { item in
            Entry(source: store.path(at: item.position), line: item.stored.line, link: item.stored.link, resolution: item.resolution, context: nil, text: "")
        }
        return (entries, unread.map { store.path(at: $0) })
    }

    /// `storedLinks(in:resolver:keep:)` from `resolutions` (`StoredResolution`, one list per note
    /// of `index`, made with the index's notes and options, without the vault's other files). With
    /// `files`, a link stored as broken that names one of them is an attachment link: the index's
    /// resolver with those files answers exactly so (`LinkResolver.resolve`: its notes found
    /// nothing, and a target with an attachment's extension was stored as one), so nothing is
    /// resolved again. Nil without a link table or when a list does not fit its links.
    static func storedLinks(
        in index: VaultIndex, resolutions: [[UInt8]], files: AttachmentScan?, keep: @Sendable (LinkResolver.Resolution) -> Bool
    ) -> (entries: [Entry], unread: [String])? {
        // Resolved links are skipped below: a caller that keeps them takes the other path.
        guard let table = index.linkTable, resolutions.count == index.notes.count, !keep(.note("")) else { return nil }
        let notes = index.notes
        let chunk = 1024
        // Decoded, refined and kept on all cores (318,000 broken links in the generated 100k vault).
        let parts = Parallel.map((notes.count + chunk - 1) / chunk, minimumChunk: 1) { part -> [Entry]? in
            var found: [Entry] = []
            for position in part * chunk..<min(notes.count, (part + 1) * chunk) {
                if resolutions[position].isEmpty {
                    // No link, or links unknown; a list missing for known links is not this index's.
                    if let links = table.links(at: position), !links.isEmpty { return nil }
                    continue
                }
                guard let stored = StoredResolution.decode(resolutions[position], noteCount: notes.count) else { return nil }
                // Most notes' links all open a note: their links are not even decoded.
                if stored.allSatisfy({ if case .note = $0 { return true } else { return false } }) { continue }
                guard let links = table.links(at: position), stored.count == links.count else { return nil }
                let source = notes[position].path
                for (storedLink, item) in zip(links, stored) {
                    if case .note = item { continue }
                    var resolution = item.resolution { notes[$0].path }
                    if resolution == .broken, files?.resolve(storedLink.link, from: source).exists == true { resolution = .attachment }
                    if keep(resolution) {
                        found.append(Entry(source: source, line: storedLink.line, link: storedLink.link, resolution: resolution, context: nil, text: ""))
                    }
                }
            }
            return found
        }
        var entries: [Entry] = []
        for part in parts {
            guard let part else { return nil }
            entries += part
        }
        let unread = notes.indices.filter { table.isUnread($0) }.map { notes[$0].path }
        return (entries, unread)
    }

    /// The links of the notes at `paths` whose resolution `keep` accepts, read from their files on
    /// all cores, in the order of `paths`; and the paths that could not be read. With
    /// `considering`, only the links it accepts are resolved (the others are left out).
    static func read(
        _ paths: [String], root: String, resolver: LinkResolver, withContext: Bool,
        considering: (@Sendable (NoteLink, _ source: String) -> Bool)? = nil,
        keep: @escaping @Sendable (NoteLink, LinkResolver.Resolution) -> Bool
    ) -> (entries: [Entry], unread: [String]) {
        let slots = ResultSlots<[Entry]?>(count: paths.count)
        Parallel.forEach(paths.count, minimumChunk: 1) { slot in
            guard let contents = try? NoteReader.readAll(root + "/" + paths[slot]) else {
                slots.set(slot, nil)
                return
            }
            let source = paths[slot]
            let filter: ((NoteLink) -> Bool)? = considering.map { test in { link in test(link, source) } }
            slots.set(
                slot, links(ofFile: contents.bytes, source: source, resolver: resolver, withContext: withContext, considering: filter, keep: keep))
        }
        var entries: [Entry] = []
        var unread: [String] = []
        for (slot, found) in slots.values().enumerated() {
            if let found { entries += found } else { unread.append(paths[slot]) }
        }
        return (entries, unread)
    }

    /// `stored` (entries from the index's links, grouped by source, without text) with the text of
    /// each link: made from its parts when that is exact (`NoteLink.textFromParts`), else read
    /// from its note on all cores. A note whose links, scanned again, are the stored ones (same
    /// places, same targets) only lends the bytes: nothing is resolved again.
    /// A note that changed since is read as `read` reads it (its links resolved with `resolver`
    /// and `keep`); one that cannot be read is in `unread`.
    static func withText(
        _ stored: [Entry], root: String, resolver: OnDemandResolver, keep: @escaping @Sendable (NoteLink, LinkResolver.Resolution) -> Bool
    ) -> (entries: [Entry], unread: [String]) {
        var groups: [Range<Int>] = []
        var start = 0
        for at in stored.indices where at + 1 == stored.count || stored[at + 1].source != stored[at].source {
            groups.append(start..<at + 1)
            start = at + 1
        }
        let slots = ResultSlots<[Entry]?>(count: groups.count)
        let ranges = groups
        Parallel.forEach(ranges.count, minimumChunk: 8) { number in
            let group = stored[ranges[number]]
            let source = group.first!.source
            let made = group.map { $0.link.textFromParts }
            if !made.contains(nil) {
                slots.set(number, zip(group, made).map { entry, text in
                    var filled = entry
                    filled.text = text!
                    return filled
                })
                return
            }
            guard let contents = try? NoteReader.readAll(root + "/" + source) else {
                slots.set(number, nil)
                return
            }
            let bytes = contents.bytes
            let scanned = LinkScanner.links(in: bytes[InlineTagEditor.bodyStart(bytes)...])
            var byStart: [Int: NoteLink] = [:]
            for link in scanned { byStart[link.range.lowerBound] = link }
            var filled: [Entry] = []
            for var entry in group {
                guard let same = byStart[entry.link.range.lowerBound], same == entry.link else {
                    // Changed since the index read it: read as if there were no index.
                    slots.set(number, links(ofFile: bytes, source: source, resolver: resolver.resolver, keep: keep))
                    return
                }
                entry.text = String(decoding: bytes[same.range], as: UTF8.self)
                filled.append(entry)
            }
            slots.set(number, filled)
        }
        var entries: [Entry] = []
        var unread: [String] = []
        for (number, found) in slots.values().enumerated() {
            if let found { entries += found } else { unread.append(stored[groups[number].lowerBound].source) }
        }
        return (entries, unread)
    }

    /// The attachment links of every note (`AttachmentScan.allReferences`): from the index's links
    /// when it keeps them, reading only the notes with a link to a missing file (for the link's
    /// text), else by reading every note.
    /// `stored`: the index's attachment links, already resolved (nil: resolved here).
    static func attachmentReferences(
        _ scan: AttachmentScan, index: VaultIndex, resolver: OnDemandResolver, stored given: (entries: [Entry], unread: [String])? = nil
    ) -> (references: [AttachmentScan.Reference], unread: [String]) {
        guard let stored = given ?? storedLinks(in: index, resolver: resolver.resolver, keep: { $0 == .attachment }) else {
            return scan.allReferences(index: index, resolver: resolver.resolver)
        }
        return attachmentReferences(scan, root: index.root, resolver: resolver, stored: stored)
    }

    /// `attachmentReferences(_:index:resolver:stored:)` from the index's attachment links, resolved
    /// (`stored`), of the vault at `root` (the full index or the cached view).
    static func attachmentReferences(
        _ scan: AttachmentScan, root: String, resolver: OnDemandResolver, stored: (entries: [Entry], unread: [String])
    ) -> (references: [AttachmentScan.Reference], unread: [String]) {
        let unread = stored.unread
        let references = scan.references(stored.entries)
        var missing: [String] = []
        for reference in references where !reference.exists && missing.last != reference.source { missing.append(reference.source) }
        guard !missing.isEmpty else { return (references, unread) }
        // Those notes' attachment links with their text, made from the stored parts or taken from
        // the note's bytes at the stored place (`withText`): nothing is resolved unless a note
        // changed since the index read it (it is then read and resolved as without an index).
        let needing = Set(missing)
        let wanted = stored.entries.filter { $0.resolution == .attachment && needing.contains($0.source) }
        let reread = withText(wanted, root: root, resolver: resolver) { _, resolution in resolution == .attachment }
        let replaced = Set(missing).subtracting(reread.unread)
        let kept = references.filter { !replaced.contains($0.source) }
        let merged = (kept + scan.references(reread.entries)).enumerated().sorted { a, b in
            a.element.source != b.element.source ? a.element.source < b.element.source : a.offset < b.offset
        }
        return (merged.map(\.element), unread)
    }

    /// The positions (ascending) of the notes whose links a move of `movedNotes` and
    /// `movedFolders` can change, from the index's links: the moved notes and the notes in moved
    /// folders (their relative links), the notes with a link filed under a name of a moved note or
    /// the file name of another moved file (links to them, and wikilinks a moved file may take
    /// over), the notes in `edited`, and the notes whose links are unknown (read, so that they are
    /// reported). Nil when the index does not keep the links: then every note is a candidate.
    static func rewriteCandidates(
        index: VaultIndex, movedNotes: [String: String], movedFolders: [(from: String, to: String)], edited: Set<String>
    ) -> [Int]? {
        guard let table = index.linkTable else { return nil }
        let store = IndexedLinks(index: index, table: table)
        var result = Set(store.unreadPositions)
        var names = Set<String>()
        for (position, note) in index.notes.enumerated() {
            let moved = movedNotes[note.path] != nil || edited.contains(note.path)
                || movedFolders.contains { PathKey.isSelfOrInside(note.path, folder: $0.from) }
            guard moved else { continue }
            result.insert(position)
            names.formUnion(StoredLink.nameKeys(path: note.path, title: note.title, aliases: note.aliases))
        }
        // A moved file that is not a note (or a folder's files, which may be attachments): by its
        // name, and every note linking by the names of anything inside a moved folder is found
        // above or by the attachment's own name.
        for folder in movedFolders where index.note(at: folder.from) == nil {
            names.insert(LinkResolver.fold(VaultPath.name(of: folder.from)))
        }
        result.formUnion(table.positions(linkingUnderAnyOf: names, notes: index.notes))
        // A Markdown link into a moved folder may name a file the index does not know (an image):
        // found by its path, from every note's stored links (decoded, nothing read).
        if !movedFolders.isEmpty {
            let folders = movedFolders.map { LinkResolver.fold($0.from) }
            for position in index.notes.indices where !result.contains(position) {
                let source = index.notes[position].path
                for stored in table.links(at: position) ?? [] where !stored.link.isWikilink {
                    guard let joined = LinkResolver.markdownPath(stored.link.target, from: source).map(LinkResolver.fold),
                        folders.contains(where: { PathKey.isSelfOrInside(joined, folder: $0) })
                    else { continue }
                    result.insert(position)
                    break
                }
            }
        }
        return result.sorted()
    }
}
