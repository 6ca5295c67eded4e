import Foundation

/// The links of every note of a `VaultIndex`, by position (each note's `StoredLink`s in their
/// compact stored form, as the index cache keeps them), and the lookups built from them on first
/// use: which notes have a link filed under a name (`StoredLink.targetKeys`) and which notes are
/// called by a name (`StoredLink.nameKeys`). Immutable once made; a changed index gets a new table.
public final class LinkTable: @unchecked Sendable {
    /// Bumped whenever `LinkScanner` would read different links from the same bytes (or the stored
    /// form changes), so cached links written by an older notez are read again instead of trusted.
    public static let readerVersion: UInt32 = 1

    /// Per note position: `StoredLink.encode` of its links, or `StoredLink.unreadMarker`.
    let stored: [[UInt8]]
    // Built on first use; `lock` guards them.
    private let lock = NSLock()
    private var byTargetStorage: [String: [Int32]]?
    private var byNameStorage: [String: [Int32]]?

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

    /// The notes with a link filed under `key`, ascending.
    func positions(linkingUnder key: String, notes: [Note]) -> [Int] {
        lock.withLock {
            if byTargetStorage == nil {
                var table: [String: [Int32]] = [:]
                for position in stored.indices {
                    guard let links = StoredLink.decode(stored[position]) else { continue }
                    var seen = Set<String>()
                    for stored in links {
                        for key in StoredLink.targetKeys(stored.link, source: notes[position].path) where seen.insert(key).inserted {
                            table[key, default: []].append(Int32(position))
                        }
                    }
                }
                byTargetStorage = table
            }
            return (byTargetStorage![key] ?? []).map(Int.init)
        }
    }

    /// The notes called `key` (file name, title or alias), ascending.
    func positions(namedBy key: String, notes: [Note]) -> [Int] {
        lock.withLock {
            if byNameStorage == nil {
                var table: [String: [Int32]] = [:]
                for (position, note) in notes.enumerated() {
                    for key in StoredLink.nameKeys(path: note.path, title: note.title, aliases: note.aliases) {
                        table[key, default: []].append(Int32(position))
                    }
                }
                byNameStorage = table
            }
            return (byNameStorage![key] ?? []).map(Int.init)
        }
    }
}
