/// A tool failure whose message says what to do next; returned to the assistant as an error result.
struct MCPToolError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
