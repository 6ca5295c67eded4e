/// A property value that does not fit its schema, or a schema that is wrong.
public struct PropertyProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The property's key.
    public var key: String
    /// What is wrong.
    public var reason: String

    /// A problem.
    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    /// `status: 'x' is not one of: todo, done`.
    public var description: String { "\(key): \(reason)" }
}
