import NotezKit

/// `notez show FOLDER --continuous`: the folder's notes in order, as pages of one document.
enum ContinuousShow {
    static func print(folder argument: String, index: VaultIndex) throws {
        let node = try index.resolveFolder(argument == "/" ? "" : argument)
        let notes = ((try? ManualOrder.load(root: index.root)) ?? ManualOrder()).sorted(index.notes(inFolder: node.path, recursive: false), folder: node.path)
        guard !notes.isEmpty else {
            Terminal.line("This folder has no notes of its own.")
            return
        }
        for (position, note) in notes.enumerated() {
            if position > 0 { Terminal.line() }
            Terminal.line("— page \(position + 1) —")
            Terminal.line(Terminal.bold(TerminalText.safe(note.title)))
            Terminal.line()
            var text = TerminalText.safe(try body(of: note, root: index.root), keepNewlines: true)
            while text.hasSuffix("\n") { text.removeLast() }
            Terminal.line(text)
        }
    }

    /// The note's text after its front matter.
    static func body(of note: Note, root: String) throws -> String {
        if note.stamp.size > Int64(NoteReader.maxNoteSize) {
            return "(body not shown: the note is larger than the 32 MiB note size limit)"
        }
        let contents = try NoteReader.readAll(root + "/" + note.path)
        let start = FrontMatterBlock.bodyStart(contents.bytes)
        return String(decoding: contents.bytes[start...], as: UTF8.self)
    }
}
