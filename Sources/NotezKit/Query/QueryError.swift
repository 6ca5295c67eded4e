/// A query that could not be parsed: where (a character offset into the query) and why.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset in characters (grapheme clusters) from the start of the query text.
    public var offset: Int
    /// What was wrong or expected, e.g. `expected a term after AND`.
    public var message: String

    /// Creates an error.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `offset N: message`.
    public var description: String { "offset \(offset): \(message)" }

    /// The query on one line and a caret under the offending character on the next, for terminals.
    public func caretLines(for query: String) -> [String] {
        // Control characters would move the caret; show them as spaces in the echoed query.
        let shown = String(
            query.map { character -> Character in
                character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) ? " " : character
            })
        let column = min(max(offset, 0), shown.count)
        return [shown, String(repeating: " ", count: column) + "^"]
    }
}
