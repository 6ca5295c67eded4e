import NotezKit

/// Parsing a query typed on the command line: on an error, the query with a caret, then exit 2.
enum QueryArgument {
    static func parse(_ text: String) throws -> QueryNode {
        do {
            return try QueryParser.parse(text)
        } catch {
            Terminal.flush()
            FileHandleOutput.stderr(error.caretLines(for: text).map { $0 + "\n" }.joined())
            throw CLIExit(code: CLIExit.usage, message: "\(error.message) (at character \(error.offset + 1))")
        }
    }
}
