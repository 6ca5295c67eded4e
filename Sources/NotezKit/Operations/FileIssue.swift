/// A file an operation left alone or could not finish, with the reason (reported, never silent).
public struct FileIssue: Sendable, Equatable, Codable {
    /// The vault-relative path.
    public var path: String
    /// Why.
    public var reason: String

    /// Creates an issue.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
