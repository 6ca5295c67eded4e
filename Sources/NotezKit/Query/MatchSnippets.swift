/// The lines of a note's body where a query's words and phrases occur, each with its line number
/// and a window of text around the first occurrence (MCP's `search_snippets`).
public enum MatchSnippets {
    /// A line of a body where a query's words occur.
    public struct Snippet: Sendable, Equatable {
        /// The word or phrase of the query that occurs first on the line.
        public var term: String
        /// 1-based line of the body.
        public var line: Int
        /// The text of the line around that occurrence, `context` characters each side, as written.
        public var text: String
    }

    /// The words and phrases a note must contain for `node` to match (those under NOT excluded), in order, each once.
    public static func terms(of node: QueryNode) -> [String] {
        var result: [String] = []
        func visit(_ node: QueryNode) {
            switch node {
            case .text(let word): if !word.isEmpty, !result.contains(word) { result.append(word) }
            case .and(let operands), .or(let operands): operands.forEach(visit)
            default: break
            }
        }
        visit(node)
        return result
    }

    /// Up to `limit` lines of `body` (the bytes after the front matter) where `terms` occur, best
    /// first as `MatchPassage.best` chooses them (most distinct terms, then most occurrences, then
    /// earliest; matched as the search matches, folded), each cut to `context` characters each side
    /// of its first occurrence and named by the term found there.
    public static func find(_ terms: [String], in body: ArraySlice<UInt8>, context: Int, limit: Int, ignoreAccents: Bool = false) -> [Snippet] {
        MatchPassage.best(terms, in: body, ignoreAccents: ignoreAccents, limit: limit, context: context).map {
            Snippet(term: terms[$0.term], line: $0.line, text: $0.text)
        }
    }
}
