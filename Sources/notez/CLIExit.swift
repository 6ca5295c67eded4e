import NotezKit

/// An exit with a status and an optional message for stderr, thrown by commands.
struct CLIExit: Error {
    /// The exit status.
    var code: Int32
    /// Printed as `notez: error: message` when present.
    var message: String?

    static let success: Int32 = 0
    static let noMatchOrProblems: Int32 = 1
    static let usage: Int32 = 2
    static let io: Int32 = 3
    static let refused: Int32 = 4
    static let busy: Int32 = 5

    /// The status for a library error.
    static func code(for error: NotezError) -> Int32 {
        switch error.category {
        case .usage: return usage
        case .io: return io
        case .refused: return refused
        case .busy: return busy
        }
    }
}
