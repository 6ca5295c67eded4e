import Foundation

/// The links of every note of a `VaultIndex`, by position (each note's `StoredLink`s in their
/// compact stored form, as the index cache keeps them), and the lookups built from them on first
/// use: which notes have a link filed under a name (`StoredLink.targetKeys`) and which notes are
/// called by a name (`StoredLink.nameKeys`). Immutable once made; a changed index gets a new
/// table (`updated`), which carries the lookups over when they were built.
public final class LinkTable: @unchecked Sendable {
    /// Bumped whenever `LinkScanner` would read different links from the same bytes (or the stored
    /// form changes), so cached links written by an older notez are read again instead of trusted.
    public static let readerVersion: UInt32 = 1

    /// Per note position: `StoredLink.encode` of its links, or `StoredLink.unreadMarker`. Never
    /// changed once the table is shared: only `updated(inPlace: true)` takes it out.
    private(set) var stored: [[UInt8]]
    // Built on first use (or carried over by `updated`); `lock` guards them.
    private let lock = NSLock()
    private var byTargetStorage: LinkLookup?
    private var byNameStorage: LinkLookup?

    /// A table of `stored` (one entry per note, in the index's order).
    init(stored: [[UInt8]]) {
        self.stored = stored
    }

    /// The stored form of the links read from a note's file bytes; `unreadMarker` without bytes.
    static func storedForm(of bytes: [UInt8]?) -> [UInt8] {
        guard let bytes else { return StoredLink.unreadMarker }
        return StoredLink.encode(StoredLink.scan(bytes))
    }

    /// The links of the note at `position`; nil when they are unknown (the note was not read).
    func links(at position: Int) -> [StoredLink]? {
        StoredLink.decode(stored[position])
    }

    /// Whether the note's links are unknown.
    func isUnread(_ position: Int) -> Bool { stored[position] == StoredLink.unreadMarker }

    /// The notes with a link filed under `key`, ascending (a few more when names share a hash: `LinkLookup`).
    func positions(linkingUnder key: String, notes: [Note]) -> [Int] {
        lock.withLock {
            if byTargetStorage == nil { byTargetStorage = LinkLookup(stored.indices) { targetKeys(at: $0, source: notes[$0].path) } }
            return byTargetStorage!.positions(of: key)
        }
    }

    /// The notes with a link filed under one of `names`, ascending: from the lookup when it was
    /// built, else by a pass over the links with `LinkNameFilter`, which makes the keys of only
    /// the links that may have one of them (building the lookup makes every link's keys).
    func positions(linkingUnderAnyOf names: Set<String>, notes: [Note]) -> [Int] {
        if lock.withLock({ byTargetStorage != nil }) {
            var found = Set<Int>()
            for key in names { found.formUnion(positions(linkingUnder: key, notes: notes)) }
            return found.sorted()
        }
        let filter = LinkNameFilter(names: names)
        return stored.indices.filter { position in
            guard let links = links(at: position) else { return false }
            let source = notes[position].path
            return links.contains { filter.matches($0.link, source: source) }
        }
    }

    /// The notes called `key` (file name, title or alias), ascending (a few more when names share a hash).
    func positions(namedBy key: String, notes: [Note]) -> [Int] {
        lock.withLock {
            if byNameStorage == nil { byNameStorage = LinkLookup(notes.indices) { LinkTable.nameKeys(of: notes[$0]) } }
            return byNameStorage!.positions(of: key)
        }
    }

    /// `positions(namedBy:)` when that lookup was built (or carried over) already; nil otherwise.
    func positionsIfBuilt(namedBy key: String) -> [Int]? {
        lock.withLock { byNameStorage?.positions(of: key) }
    }

    /// Both lookups, built if they were not (to compare an updated table with a fresh one).
    func lookups(notes: [Note]) -> (byTarget: LinkLookup, byName: LinkLookup) {
        _ = positions(linkingUnder: "", notes: notes)
        _ = positions(namedBy: "", notes: notes)
        return lock.withLock { (byTargetStorage!, byNameStorage!) }
    }

    /// Whether the lookups were built (or carried over).
    var hasLookups: Bool { lock.withLock { byTargetStorage != nil && byNameStorage != nil } }

    /// The keys the note at `position` has a link filed under, each once.
    private func targetKeys(at position: Int, source: String) -> [String] {
        guard let links = StoredLink.decode(stored[position]), !links.isEmpty else { return [] }
        var seen = Set<String>()
        var keys: [String] = []
        for stored in links {
            for key in StoredLink.targetKeys(stored.link, source: source) where seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// The names `note` is called by.
    private static func nameKeys(of note: Note) -> [String] {
        StoredLink.nameKeys(path: note.path, title: note.title, aliases: note.aliases)
    }

    // MARK: - Update

    /// How an index update moved notes: the positions of the changed notes before and after, and
    /// where every old position went (nil: nowhere, only modifications).
    struct Change {
        var newNotes: [Note]
        /// Old positions of the changed notes, ascending.
        var leaving: [Int]
        /// Old position → new position, -1 for a note that left; nil when positions stayed.
        var remap: [Int]?
        /// New positions of the changed notes, ascending.
        var arriving: [Int]
    }

    /// The table of the updated index: `stored` are every note's links now; the lookups, when
    /// this table had built them, are carried over by the change (the changed notes' keys out, the
    /// positions moved, their new keys in) instead of being built again from every note at the
    /// next link query. `inPlace` when nothing else holds this table: its lookups are then moved,
    /// not copied, and after a few changes its own links are changed and kept (so the live index,
    /// which gave `newStored`, does not copy its array at its next change: `VaultIndex.update`).
    func updated(stored newStored: [[UInt8]], _ change: Change, inPlace: Bool) -> LinkTable {
        var (byTarget, byName) = lock.withLock { () -> (LinkLookup?, LinkLookup?) in
            let taken = (byTargetStorage, byNameStorage)
            if inPlace { (byTargetStorage, byNameStorage) = (nil, nil) }
            return taken
        }
        var own: [[UInt8]] = []
        if inPlace { swap(&own, &stored) }
        let changed = inPlace && VaultIndex.change(&own, to: newStored, leaving: change.leaving, arriving: change.arriving)
        let next = LinkTable(stored: changed ? own : newStored)
        // Mutated through the optionals: a copy bound by `if var` would copy every entry.
        if byTarget != nil {
            byTarget!.carry(
                leaving: change.leaving, remap: change.remap, arriving: change.arriving,
                new: { next.targetKeys(at: $0, source: change.newNotes[$0].path) })
            next.byTargetStorage = byTarget
        }
        if byName != nil {
            byName!.carry(
                leaving: change.leaving, remap: change.remap, arriving: change.arriving,
                new: { LinkTable.nameKeys(of: change.newNotes[$0]) })
            next.byNameStorage = byName
        }
        return next
    }
}
