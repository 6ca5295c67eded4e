/// What changed in a vault lately (`notez recent`): from git when the vault is in a work tree
/// (notes changed since the last commit first, then each note at its newest commit), else by each
/// note's modification time (front matter `modified:`, else the file's).
public enum RecentChanges {
    /// One recently changed note.
    public struct Entry: Sendable, Equatable {
        /// Its position in the collection.
        public var position: Int
        /// `uncommitted`, `commit` or `modified`.
        public var source: String
        /// The commit that last changed it (`commit` entries only).
        public var commit: GitHistory.Commit?
    }

    /// How many entries are given unless a limit is asked for.
    public static let defaultLimit = 20

    /// By git: `uncommitted` paths (vault-relative) of notes first, newest modified first, then the
    /// notes of `commits` (newest first, paths vault-relative) each once. Paths that are not notes
    /// now (deleted, renamed away, attachments) are left out.
    public static func byGit(_ notes: any NoteCollection, uncommitted: [String], commits: [GitHistory.Commit], limit: Int) -> [Entry] {
        var seen = Set<Int>()
        var entries: [Entry] = []
        let changed = uncommitted.compactMap { notes.position(ofPath: $0) }.filter { seen.insert($0).inserted }
        for position in changed.sorted(by: { notes.modified(at: $0) != notes.modified(at: $1) ? notes.modified(at: $0) > notes.modified(at: $1) : $0 < $1 }) {
            entries.append(Entry(position: position, source: "uncommitted", commit: nil))
        }
        for commit in commits {
            for change in commit.changes {
                guard entries.count < limit else { return Array(entries.prefix(limit)) }
                guard let position = notes.position(ofPath: change.path), seen.insert(position).inserted else { continue }
                var kept = commit
                // A commit of hundreds of files is said once per note, not copied whole each time.
                kept.changes = [change]
                entries.append(Entry(position: position, source: "commit", commit: kept))
            }
        }
        return Array(entries.prefix(limit))
    }

    /// By modification time, newest first (then by path).
    public static func byModified(_ notes: any NoteCollection, limit: Int) -> [Entry] {
        let order = (0..<notes.noteCount).sorted {
            notes.modified(at: $0) != notes.modified(at: $1) ? notes.modified(at: $0) > notes.modified(at: $1) : $0 < $1
        }
        return order.prefix(max(0, limit)).map { Entry(position: $0, source: "modified", commit: nil) }
    }
}
