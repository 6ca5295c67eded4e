/// The size limits of `notez mcp`, so one answer never floods an assistant's context.
enum MCPLimits {
    /// Most notes in one search page.
    static let searchPage = 100
    /// Notes in one search page when the call does not say.
    static let defaultSearchPage = 20
    /// Most folders, tags or changed paths listed in one answer.
    static let listItems = 1000
    /// Most bytes of a note body or a diff.
    static let textBytes = 100_000
    /// Note resources in one page of `resources/list`.
    static let resourcePage = 200
    /// Plans kept for `apply_plan` (the oldest is forgotten first).
    static let storedPlans = 32
    /// Most history records in one answer.
    static let historyItems = 200
    /// Most bytes of one incoming message (4 MiB): a larger one is skipped unread and answered with an error.
    static let messageBytes = 4 << 20
    /// Most notes in one page of search_snippets.
    static let snippetPage = 20
    /// Most matches shown of one note by search_snippets.
    static let snippetsPerNote = 5
    /// Most characters of a line shown on each side of a match.
    static let snippetContext = 400
    /// Most bytes of one match's text: 400 characters each side in any script fit; a line of
    /// characters each made of thousands of combining marks is cut.
    static let snippetTextBytes = 4096
    /// Most bytes of an error message (it may quote a huge argument).
    static let errorBytes = 2000
    /// Most notes read_notes reads in one call.
    static let readNotes = 20
}
