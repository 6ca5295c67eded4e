import Foundation

/// The places in a note's body where a query's words and phrases occur, each with its line number
/// and a window of text around it: what a search result shows besides the note's first lines.
public enum MatchSnippets {
    /// One occurrence of a query word in a body.
    public struct Snippet: Sendable, Equatable {
        /// The word or phrase of the query that occurs here.
        public var term: String
        /// 1-based line of the body.
        public var line: Int
        /// The text around the occurrence, on its line, cut at `context` bytes each side (on character boundaries).
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

    /// Up to `limit` occurrences of `terms` in `body`, in body order, ASCII case ignored as the search does;
    /// `context` bytes of the line each side.
    public static func find(_ terms: [String], in body: [UInt8], context: Int, limit: Int) -> [Snippet] {
        var hits: [(offset: Int, length: Int, term: String)] = []
        for term in terms {
            for offset in ByteSearch.occurrences(of: Array(term.utf8), in: body, ignoringASCIICase: true, limit: limit) {
                hits.append((offset, term.utf8.count, term))
            }
        }
        hits.sort { $0.offset < $1.offset }
        var snippets: [Snippet] = []
        var line = 1
        var counted = 0
        for hit in hits.prefix(limit) {
            for index in counted..<hit.offset where body[index] == 0x0A { line += 1 }
            counted = hit.offset
            var start = hit.offset
            while start > 0, body[start - 1] != 0x0A, hit.offset - start < context { start -= 1 }
            var end = hit.offset + hit.length
            while end < body.count, body[end] != 0x0A, end - (hit.offset + hit.length) < context { end += 1 }
            // Whole characters only: step off UTF-8 continuation bytes.
            while start < hit.offset, body[start] & 0xC0 == 0x80 { start += 1 }
            while end > hit.offset + hit.length, end < body.count, body[end] & 0xC0 == 0x80 { end -= 1 }
            let text = String(decoding: body[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            snippets.append(Snippet(term: hit.term, line: line, text: text))
        }
        return snippets
    }
}
