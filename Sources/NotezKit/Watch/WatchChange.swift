/// One change of the vault as the watcher reports it.
public enum WatchChange: Sendable, Equatable, CustomStringConvertible {
    /// A new note.
    case added(Note)
    /// A note whose file changed in place (or was replaced by an editor's save).
    case modified(Note)
    /// A note that moved from another path (possibly also edited).
    case moved(from: String, Note)
    /// A note that is gone.
    case removed(String)
    /// A new folder.
    case folderAdded(String)
    /// A folder that is gone.
    case folderRemoved(String)

    /// The path the change is about (the new path for a move).
    public var path: String {
        switch self {
        case .added(let note), .modified(let note), .moved(_, let note): return note.path
        case .removed(let path), .folderAdded(let path), .folderRemoved(let path): return path
        }
    }

    /// The note after the change, for added, modified and moved.
    public var note: Note? {
        switch self {
        case .added(let note), .modified(let note), .moved(_, let note): return note
        default: return nil
        }
    }

    /// The line of the text output: `+ path`, `~ path`, `> old -> new`, `- path`, folders with a trailing `/`.
    public var description: String {
        switch self {
        case .added(let note): return "+ \(note.path)"
        case .modified(let note): return "~ \(note.path)"
        case .moved(let from, let note): return "> \(from) -> \(note.path)"
        case .removed(let path): return "- \(path)"
        case .folderAdded(let path): return "+ \(path)/"
        case .folderRemoved(let path): return "- \(path)/"
        }
    }
}
