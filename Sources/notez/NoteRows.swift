import NotezKit

/// The text rows of a note list, shared by `ls` and `search`: pin mark, title, tags, date, snippet.
enum NoteRows {
    /// Notes formatted by one worker; a window of 8 chunks (about 1 MB of rows) is formatted at
    /// once and written in order (a daemon holds the window besides its index).
    private static let chunk = 512

    /// Prints notes as rows; `snippets` adds an indented snippet line under each. Long lists
    /// (`ls -r` prints every note) are formatted as bytes on all cores, a window at a time, so
    /// neither one core nor the whole output in memory bounds them.
    static func print(_ notes: [Note], index: any NoteCollection, snippets: Bool, showFolder: Bool = false) {
        print(count: notes.count, index: index, snippets: snippets, showFolder: showFolder) { notes[$0] }
    }

    /// Prints the rows of the notes at `positions` (already in order), each note built by the
    /// worker that lays out its row, so a listing of a cached vault never holds all its notes.
    static func print(positions: [Int], index: any NoteCollection, snippets: Bool, showFolder: Bool) {
        print(count: positions.count, index: index, snippets: snippets, showFolder: showFolder) { index.note(atPosition: positions[$0]) }
    }

    /// Prints the rows of a ranked search: under each note its best passage with the matches in
    /// bold (when colors are on), or the note's snippet when the words are only in its title.
    static func print(
        positions: [Int], index: any NoteCollection, snippets: Bool, showFolder: Bool, passage: @escaping @Sendable (Int) -> MatchPassage?
    ) {
        print(count: positions.count, index: index, snippets: snippets, showFolder: showFolder, passage: { passage(positions[$0]) }) {
            index.note(atPosition: positions[$0])
        }
    }

    /// Prints the rows of notes `note(0)…note(count - 1)`, each built by the worker that lays it out.
    private static func print(
        count: Int, index: any NoteCollection, snippets: Bool, showFolder: Bool, passage: (@Sendable (Int) -> MatchPassage?)? = nil,
        note: @Sendable (Int) -> Note
    ) {
        // Worker threads have their own terminal context: they get the facts, not `Terminal`.
        let layout = Layout(
            facts: Terminal.facts, now: Terminal.facts.relativeTimes ? PlanExecution.now : 0, snippets: snippets, showFolder: showFolder)
        var start = 0
        while start < count {
            let window = start..<min(count, start + chunk * 8)
            let parts = Parallel.map((window.count + chunk - 1) / chunk, minimumChunk: 1) { part in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(chunk * (snippets ? 256 : 128))
                let first = window.lowerBound + part * chunk
                for position in first..<min(first + chunk, window.upperBound) {
                    let shown = snippets ? passage?(position) : nil
                    layout.append(note(position), index: index, passage: shown, to: &bytes)
                }
                return bytes
            }
            for part in parts { Terminal.bytes(part) }
            start = window.upperBound
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

    /// One note's row and snippet line, as bytes: `* Title  (Folder)  #tag  2024-12-23`.
    private struct Layout: Sendable {
        let facts: TerminalFacts
        let now: Double
        let snippets: Bool
        let showFolder: Bool

        func append(_ note: Note, index: any NoteCollection, passage: MatchPassage? = nil, to out: inout [UInt8]) {
            var line: [UInt8] = [note.pinned ? 0x2A : 0x20, 0x20]
            style(Layout.bold, &line) {
                $0.append(contentsOf: TerminalText.safe(note.title).utf8)
                if showFolder && !note.folder.isEmpty {
                    style(Layout.dim, &$0) { $0.append(contentsOf: "  (\(TerminalText.safe(note.folder)))".utf8) }
                }
            }
            for (number, (tag, key)) in zip(note.tags, note.tagKeys).enumerated() {
                line.append(contentsOf: number == 0 ? [0x20, 0x20] : [0x20])
                line.append(contentsOf: NoteRows.tagLabel(index.displayName(of: key) ?? tag).utf8)
            }
            line.append(contentsOf: [0x20, 0x20])
            let when = facts.relativeTimes ? RelativeTime.describe(note.modified, now: now) : NoteDate.day(note.modified)
            style(Layout.dim, &line) { $0.append(contentsOf: when.utf8) }
            appendRow(line, to: &out)
            if snippets, let passage {
                line = [0x20, 0x20, 0x20, 0x20]
                if facts.color {
                    // Dim text, bold matches: each piece made safe on its own, so offsets hold.
                    let text = passage.marked(open: "\u{1B}[0m\u{1B}[1m", close: "\u{1B}[0m\u{1B}[2m") { TerminalText.safe($0) }
                    line.append(contentsOf: Layout.dim)
                    line.append(contentsOf: text.utf8)
                    line.append(contentsOf: "\u{1B}[0m".utf8)
                } else {
                    line.append(contentsOf: TerminalText.safe(passage.text).utf8)
                }
                return appendRow(line, to: &out)
            }
            guard snippets, !note.snippet.isEmpty else { return }
            line = [0x20, 0x20, 0x20, 0x20]
            style(Layout.dim, &line) { $0.append(contentsOf: TerminalText.safe(note.snippet).utf8) }
            appendRow(line, to: &out)
        }

        private static let bold = Array("\u{1B}[1m".utf8)
        private static let dim = Array("\u{1B}[2m".utf8)

        /// `body`'s bytes between an escape and a reset when colors are on (as `Terminal.bold`/`dim`).
        private func style(_ escape: [UInt8], _ line: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
            guard facts.color else { return body(&line) }
            line.append(contentsOf: escape)
            body(&line)
            line.append(contentsOf: "\u{1B}[0m".utf8)
        }

        /// A line cut to the terminal width, as `Terminal.row` cuts it.
        private func appendRow(_ line: [UInt8], to out: inout [UInt8]) {
            if let width = facts.width {
                out.append(contentsOf: TerminalText.fit(String(decoding: line, as: UTF8.self), width: width).utf8)
            } else {
                out.append(contentsOf: line)
            }
            out.append(0x0A)
        }
    }
}
