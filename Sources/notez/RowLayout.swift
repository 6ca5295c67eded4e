import NotezKit

/// One note's row and snippet line, laid out as bytes: `* Title  (Folder)  #tag  2024-12-23`.
///
/// The fields come as bytes (`NoteRowFields`, from the cache's entries or a note's strings) and go
/// out as bytes: text that needs no escaping (no control character, no C1 or bidi lead byte: most
/// titles) is copied as it is, and an ASCII row is cut to the terminal's width by counting bytes.
/// Anything else takes the `String` functions the rest of the CLI uses (`TerminalText`), so a row
/// reads exactly as `Terminal.row` would print it.
struct RowLayout: Sendable {
    let facts: TerminalFacts
    let now: Double
    let snippets: Bool
    let showFolder: Bool

    /// What one worker reuses from row to row: the last day written (rows in list order mostly
    /// share their day with the row before).
    struct Scratch {
        var day = Int64.min
        var dayText: [UInt8] = []
    }

    /// Appends the row of `row` and, with snippets, its snippet line (or `passage`, a ranked
    /// search's best passage) to `out`.
    func append(_ row: NoteRowFields, passage: MatchPassage?, scratch: inout Scratch, to out: inout [UInt8]) {
        let color = facts.color
        var start = out.count
        out.append(row.pinned ? 0x2A : 0x20)
        out.append(0x20)
        if color { RowLayout.escape(0x31, &out) }
        RowLayout.appendSafe(row.title, to: &out)
        if showFolder && !row.folder.isEmpty {
            if color { RowLayout.escape(0x32, &out) }
            out.append(0x20)
            out.append(0x20)
            out.append(0x28)
            RowLayout.appendSafe(row.folder, to: &out)
            out.append(0x29)
            if color { RowLayout.escape(0x30, &out) }
        }
        if color { RowLayout.escape(0x30, &out) }
        for (number, name) in row.tagNames.enumerated() {
            if number == 0 { out.append(0x20) }
            out.append(0x20)
            RowLayout.appendTagLabel(name, to: &out)
        }
        out.append(0x20)
        out.append(0x20)
        if color { RowLayout.escape(0x32, &out) }
        appendWhen(row.modified, scratch: &scratch, to: &out)
        if color { RowLayout.escape(0x30, &out) }
        endRow(from: start, &out)
        guard snippets else { return }
        if let passage {
            start = out.count
            RowLayout.indent(&out)
            if color {
                // Dim text, bold matches: each piece made safe on its own, so offsets hold.
                RowLayout.escape(0x32, &out)
                out.append(contentsOf: passage.marked(open: "\u{1B}[0m\u{1B}[1m", close: "\u{1B}[0m\u{1B}[2m") { TerminalText.safe($0) }.utf8)
                RowLayout.escape(0x30, &out)
            } else {
                out.append(contentsOf: TerminalText.safe(passage.text).utf8)
            }
            return endRow(from: start, &out)
        }
        guard !row.snippet.isEmpty else { return }
        start = out.count
        RowLayout.indent(&out)
        if color { RowLayout.escape(0x32, &out) }
        RowLayout.appendSafe(row.snippet, to: &out)
        if color { RowLayout.escape(0x30, &out) }
        endRow(from: start, &out)
    }

    /// `2 hours ago` on a terminal, else the UTC day (`NoteDate.day`), made once per day.
    private func appendWhen(_ seconds: Double, scratch: inout Scratch, to out: inout [UInt8]) {
        if facts.relativeTimes { return out.append(contentsOf: RelativeTime.describe(seconds, now: now).utf8) }
        // Outside this range `NoteDate.day` decides alone (as before).
        guard seconds.magnitude < 1e15 else { return out.append(contentsOf: NoteDate.day(seconds).utf8) }
        let whole = Int64(seconds.rounded(.down))
        let day = whole >= 0 ? whole / 86400 : (whole - 86399) / 86400
        if day != scratch.day {
            scratch.day = day
            scratch.dayText = Array(NoteDate.day(seconds).utf8)
        }
        out.append(contentsOf: scratch.dayText)
    }

    /// The four spaces before a snippet line.
    private static func indent(_ out: inout [UInt8]) {
        for _ in 0..<4 { out.append(0x20) }
    }

    /// `ESC [ code m`: `1` bold, `2` dim, `0` reset (as `Terminal.bold`/`dim`).
    private static func escape(_ code: UInt8, _ out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        out.append(code)
        out.append(0x6D)
    }

    /// The line from `start` cut to the terminal width as `TerminalText.fit` cuts it, and a newline.
    private func endRow(from start: Int, _ out: inout [UInt8]) {
        if let width = facts.width { RowLayout.fit(&out, from: start, width: width) }
        out.append(0x0A)
    }

    /// `TerminalText.fit` of the bytes from `start`, counting cells by bytes when they are ASCII
    /// (after escaping, every ASCII byte but an escape sequence's takes one cell).
    static func fit(_ out: inout [UInt8], from start: Int, width: Int) {
        let ascii = out.withUnsafeBytes { ByteText.isASCII(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        guard ascii else {
            let line = String(decoding: out[start...], as: UTF8.self)
            let fitted = TerminalText.fit(line, width: width)
            if fitted.utf8.count != out.count - start || !fitted.utf8.elementsEqual(out[start...]) {
                out.replaceSubrange(start..., with: fitted.utf8)
            }
            return
        }
        var (used, inEscape, sawEscape) = (0, false, false)
        var cut: Int?
        var cutSawEscape = false
        for at in start..<out.count {
            let byte = out[at]
            if inEscape {
                if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { inEscape = false }
            } else if byte == 0x1B {
                inEscape = true
                sawEscape = true
            } else {
                if cut == nil && used + 1 > width - 1 {
                    cut = at
                    cutSawEscape = sawEscape
                }
                used += 1
            }
        }
        guard used > width, let cut else { return }
        out.removeSubrange(cut...)
        out.append(contentsOf: [0xE2, 0x80, 0xA6])
        if cutSawEscape { out.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D]) }
    }

    /// `TerminalText.safe` of UTF-8 bytes: copied as they are when a scan finds nothing to escape.
    static func appendSafe(_ text: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        if ByteText.needsNoEscape(text) { return out.append(contentsOf: text) }
        out.append(contentsOf: TerminalText.safe(String(decoding: text, as: UTF8.self)).utf8)
    }

    /// `NoteRows.tagLabel` of UTF-8 bytes: `#tag`, or `#"two words"`; an ASCII name with nothing to
    /// escape is written by bytes.
    static func appendTagLabel(_ name: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        guard ByteText.isASCII(name), ByteText.needsNoEscape(name) else {
            return out.append(contentsOf: NoteRows.tagLabel(String(decoding: name, as: UTF8.self)).utf8)
        }
        // Escaping left no control byte, so the only ASCII whitespace is a space.
        let spaced = name.contains(0x20)
        out.append(0x23)
        if spaced { out.append(0x22) }
        out.append(contentsOf: name)
        if spaced { out.append(0x22) }
    }
}
