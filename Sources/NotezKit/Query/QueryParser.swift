/// Recursive-descent parser for the query language (precedence NOT > AND > OR, implicit AND).
///
/// ```
/// query    := or
/// or       := and ( OR and )*
/// and      := not ( [AND] not )*
/// not      := ( NOT | '-' ) not | primary
/// primary  := '(' or ')' | term
/// ```
public struct QueryParser {
    /// How deeply parentheses and negations may nest; deeper input is an error, never a stack overflow.
    static let maxDepth = 100
    /// The longest query text accepted, in UTF-8 bytes (64 KiB): far beyond any typed query, and it
    /// bounds the token array and the work for hostile input.
    static let maxLength = 64 * 1024

    let tokenizer: QueryTokenizer
    let tokens: [QueryToken]
    var position = 0

    /// Parses query text into a tree.
    public static func parse(_ text: String) throws(QueryError) -> QueryNode {
        if text.utf8.count > maxLength {
            throw QueryError(
                offset: characterOffset(ofByte: maxLength, in: text),
                message: "query is longer than \(maxLength) bytes (\(maxLength / 1024) KiB)")
        }
        var parser = try QueryParser(text)
        return try parser.parseQuery()
    }

    init(_ text: String) throws(QueryError) {
        tokenizer = QueryTokenizer(text)
        tokens = try tokenizer.tokens()
    }

