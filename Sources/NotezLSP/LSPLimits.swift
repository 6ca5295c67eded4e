/// The bounds of `notez lsp` on what the editor sends (docs/editors.md, Limits).
enum LSPLimits {
    /// The header section of one message.
    static let headerBytes = 8 << 10
    /// One message body: a note at the 32 MiB note limit fits, JSON escaping included for most
    /// text. A longer message is read past (never held) and answered with an error.
    static let bodyBytes = 40 << 20
    /// One buffer's text: the note size limit of the rest of notez (`NoteReader.maxNoteSize`).
    static let documentBytes = 32 << 20
    /// Open buffers at once.
    static let openDocuments = 1000
    /// The items of a list answer (references, symbols).
    static let listItems = 5000
}
