/// Makes note content safe to print: control characters become visible escapes.
enum TerminalText {
    /// Escapes C0, DEL and C1 control characters (including ESC) as `\u{1B}`; newlines too unless `keepNewlines`.
    static func safe(_ text: String, keepNewlines: Bool = false) -> String {
        // Almost every title is printable ASCII: a byte scan settles it. Every scalar `isControl`
        // flags is below 0x20, 0x7F, or starts with 0xC2 (C1 controls) or 0xE2 (the bidi controls).
        var copy = text
        let plain = copy.withUTF8 { bytes in !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) }
        if plain { return text }
        guard text.unicodeScalars.contains(where: { isControl($0, keepNewlines: keepNewlines) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepNewlines: keepNewlines) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Appends `safe(text)` and a newline to `out`: most paths need no escaping, and their bytes
    /// are copied as they are (a listing of 33,000 paths made a `String` and a line of each).
    static func appendSafeLine(_ text: String, to out: inout [UInt8]) {
        var copy = text
        let plain = copy.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain { out.append(contentsOf: safe(text).utf8) }
        out.append(0x0A)
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        if keepNewlines && (scalar == "\n" || scalar == "\t" || scalar == "\r") { return false }
        let value = scalar.value
        return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
            || value == 0x202E || value == 0x2066 || value == 0x2067 || value == 0x2068 || value == 0x2069
    }

    /// Pads with spaces to a width in terminal cells (escape sequences take none).
    static func pad(_ text: String, _ width: Int) -> String {
        let used = displayWidth(text)
        return used >= width ? text : text + String(repeating: " ", count: width - used)
    }

    /// Right-aligns a number in a width.
    static func right(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// Cuts text to a width in cells with an ellipsis.
    static func cut(_ text: String, _ width: Int) -> String {
        fit(text, width: width)
    }

    /// The cells a text takes on a terminal: East Asian wide characters and emoji take two,
    /// combining marks and zero-width characters none, ANSI escape sequences none.
    static func displayWidth(_ text: String) -> Int {
        var total = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            total += cells(character)
        }
        return total
    }

    /// Cuts a line to `width` cells, ending it with `…` when cut; escape sequences are kept and a
    /// reset is added so a cut color does not bleed into the next line.
    static func fit(_ text: String, width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        var out = ""
        var used = 0
        var inEscape = false
        var sawEscape = false
        for character in text {
            if inEscape {
                out.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                sawEscape = true
                out.append(character)
                continue
            }
            let size = cells(character)
            if used + size > width - 1 { break }
            out.append(character)
            used += size
        }
        return out + "…" + (sawEscape ? "\u{1B}[0m" : "")
    }

    /// The cells of one character (a grapheme cluster).
    static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if first.value == 0x200B { return 0 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, the common blocks).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
