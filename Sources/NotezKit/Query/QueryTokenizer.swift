/// Splits query text into tokens: words, quoted phrases, `prefix:VALUE` fields, operators, parentheses.
///
/// It works on Unicode scalars so that a quote or a parenthesis is recognized even when a combining
/// mark follows it; errors are converted to character offsets for display.
struct QueryTokenizer {
    /// The prefixes that make a field; any other `name:` is part of a full-text word.
    static let prefixes: Set<String> = [
        "tag", "folder", "title", "is", "pinned", "in", "created", "modified", "links", "linkedfrom", "prop",
        "links-to", "linked-by",
    ]

    /// The prefixes of link terms, which take a `~N` depth after the value.
    static let linkPrefixes: Set<String> = ["links", "linkedfrom", "links-to", "linked-by"]

    let text: String
    let scalars: [Unicode.Scalar]

    /// Prepares to tokenize `text`.
    public init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    /// True for scalars that end a bare word: white space, parentheses, double quote.
    static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "(" || scalar == ")" || scalar == "\"" || isSpace(scalar)
    }

    /// True for white space between tokens.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// `and`, `or`, `not` in any case, else nil.
    static func operatorKind(_ word: ArraySlice<Unicode.Scalar>) -> QueryToken.Kind? {
        guard word.count <= 3 else { return nil }
        switch String(String.UnicodeScalarView(word)).lowercased() {
        case "and": return .and
        case "or": return .or
        case "not": return .not
        default: return nil
        }
    }

    /// The lowercased known prefix before the first `:` of a word, or nil.
    static func knownPrefix(_ word: ArraySlice<Unicode.Scalar>) -> (name: String, colon: Int)? {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let name = String(String.UnicodeScalarView(word[word.startIndex..<colon])).lowercased()
        return prefixes.contains(name) ? (name, colon) : nil
    }

    /// All tokens, or the first error (only an unterminated quote is a lexical error).
    public func tokens() throws(QueryError) -> [QueryToken] {
        var result: [QueryToken] = []
        var index = 0
        let count = scalars.count
        while index < count {
            let scalar = scalars[index]
            if QueryTokenizer.isSpace(scalar) {
                index += 1
            } else if scalar == "(" {
                result.append(QueryToken(.openParen, at: index))
                index += 1
            } else if scalar == ")" {
                result.append(QueryToken(.closeParen, at: index))
                index += 1
            } else if scalar == "-" {
                // Only reached at the start of a token, so `foo-bar` stays one word.
                result.append(QueryToken(.minus, at: index))
                index += 1
            } else if scalar == "\"" {
                let (text, next) = try quoted(from: index)
                result.append(QueryToken(.phrase(text), at: index))
                index = next
            } else {
                let start = index
                while index < count, !QueryTokenizer.isDelimiter(scalars[index]) { index += 1 }
                let word = scalars[start..<index]
                if let kind = QueryTokenizer.operatorKind(word) {
                    result.append(QueryToken(kind, at: start))
                } else if let (name, colon) = QueryTokenizer.knownPrefix(word) {
                    if colon + 1 == index, index < count, scalars[index] == "\"" {
                        let (text, next) = try quoted(from: index)
                        index = next
                        var depth: String?
                        if QueryTokenizer.linkPrefixes.contains(name), index < count, scalars[index] == "~" {
                            let from = index
                            while index < count, !QueryTokenizer.isDelimiter(scalars[index]) { index += 1 }
                            depth = String(String.UnicodeScalarView(scalars[from..<index]))
                        }
                        result.append(QueryToken(.field(name: name, value: text, quoted: true, depth: depth), at: start))
                    } else {
                        let value = String(String.UnicodeScalarView(scalars[(colon + 1)..<index]))
                        result.append(QueryToken(.field(name: name, value: value, quoted: false), at: start))
                    }
                } else {
                    result.append(QueryToken(.word(String(String.UnicodeScalarView(word))), at: start))
                }
            }
        }
        return result
    }

    /// Reads a `"..."` string starting at the quote; `\"` and `\\` are escapes, other backslashes are kept.
    func quoted(from start: Int) throws(QueryError) -> (String, Int) {
        var text = String.UnicodeScalarView()
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" {
                text.append(scalars[index + 1])
                index += 2
            } else if scalar == "\"" {
                return (String(text), index + 1)
            } else {
                text.append(scalar)
                index += 1
            }
        }
        throw error(at: start, "unterminated quote")
    }

    /// An error at a scalar offset, converted to a character offset.
    func error(at scalarOffset: Int, _ message: String) -> QueryError {
        QueryError(offset: characterOffset(scalarOffset), message: message)
    }

    /// The offset of the character that contains the scalar at `scalarOffset` (the end when past it).
    func characterOffset(_ scalarOffset: Int) -> Int {
        var seen = 0
        var characters = 0
        for character in text {
            let size = character.unicodeScalars.count
            if seen + size > scalarOffset { return characters }
            seen += size
            characters += 1
        }
        return characters
    }
}
