import Foundation

/// What an editor asks about the vault, derived once from one `VaultIndex` snapshot: the link
/// resolver, every note's link name with how often it is linked (its "use"), the tags, the property
/// schemas and templates of capture, and lookups for near-duplicate tags. Built again only when the
/// snapshot changes; each request then costs a scan of compact arrays, not of the index.
public final class EditorCatalog: @unchecked Sendable {
    /// The snapshot it was built from.
    public let index: VaultIndex
    /// The vault's link resolver (Obsidian's rules and the vault's options).
    public let resolver: LinkResolver
    /// Capture settings: property schemas and folder templates.
    public let settings: CaptureSettings
    /// Every note's link name folded for matching (lowercased UTF-8), end to end in `index.notes`
    /// order: one buffer instead of an array per note, since the catalog lives beside a live index.
    private let foldedBytes: [UInt8]
    /// Where each note's folded name ends in `foldedBytes`.
    private let foldedEnds: [UInt32]
    /// How many notes link to each note by its name (`LinkTable`), in `index.notes` order.
    let uses: [UInt32]
    /// Whether another note has the same folded name: completion then writes the path.
    private let sharesName: [Bool]
    /// The tags by their name without separators and case (tags that differ only so), as
    /// positions in `index.tags`; a hit is checked against the tag's own squashed name.
    private let squashedTags: LinkLookup
    private let lock = NSLock()
    private var attachmentStorage: AttachmentScan?

    /// Derives the catalog of `index`.
    public init(index: VaultIndex, settings: CaptureSettings? = nil) {
        self.index = index
        self.settings = settings ?? CaptureSettings.load(root: index.root)
        resolver = LinkResolver(index: index)
        let notes = index.notes
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        ends.reserveCapacity(notes.count)
        for note in notes {
            bytes.append(contentsOf: VaultPath.fileTitle(of: note.path).lowercased().utf8)
            ends.append(UInt32(bytes.count))
        }
        foldedBytes = bytes
        foldedEnds = ends
        sharesName = EditorCatalog.sharedNames(bytes: bytes, ends: ends)
        if let table = index.linkTable {
            // Candidates by name hash: a rare collision only nudges the ranking.
            let byTarget = table.lookups(notes: notes).byTarget
            uses = notes.map { note in
                StoredLink.nameKeys(path: note.path, title: "", aliases: []).first.map { UInt32(byTarget.positions(of: $0).count) } ?? 0
            }
        } else {
            uses = Array(repeating: 0, count: notes.count)
        }
        let tags = index.tags
        squashedTags = LinkLookup(count: tags.count) { EditorCatalog.squashed(tags[$0].name) }
    }

    /// The folded link name of the note at `position`.
    func foldedName(at position: Int) -> ArraySlice<UInt8> {
        foldedBytes[(position == 0 ? 0 : Int(foldedEnds[position - 1]))..<Int(foldedEnds[position])]
    }

    /// The file title (link name) of the note at `position`.
    func name(at position: Int) -> String { VaultPath.fileTitle(of: index.notes[position].path) }

    /// For each name, whether another has the same bytes: equal names are found next to each other
    /// in the names sorted by hash, then by bytes.
    private static func sharedNames(bytes: [UInt8], ends: [UInt32]) -> [Bool] {
        func name(_ position: Int) -> ArraySlice<UInt8> {
            bytes[(position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])]
        }
        func hash(_ position: Int) -> UInt32 {
            var hash: UInt32 = 0x811C_9DC5
            for byte in name(position) { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            return hash
        }
        let order = ends.indices.map { (hash($0), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : name($0.1).lexicographicallyPrecedes(name($1.1)) }
        var shared = Array(repeating: false, count: ends.count)
        for at in order.indices.dropFirst() where order[at].0 == order[at - 1].0 && name(order[at].1) == name(order[at - 1].1) {
            shared[order[at].1] = true
            shared[order[at - 1].1] = true
        }
        return shared
    }

    /// The vault's attachment files (listed on first use: it walks every folder).
    public var attachments: AttachmentScan {
        lock.withLock {
            if let attachmentStorage { return attachmentStorage }
            let scan = AttachmentScan(index: index)
            attachmentStorage = scan
            return scan
        }
    }

    /// The link text that names the note at `position`: its file title, or its path without the
    /// extension when another note has the same file title (what Obsidian writes then).
    func linkName(at position: Int) -> String {
        let name = name(at: position)
        guard sharesName[position] else { return name }
        return VaultPath.join(VaultPath.folder(of: index.notes[position].path), name)
    }

    /// Existing tags that differ from `name` only in case or separators (`-`, `_`, `.`, spaces),
    /// and are not the same tag.
    public func nearDuplicates(of name: String) -> [TagSummary] {
        let (key, squashed) = (TagKey(name), EditorCatalog.squashed(name))
        let tags = index.tags
        return squashedTags.positions(of: squashed).map { tags[$0] }.filter { $0.key != key && EditorCatalog.squashed($0.name) == squashed }
    }

    /// The name folded for near-duplicate comparison: its key without `-`, `_`, `.` and spaces
    /// (the separators `notez tag suggest` ignores when it finds spelling variants).
    static func squashed(_ name: String) -> String {
        String(TagKey(name).rawValue.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }
}
