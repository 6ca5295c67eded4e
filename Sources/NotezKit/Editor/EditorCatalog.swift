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
    /// Every note's file title (link name), in `index.notes` order.
    let names: [String]
    /// The same names folded for matching (lowercased UTF-8).
    let foldedNames: [[UInt8]]
    /// How many notes link to each note by its name (`LinkTable`), in `index.notes` order.
    let uses: [Int]
    /// How many notes share each folded name: above one, completion writes the path.
    let nameCounts: [String: Int]
    /// The tags by their name without separators and case: tags that differ only so.
    let squashedTags: [String: [TagSummary]]
    private let lock = NSLock()
    private var attachmentStorage: AttachmentScan?

    /// Derives the catalog of `index`.
    public init(index: VaultIndex, settings: CaptureSettings? = nil) {
        self.index = index
        self.settings = settings ?? CaptureSettings.load(root: index.root)
        resolver = LinkResolver(index: index)
        let notes = index.notes
        names = notes.map { VaultPath.fileTitle(of: $0.path) }
        foldedNames = names.map { Array($0.lowercased().utf8) }
        var counts: [String: Int] = [:]
        for name in foldedNames { counts[String(decoding: name, as: UTF8.self), default: 0] += 1 }
        nameCounts = counts
        if let table = index.linkTable {
            // Candidates by name hash: a rare collision only nudges the ranking.
            let byTarget = table.lookups(notes: notes).byTarget
            uses = notes.map { note in
                StoredLink.nameKeys(path: note.path, title: "", aliases: []).first.map { byTarget.positions(of: $0).count } ?? 0
            }
        } else {
            uses = Array(repeating: 0, count: notes.count)
        }
        var squashed: [String: [TagSummary]] = [:]
        for tag in index.tags { squashed[EditorCatalog.squashed(tag.name), default: []].append(tag) }
        squashedTags = squashed
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

    /// The number of notes whose link name is `name` (case folded).
    func notesNamed(_ name: String) -> Int { nameCounts[name.lowercased()] ?? 0 }

    /// The link text that names the note at `position`: its file title, or its path without the
    /// extension when another note has the same file title (what Obsidian writes then).
    func linkName(at position: Int) -> String {
        let name = names[position]
        guard (nameCounts[String(decoding: foldedNames[position], as: UTF8.self)] ?? 0) > 1 else { return name }
        let path = index.notes[position].path
        return VaultPath.join(VaultPath.folder(of: path), name)
    }

    /// Existing tags that differ from `name` only in case or separators (`-`, `_`, `.`, spaces),
    /// and are not the same tag.
    public func nearDuplicates(of name: String) -> [TagSummary] {
        let key = TagKey(name)
        return (squashedTags[EditorCatalog.squashed(name)] ?? []).filter { $0.key != key }
    }

    /// The name folded for near-duplicate comparison: its key without `-`, `_`, `.` and spaces
    /// (the separators `notez tag suggest` ignores when it finds spelling variants).
    static func squashed(_ name: String) -> String {
        String(TagKey(name).rawValue.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }
}
