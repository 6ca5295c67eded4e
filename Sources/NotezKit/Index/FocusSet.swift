import Foundation

/// The notes a rename needs to plan its link rewrites, as a running `notez watch` names them from
/// its live index (docs/warm-path.md, "Renames planned with the watch's help"): the renamed note,
/// the candidates (the notes whose links the rename can touch) and the notes their links may name,
/// each with the stamp the watch indexed it at. The client reads these notes itself and plans as
/// without the watch (`index(root:)`); a note whose stamp differs when read means the set may be
/// stale, and the client plans cold.
public struct FocusSet: Codable, Sendable, Equatable {
    /// One note of the set.
    public struct Entry: Codable, Sendable, Equatable {
        /// The vault-relative path.
        public var path: String
        /// The stamp the watch indexed the note at.
        public var stamp: FileStamp
        /// Whether its links are kept (a candidate of the rewrite).
        public var candidate: Bool
        /// Whether the note is a symlink.
        public var symlinked: Bool
        /// A note that is not a candidate is needed only for its names: its title and aliases as
        /// the watch indexed them, so the client stats it instead of reading it (nil: it is read;
        /// an older watch sends none).
        public var title: String?
        /// The aliases that go with `title`.
        public var aliases: [String]?
    }

    /// The path of the note the request named.
    public var notePath: String
    /// The notes, in path order.
    public var entries: [Entry]
    /// The new paths (a renamed note's; each moved note's in the target folder) that the watch
    /// proved no entry of their folder has in any case (`Watcher.provesFree`): the client does not
    /// list the folder for them (nil, or a path left out: it does).
    public var freeTargets: [String]?

    /// At most this many candidates: the client reads every one (`LinkFocus.changedLimit`'s
    /// bound); a bigger set is planned cold.
    public static let maxEntries = 256

    /// At most this many notes in all: the others are sent with their names and only stat'ed by
    /// the client (a renamed note whose linking notes name thousands of others, as on the 16,486-note
    /// corpus); the bound keeps the answer a few MB at most.
    public static let maxNamed = 20_000

    /// The set for a move of `moves` (old path → new path and title, as `LinkFocus.index(moving:)`)
    /// from `index`, which must keep its links; nil when it does not or the set is too big.
    /// `resolvingEveryLink`: as `LinkStore.focusPositions` (false for a rename).
    static func of(
        _ index: VaultIndex, notePath: String, moving moves: [String: (path: String, title: String?)], resolvingEveryLink: Bool = true
    ) -> FocusSet? {
        guard let table = index.linkTable else { return nil }
        let store = IndexedLinks(index: index, table: table)
        let (chosen, candidates) = store.focusPositions(moving: moves, resolvingEveryLink: resolvingEveryLink) { index.position(ofPath: $0) }
        guard candidates.count <= maxEntries, chosen.count <= maxNamed else { return nil }
        let entries = chosen.map { position in
            let note = index.notes[position]
            let candidate = candidates.contains(position)
            let symlinked = index.symlinkedNotes.contains(note.path)
            let named = !candidate && !symlinked
            return Entry(
                path: note.path, stamp: note.stamp, candidate: candidate, symlinked: symlinked, title: named ? note.title : nil,
                aliases: named ? note.aliases : nil)
        }
        return FocusSet(notePath: notePath, entries: entries)
    }

    /// The set of only the notes at `paths` of `index` (the first is `notePath`), each read by the
    /// client: for an edit of those notes that reads nothing else of the vault (`pin`, `set`).
    static func of(_ index: VaultIndex, notes paths: [String]) -> FocusSet? {
        guard let first = paths.first else { return nil }
        var positions = Set<Int>()
        for path in paths {
            guard let position = index.position(ofPath: path) else { return nil }
            positions.insert(position)
        }
        let entries = positions.sorted().map { position in
            let note = index.notes[position]
            return Entry(
                path: note.path, stamp: note.stamp, candidate: true, symlinked: index.symlinkedNotes.contains(note.path), title: nil,
                aliases: nil)
        }
        return FocusSet(notePath: first, entries: entries)
    }

    /// The index of only these notes, read now from the vault at `root` with their links (those of
    /// the candidates), for planning; nil when a note cannot be read or its stamp is not the one the
    /// watch indexed (the set may then miss a note its new links name). A note sent with its names
    /// is stat'ed, not read: the plan needs nothing else of it. The notes are in the
    /// watch's index order, which the index keeps.
    public func index(root: String) -> VaultIndex? {
        let settings = IndexBuilder.Settings(root: root)
        let titleFromHeading = settings.config.titleFromHeading
        // Each a clean vault path: a set that is not is not used.
        for entry in entries where (try? VaultPath.validated(entry.path)) != entry.path { return nil }
        guard entries.contains(where: { $0.path == notePath }) else { return nil }
        let entries = self.entries
        let read = Parallel.map(entries.count, minimumChunk: 8) { slot -> (note: Note, links: [UInt8])? in
            let entry = entries[slot]
            if !entry.candidate, !entry.symlinked, let title = entry.title {
                // Needed for its names only (the plan reads no other field of it): stat'ed, not read.
                guard let stamp = IndexBuilder.stamp(root + "/" + entry.path), stamp == entry.stamp else { return nil }
                let note = Note(
                    path: entry.path, folder: VaultPath.folder(of: entry.path), title: title, tags: [], tagKeys: [], pinned: false,
                    created: 0, modified: 0, snippet: "", stamp: stamp, aliases: entry.aliases ?? [])
                return (note, [])
            }
            let (note, contents) = NoteReader.noteAndContents(relativePath: entry.path, root: root, titleFromHeading: titleFromHeading)
            guard note.stamp == entry.stamp else { return nil }
            return (note, entry.candidate ? LinkTable.storedForm(of: contents.flatMap { $0.isComplete ? $0.bytes : nil }) : [])
        }
        var notes: [Note] = []
        var links: [[UInt8]] = []
        for item in read {
            guard let item else { return nil }
            notes.append(item.note)
            links.append(item.links)
        }
        var index = settings.index(
            notes: notes, folders: [], symlinkedNotes: Set(entries.filter(\.symlinked).map(\.path)), walkProblems: [])
        index.linkTable = LinkTable(stored: links)
        return index
    }
}
