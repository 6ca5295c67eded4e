import NotezKit

/// The text rows of a note list, shared by `ls` and `search`: pin mark, title, tags, date, snippet.
enum NoteRows {
    /// Notes formatted by one worker; a window of 8 chunks (about 1 MB of rows) is formatted at
    /// once and written in order (a daemon holds the window besides its index).
    private static let chunk = 512
    /// Rows formatted before they are written: 8 chunks.
    private static let window = chunk * 8

    /// Prints notes as rows; `snippets` adds an indented snippet line under each. Long lists
    /// (`ls -r` prints every note) are formatted as bytes on all cores, a window at a time, so
    /// neither one core nor the whole output in memory bounds them.
    static func print(_ notes: [Note], index: any NoteCollection, snippets: Bool, showFolder: Bool = false) {
        print(count: notes.count, snippets: snippets, showFolder: showFolder) { rows, body in
            for row in rows { index.withRowFields(of: notes[row], body) }
        }
    }

    /// Prints the rows of the notes at `positions` (already in order), each laid out by a worker
    /// from the fields the collection lends it (a cached vault's entries: no note is built), a
    /// chunk of rows in one call. With `keep` (`index` is the collection the command loaded, so a
    /// daemon's snapshot when warm), a daemon keeps the rows and sends them again (`RowMemo`).
    static func print(positions: [Int], index: any NoteCollection, snippets: Bool, showFolder: Bool, keep: Bool = false) {
        let facts = Terminal.facts
        var memo: (RowMemo, RowMemo.Key)?
        // Relative times depend on the clock: such rows are never kept.
        if keep, !facts.relativeTimes, let kept = TerminalContext.current.rowMemo {
            let key = RowMemo.Key(
                version: kept.version, color: facts.color, width: facts.width, snippets: snippets, showFolder: showFolder,
                positions: positions)
            memo = (kept.memo, key)
        }
        print(count: positions.count, snippets: snippets, showFolder: showFolder, memo: memo) { rows, body in
            index.forEachRowFields(at: positions[rows], body)
        }
    }

    /// Prints the rows of a ranked search: under each note its best passage with the matches in
    /// bold (when colors are on), or the note's snippet when the words are only in its title.
    static func print(
        positions: [Int], index: any NoteCollection, snippets: Bool, showFolder: Bool, passage: @escaping @Sendable (Int) -> MatchPassage?
    ) {
        // A passage reads its note: chunks of `passageChunk` rows, so the 20 rows of a top 20 are
        // laid out on all cores (one chunk of 512 left them to one worker, one note after another).
        print(
            count: positions.count, snippets: snippets, showFolder: showFolder, passage: { passage(positions[$0]) },
            chunk: snippets ? passageChunk : chunk
        ) { rows, body in
            for row in rows { index.withRowFields(at: positions[row], body) }
        }
    }

    /// Rows with passages a worker lays out at once.
    private static let passageChunk = 4

    /// Prints the rows of `0..<count`, `fields(rows, body)` lending the fields of each of `rows`
    /// to `body`, in order; each worker lays out `chunk` rows at a time.
    private static func print(
        count: Int, snippets: Bool, showFolder: Bool, passage: (@Sendable (Int) -> MatchPassage?)? = nil,
        memo: (RowMemo, RowMemo.Key)? = nil, chunk: Int = NoteRows.chunk, fields: @Sendable (Range<Int>, (NoteRowFields) -> Void) -> Void
    ) {
        var start = 0
        // Rows a daemon laid out before for the same snapshot, notes and layout: sent again a
        // window at a time; should one not read back, the rows from there on are laid out anew.
        if case let (rows, key)? = memo, let ends = rows.windows(of: key) {
            for number in ends.indices {
                guard let bytes = rows.read(window: number) else { break }
                Terminal.bytes(bytes)
                start = min(count, start + NoteRows.window)
            }
            if start >= count { return }
        }
        let recorder = start == 0 ? memo.flatMap { $0.0.record($0.1) } : nil
        // Worker threads have their own terminal context: they get the facts, not `Terminal`.
        let layout = RowLayout(
            facts: Terminal.facts, now: Terminal.facts.relativeTimes ? PlanExecution.now : 0, snippets: snippets, showFolder: showFolder)
        while start < count {
            let window = start..<min(count, start + NoteRows.window)
            let parts = Parallel.map((window.count + chunk - 1) / chunk, minimumChunk: 1) { part in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(chunk * (snippets ? 256 : 128))
                var scratch = RowLayout.Scratch()
                let first = window.lowerBound + part * chunk
                var row = first
                fields(first..<min(first + chunk, window.upperBound)) { fields in
                    let shown = snippets ? passage?(row) : nil
                    layout.append(fields, passage: shown, scratch: &scratch, to: &bytes)
                    row += 1
                }
                return bytes
            }
            for part in parts { Terminal.bytes(part) }
            recorder?.append(window: parts)
            start = window.upperBound
        }
        recorder?.finish()
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
