import NotezKit

/// The text rows of a note list, shared by `ls` and `search`: pin mark, title, tags, date, snippet.
enum NoteRows {
    /// Prints notes as rows; `snippets` adds an indented snippet line under each.
    static func print(_ notes: [Note], index: any NoteCollection, snippets: Bool, showFolder: Bool = false) {
        for note in notes {
            let pin = note.pinned ? "*" : " "
            var title = TerminalText.safe(note.title)
            if showFolder && !note.folder.isEmpty { title += Terminal.dim("  (\(TerminalText.safe(note.folder)))") }
            let tags = JSONShapes.displayTags(note, index: index).map(tagLabel).joined(separator: " ")
            var line = "\(pin) \(Terminal.bold(title))"
            if !tags.isEmpty { line += "  " + tags }
            line += "  " + Terminal.dim(Terminal.when(note.modified))
            Terminal.row(line)
            if snippets, !note.snippet.isEmpty {
                Terminal.row("    " + Terminal.dim(TerminalText.safe(note.snippet)))
            }
        }
    }

    /// `#tag`, or `#"two words"` so a tag with a space reads as one tag.
    static func tagLabel(_ tag: String) -> String {
        let safe = TerminalText.safe(tag)
        // ASCII tags (most) are checked by byte; `isWhitespace` also knows Unicode's spaces.
        let spaced =
            safe.utf8.allSatisfy({ $0 < 0x80 })
            ? safe.utf8.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) : safe.contains(where: \.isWhitespace)
        return spaced ? "#\"\(safe)\"" : "#" + safe
    }

}
