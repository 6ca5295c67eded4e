/// A YAML problem with a 1-based position relative to the start of the file.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line in the file.
    public var line: Int
    /// 1-based column in the file.
    public var column: Int
    /// What went wrong, in libyaml's words or ours.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:col: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
