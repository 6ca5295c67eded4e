/// One lexical unit of a query, with its position in the query's Unicode scalars.
struct QueryToken: Sendable, Equatable {
    /// What a token is.
    public enum Kind: Sendable, Equatable {
        /// A bare word (full text, or an operator-looking word such as `NOTES`).
        case word(String)
        /// A double-quoted phrase with escapes resolved.
        case phrase(String)
        /// `prefix:VALUE` for a known prefix; `name` is lowercased, `quoted` says how the value was
        /// written; `depth` is the `~N` written after a quoted link term's value (`links-to:"a b"~2`).
        case field(name: String, value: String, quoted: Bool, depth: String? = nil)
        /// The `AND` operator (any case).
        case and
        /// The `OR` operator (any case).
        case or
        /// The `NOT` operator (any case).
        case not
        /// `-` at the start of a term.
        case minus
        /// `(`
        case openParen
        /// `)`
        case closeParen
    }

    /// The token's kind and payload.
    public var kind: Kind
    /// Offset of the token's first Unicode scalar in the query.
    var scalarOffset: Int

    /// Creates a token.
    public init(_ kind: Kind, at scalarOffset: Int) {
        self.kind = kind
        self.scalarOffset = scalarOffset
    }

    /// True when this token can begin a term (and so follow an operator).
    var startsTerm: Bool {
        switch kind {
        case .word, .phrase, .field, .not, .minus, .openParen: return true
        case .and, .or, .closeParen: return false
        }
    }
}
