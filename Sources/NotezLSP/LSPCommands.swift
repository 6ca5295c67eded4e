/// The commands `notez lsp` runs for code actions (`workspace/executeCommand`).
enum LSPCommands {
    /// Creates the note a broken link names, in the linking note's folder with its template:
    /// arguments `[title, linking note path]`.
    static let createNote = "notez.createNote"
}
