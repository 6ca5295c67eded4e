/// An invariant a fuzz check found broken: libFuzzer entry points crash on it, the corpus test records it.
public struct FuzzFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was expected and what happened instead.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
