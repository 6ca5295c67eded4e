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

    /// The matching notes best first with their scores, when the search was asked to rank.
    public let ranking: [RankedResult]?
    /// The query's words and phrases outside NOT (what passages mark).
    public let terms: [String]
    /// Whether words were matched ignoring accents.
    public let ignoringAccents: Bool

    /// A result; `ranking` when the search ranked.
    public init(
        collection: any NoteCollection, positions: [Int], diagnostics: [SearchResult.Diagnostic], ranking: [RankedResult]? = nil,
        terms: [String] = [], ignoringAccents: Bool = false
    ) {
        self.collection = collection
        self.positions = positions
        self.diagnostics = diagnostics
        self.ranking = ranking
        self.terms = terms
        self.ignoringAccents = ignoringAccents
    }

    /// Up to `limit` passages of the note at `position` where the query's words occur, best first
    /// (`MatchPassage.best`); empty when the query has no words or they occur only in the title.
    public func passages(at position: Int, limit: Int) -> [MatchPassage] {
        guard !terms.isEmpty, limit > 0, let body = body(at: position) else { return [] }
        return MatchPassage.best(terms, in: body, ignoreAccents: ignoringAccents, limit: limit)
    }

    /// Up to `limit` lines of the note at `position` where the query's words occur, best first, each
    /// with the term found first on it and `context` characters each side (`MatchSnippets.find`).
    public func snippets(at position: Int, limit: Int, context: Int) -> [MatchSnippets.Snippet] {
        guard !terms.isEmpty, limit > 0, let body = body(at: position) else { return [] }
        return MatchSnippets.find(terms, in: body, context: context, limit: limit, ignoreAccents: ignoringAccents)
    }

    /// The body (after the front matter) of the note at `position`, read now; nil when it is
    /// larger than the note size limit or cannot be read as the regular file the index listed.
    private func body(at position: Int) -> ArraySlice<UInt8>? {
        guard collection.fileSize(at: position) <= Int64(NoteReader.maxNoteSize),
            let contents = try? NoteReader.read(
                collection.root + "/" + collection.path(at: position), limit: NoteReader.maxNoteSize + 1, listedAsRegular: true),
            contents.isComplete
        else { return nil }
        let bytes = contents.bytes
        return bytes[FrontMatterBlock.bodyStart(bytes)...]
    }

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
