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
        var memo: Memo?
        // Relative times depend on the clock: such rows are never kept.
        if keep, !facts.relativeTimes, let kept = TerminalContext.current.rowMemo {
            let key = RowMemo.Key(
                version: kept.version, color: facts.color, width: facts.width, snippets: snippets, showFolder: showFolder,
                positions: positions)
            memo = Memo(rows: kept.memo, key: key, index: index)
        }
        print(count: positions.count, snippets: snippets, showFolder: showFolder, memo: memo) { rows, body in
            index.forEachRowFields(at: positions[rows], body)
        }
    }

    /// A daemon's kept rows, the listing being laid out and the collection it is laid out from.
    private struct Memo {
        var rows: RowMemo
        var key: RowMemo.Key
        var index: any NoteCollection
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
        memo: Memo? = nil, chunk: Int = NoteRows.chunk, fields: @Sendable (Range<Int>, (NoteRowFields) -> Void) -> Void
    ) {
        // The rows a daemon keeps (`RowMemo`): all of them for the same listing asked again;
        // after a change, those of the notes that did not change, read back in runs. The others
        // are laid out, and added to the kept ones.
        let carried = memo.flatMap { $0.rows.carried(to: $0.key, from: $0.index) }
        let recorder = memo.flatMap { memo in
            memo.rows.keeps(memo.key) ? nil : memo.rows.record(memo.key, mark: memo.index.rowMark(), carrying: carried != nil)
        }
        let kept = carried == nil ? nil : memo?.rows
        // Worker threads have their own terminal context: they get the facts, not `Terminal`.
        let layout = RowLayout(
            facts: Terminal.facts, now: Terminal.facts.relativeTimes ? PlanExecution.now : 0, snippets: snippets, showFolder: showFolder)
        var start = 0
        while start < count {
            let window = start..<min(count, start + NoteRows.window)
            let parts = Parallel.map((window.count + chunk - 1) / chunk, minimumChunk: 1) { part -> RowMemo.Recorder.Part in
                var out = RowMemo.Recorder.Part()
                out.bytes.reserveCapacity(chunk * (snippets ? 256 : 128))
                var scratch = RowLayout.Scratch()
                let first = window.lowerBound + part * chunk
                let rows = first..<min(first + chunk, window.upperBound)
                var row = rows.lowerBound
                while row < rows.upperBound {
                    let source = carried.map { Int($0[row]) } ?? -1
                    var end = row + 1
                    if source >= 0, let carried, let kept {
                        while end < rows.upperBound && Int(carried[end]) == source + end - row { end += 1 }
                        if kept.append(keptRows: source..<source + end - row, to: &out.bytes, ends: &out.ends) {
                            out.sources.append(contentsOf: (source..<source + end - row).map { Int32($0) })
                            row = end
                            continue
                        }
                    } else {
                        while end < rows.upperBound && (carried.map { $0[end] < 0 } ?? true) { end += 1 }
                    }
                    fields(row..<end) { fields in
                        let shown = snippets ? passage?(row) : nil
                        layout.append(fields, passage: shown, scratch: &scratch, to: &out.bytes)
                        out.ends.append(UInt32(truncatingIfNeeded: out.bytes.count))
                        out.sources.append(-1)
                        row += 1
                    }
                }
                return out
            }
            for part in parts { Terminal.bytes(part.bytes) }
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