    /// The offset of the character holding UTF-8 byte `byte` of `text`.
    static func characterOffset(ofByte byte: Int, in text: String) -> Int {
        var bytes = 0
        var characters = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > byte { return characters }
            characters += 1
        }
        return characters
    }

    var current: QueryToken? { position < tokens.count ? tokens[position] : nil }

    func error(_ token: QueryToken?, _ message: String) -> QueryError {
        tokenizer.error(at: token?.scalarOffset ?? tokenizer.scalars.count, message)
    }

    mutating func parseQuery() throws(QueryError) -> QueryNode {
        guard !tokens.isEmpty else { throw QueryError(offset: 0, message: "empty query") }
        let node = try parseOr(depth: 0)
        if let extra = current {
            // parseOr stops only at ')' or the end.
            throw error(extra, "unbalanced ')'")
        }
        return node
    }

    mutating func parseOr(depth: Int) throws(QueryError) -> QueryNode {
        var operands = [try parseAnd(depth: depth)]
        while let token = current, token.kind == .or {
            position += 1
            guard let next = current, next.startsTerm else { throw error(token, "expected a term after OR") }
            operands.append(try parseAnd(depth: depth))
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    mutating func parseAnd(depth: Int) throws(QueryError) -> QueryNode {
        var operands = [try parseNot(depth: depth)]
        while let token = current {
            if token.kind == .and {
                position += 1
                guard let next = current, next.startsTerm else { throw error(token, "expected a term after AND") }
            } else if !token.startsTerm {
                break
            }
            operands.append(try parseNot(depth: depth))
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    mutating func parseNot(depth: Int) throws(QueryError) -> QueryNode {
        guard let token = current else { throw error(nil, "expected a term") }
        guard token.kind == .not || token.kind == .minus else { return try parsePrimary(depth: depth) }
        let name = token.kind == .not ? "NOT" : "'-'"
        guard depth < QueryParser.maxDepth else {
            throw error(token, "query nested too deeply (more than \(QueryParser.maxDepth) levels)")
        }
        position += 1
        guard let next = current, next.startsTerm,
            token.kind == .not || next.scalarOffset == token.scalarOffset + 1  // `-` must touch its term
        else { throw error(token, "expected a term after \(name)") }
        return .not(try parseNot(depth: depth + 1))
    }

    mutating func parsePrimary(depth: Int) throws(QueryError) -> QueryNode {
        guard let token = current else { throw error(nil, "expected a term") }
        switch token.kind {
        case .openParen:
            guard depth < QueryParser.maxDepth else {
                throw error(token, "query nested too deeply (more than \(QueryParser.maxDepth) levels)")
            }
            position += 1
            guard let next = current else { throw error(token, "unbalanced '('") }
            if next.kind == .closeParen { throw error(token, "expected a term after '('") }
            let inner = try parseOr(depth: depth + 1)
            guard let close = current, close.kind == .closeParen else { throw error(token, "unbalanced '('") }
            position += 1
            return inner
        case .closeParen:
            throw error(token, "unbalanced ')'")
        case .and:
            throw error(token, "expected a term before AND")
        case .or:
            throw error(token, "expected a term before OR")
        case .word(let text), .phrase(let text):
            if text.isEmpty { throw error(token, "empty phrase") }
            position += 1
            return .text(text)
        case .field(let name, let value, let quoted, let depth):
            let node = try field(name, value, token, quoted: quoted, depth: depth)
            position += 1
            return node
        case .not, .minus:
            return try parseNot(depth: depth)
        }
    }

    func field(_ name: String, _ value: String, _ token: QueryToken, quoted: Bool = false, depth: String? = nil) throws(QueryError)
        -> QueryNode
    {
        switch name {
        case "tag":
            guard !value.isEmpty else { throw error(token, "empty tag name") }
            return .tag(value)
        case "folder":
            guard value.contains(where: { $0 != "/" }) else { throw error(token, "empty folder name") }
            return .folder(value)
        case "title":
            guard !value.isEmpty else { throw error(token, "empty title") }
            return .title(value)
        case "is":
            switch value.lowercased() {
            case "pinned": return .pinned(true)
            case "orphan": return .orphan
            case "hub": return .hub
            default: throw error(token, "expected 'pinned', 'orphan' or 'hub' after is:")
            }
        case "in":
            guard value.lowercased() == "unsorted" else { throw error(token, "expected 'unsorted' after in:") }
            return .unsorted
        case "pinned":
            switch value.lowercased() {
            case "true", "yes": return .pinned(true)
            case "false", "no": return .pinned(false)
            default: throw error(token, "expected true or false after pinned:")
            }
        case "links", "linkedfrom", "links-to", "linked-by":
            var note = value
            var suffix = depth
            if !quoted, let tilde = value.lastIndex(of: "~"), value[value.index(after: tilde)...].allSatisfy(QueryParser.isDigit) {
                // A bare `NOTE~N`: a note whose name ends so is written quoted.
                note = String(value[..<tilde])
                suffix = String(value[tilde...])
            }
            guard !note.isEmpty else { throw error(token, "empty note name after \(name):") }
            var steps = 1
            if let suffix {
                let digits = suffix.dropFirst()
                guard digits.count <= 2, let number = Int(digits), number >= 1, number <= NoteGraph.maxDepth,
                    digits.allSatisfy(QueryParser.isDigit)
                else { throw error(token, "expected a depth from 1 to \(NoteGraph.maxDepth) after '~' in \(name):") }
                steps = number
            }
            return name == "links" || name == "links-to" ? .linksTo(note, depth: steps) : .linkedFrom(note, depth: steps)
        case "created", "modified":
            guard !value.isEmpty else { throw error(token, "empty \(name) date") }
            guard let filter = DateFilter(value) else {
                throw error(
                    token,
                    "invalid date '\(value)': expected YYYY-MM-DD, >DATE, >=DATE, <DATE, <=DATE, DATE..DATE or an age such as 7d, 2w, 3m, 1y"
                )
            }
            if case .between(let first, let last) = filter, last < first {
                throw error(token, "date range '\(value)' ends before it starts")
            }
            return name == "created" ? .created(filter) : .modified(filter)
        case "prop":
            return try property(value, token)
        default:
            // The tokenizer only makes fields of known prefixes.
            return .text(name + ":" + value)
        }
    }

    /// An ASCII digit (a depth after `~`).
    static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

    /// `prop:KEY`, `prop:KEY=VALUE`, or `prop:KEY` with `>`, `>=`, `<`, `<=` and a number or a date.
    func property(_ value: String, _ token: QueryToken) throws(QueryError) -> QueryNode {
        let scalars = Array(value.unicodeScalars)
        func fail(at index: Int, _ message: String) -> QueryError {
            tokenizer.error(at: valueOffset(token, index), message)
        }
        guard !scalars.isEmpty else { throw error(token, "expected a property name after prop:") }
        guard let at = scalars.firstIndex(where: { $0 == "=" || $0 == "<" || $0 == ">" }) else {
            return .property(value, value: nil)
        }
        let key = String(String.UnicodeScalarView(scalars[..<at]))
        if scalars[at] == "=", at > 0, scalars[at - 1] == "!" {
            // A negated comparison would be ambiguous for lists and missing keys; `-prop:KEY=VALUE` is not.
            throw fail(at: at - 1, "'!=' is not supported: use -prop:\(String(String.UnicodeScalarView(scalars[..<(at - 1)])))=VALUE")
        }
        guard !key.isEmpty else { throw fail(at: at, "expected a property name after prop:") }
        let ordering: PropertyOperator?
        switch (scalars[at], at + 1 < scalars.count && scalars[at + 1] == "=") {
        case ("=", _): ordering = nil
        case (">", true): ordering = .atLeast
        case (">", false): ordering = .greater
        case (_, true): ordering = .atMost
        default: ordering = .less
        }
        let start = at + (ordering?.rawValue.unicodeScalars.count ?? 1)
        let wanted = String(String.UnicodeScalarView(scalars[start...]))
        guard let ordering else {
            guard !wanted.isEmpty else { throw fail(at: at, "empty value after prop:\(key)=") }
            if case .between(let first, let last) = DateFilter(wanted), last < first {
                throw fail(at: start, "date range '\(wanted)' ends before it starts")
            }
            return .property(key, value: wanted)
        }
        guard !wanted.isEmpty else { throw fail(at: at, "expected a number or a date after '\(ordering.rawValue)'") }
        guard PropertyNumber(wanted) != nil || DateFilter.Day(wanted) != nil else {
            let shown = wanted.count > 40 ? String(wanted.prefix(40)) + "…" : wanted
            throw fail(at: start, "'\(shown)' is not a number or a date (YYYY-MM-DD): '\(ordering.rawValue)' compares only those")
        }
        return .propertyOrder(key, ordering, wanted)
    }

    /// The offset in the query's scalars of scalar `index` of a field's value, through the quote
    /// and its escapes when the value was quoted.
    func valueOffset(_ token: QueryToken, _ index: Int) -> Int {
        guard case .field(let name, _, let quoted, _) = token.kind else { return token.scalarOffset }
        var raw = token.scalarOffset + name.unicodeScalars.count + 1
        guard quoted else { return raw + index }
        raw += 1
        let scalars = tokenizer.scalars
        for _ in 0..<index where raw < scalars.count {
            let escaped = scalars[raw] == "\\" && raw + 1 < scalars.count && (scalars[raw + 1] == "\"" || scalars[raw + 1] == "\\")
            raw += escaped ? 2 : 1
        }
        return raw
    }
}
