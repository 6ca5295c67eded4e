/// A file an operation left alone or could not finish, with the reason (reported, never silent).
public struct FileIssue: Sendable, Equatable, Codable {
    /// The vault-relative path.
    public var path: String
    /// Why.
    public var reason: String
    /// True when a system call failed (no space, no permission, ...), as opposed to a file left
    /// alone on purpose; decides the exit status.
    public var failed: Bool?

    /// Creates an issue.
    public init(path: String, reason: String, failed: Bool? = nil) {
        self.path = path
        self.reason = reason
        self.failed = failed
    }
}
