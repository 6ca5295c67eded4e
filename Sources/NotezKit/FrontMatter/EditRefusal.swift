/// Why the editor refused to change a file; the file is then left untouched and reported.
public struct EditRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// A human-readable reason (`tags: value has an anchor`).
    public var message: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column in the file, when known.
    public var column: Int?

    /// Creates a refusal.
    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:col: message` when the position is known.
    public var description: String {
        guard let line else { return message }
        return "\(line):\(column ?? 1): \(message)"
    }
}
