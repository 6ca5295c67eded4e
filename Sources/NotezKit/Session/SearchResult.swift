/// The answer of `Vault.search`: the matching notes as positions of the collection they were found
/// in, and what the answer could not include, as values each front end words its own way.
public struct SearchResult: Sendable {
    /// What a search left out or could not read.
    public enum Diagnostic: Sendable, Equatable {
        /// A note larger than the note size limit: full text skipped its body.
        case oversized(path: String)
        /// A symlinked note that matched and was left out (its text may live outside the vault).
        /// Only the whole index knows them; the cached view lists them by file name, as `ls` does.
        case symlinked(path: String)

        /// The sentence the CLI, the web UI and MCP show.
        public var message: String {
            switch self {
            case .oversized(let path): return "\(path): larger than the 32 MiB note size limit; full text search skipped its body"
            case .symlinked(let path): return "\(path): symlinked note; left out (notez reads no note through a symlink)"
            }
        }
    }

    /// The notes the query was evaluated over.
    public let collection: any NoteCollection
    /// The matching notes' positions in `collection`, in path order.
    public let positions: [Int]
    /// What the answer could not include.
    public let diagnostics: [SearchResult.Diagnostic]

    /// The number of matching notes.
    public var count: Int { positions.count }

    /// The matching notes in `order` (list order when nil: pinned first, newest modified first), at
    /// most `limit`; in list order only the notes returned are built.
    public func notes(order: NoteOrder? = nil, limit: Int? = nil) -> [Note] {
        guard let order else { return collection.notesInListOrder(positions, limit: limit) }
        let all = order.sorted(collection.notesInListOrder(positions, limit: nil))
        return limit.map { Array(all.prefix($0)) } ?? all
    }
}
