import NotezKit

/// Parsing a query typed on the command line, the one way every command that takes a query
/// (`search`, `watch --query`, `export`, …) reads it: `@name` saved searches of the user's settings
/// are expanded first (`UserConfig.expandingSavedSearches`); on an error, the query with a caret,
/// then exit 2.
enum QueryArgument {
    static func parse(_ typed: String) throws -> QueryNode {
        let text = try expanded(typed)
        do {
            return try QueryParser.parse(text)
        } catch {
            Terminal.flush()
            // The caret points into the text parsed: the expanded one when a saved search was used.
            FileHandleOutput.stderr(error.caretLines(for: text).map { $0 + "\n" }.joined())
            throw CLIExit(code: CLIExit.usage, message: "\(error.message) (at character \(error.offset + 1))")
        }
    }

    /// `typed` with its `@name` saved searches replaced; an unknown name is a usage error (exit 2).
    static func expanded(_ typed: String) throws -> String {
        try UserSettings.current.expandingSavedSearches(typed)
    }
}
