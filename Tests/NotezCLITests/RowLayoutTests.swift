import Foundation
import NotezKit
import NotezTestSupport
import Testing

/// The rows of `ls` are laid out as bytes (`RowLayout`, from the cache's entries once a cache
/// exists). On random titles, folders, tags and dates (non-ASCII, wide characters, emoji,
/// combining marks, control and bidi characters, tags with spaces) every row must read as the
/// `String` layout it replaced would print it: the oracle here is that layout, written again from
/// `--json` (`expectedRows`), with its width rule (`fit`) copied from `TerminalText`.
@Suite struct RowLayoutTests {
    /// Pieces of titles and folder names; YAML double-quoted escapes make the control characters.
    private static let titlePieces = [
        "alpha", "Beta", "gamma delta", "é", "e\\u0301", "日本語", "🍣", "👍🏽", "\\a", "\\t", "\\x7f", "\\x85", "\\u202e", "\\e[31m",
        "한국어", "x", "lorem ipsum dolor sit amet consectetur adipiscing", "\\u00a0", "ｗｉｄｅ", "\\\"quoted\\\"", "#", "  ",
    ]
    private static let tagChoices = ["idea", "Idea", "two words", "東京", "🍣", "café", "project/sub", "a\\u3000b", "Zeta", "x-y_z"]
    private static let folderChoices = ["", "Work", "Work/Deep", "Ærø", "日本", "with space", "Ü/ñ"]

    private struct Note {
        var folder: String
        var front: String
        var body: String
    }

    /// A vault of `count` random notes (`seed` prints with a failure).
    private func randomVault(seed: UInt64, count: Int) throws -> TempVault {
        var random = SeededGenerator(seed: seed)
        let vault = try TempVault()
        for number in 0..<count {
            let folder = RowLayoutTests.folderChoices.randomElement(using: &random)!
            let title = (0..<Int.random(in: 1...4, using: &random)).map { _ in RowLayoutTests.titlePieces.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            let tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in "\"" + RowLayoutTests.tagChoices.randomElement(using: &random)! + "\"" }
            // Whole seconds, so the JSON's time is the note's; some within days of NOTEZ_NOW for relative times.
            let modified = Bool.random(using: &random) ? Int.random(in: 40_000_000...4_000_000_000, using: &random) : 1_795_000_000 - Int.random(in: 0...900_000, using: &random)
            let pinned = Int.random(in: 0..<9, using: &random) == 0 ? "pinned: true\n" : ""
            let body: String
            switch Int.random(in: 0..<4, using: &random) {
            case 0: body = ""
            case 1: body = "Plain body text of note \(number), long enough to be cut on a narrow terminal.\n"
            case 2: body = "本文 \(number) は日本語です。🍣 とても長い本文が続きます。\n"
            default: body = "Café \(title.replacingOccurrences(of: "\\", with: "")) body\n"
            }
            let text = "---\ntitle: \"\(title)\"\ntags: [\(tags.joined(separator: ", "))]\n" + pinned
                + "modified: \(Date(timeIntervalSince1970: Double(modified)).ISO8601Format())\n---\n" + body
            try vault.write((folder.isEmpty ? "" : folder + "/") + "n\(number).md", text)
        }
        return vault
    }

    /// The rows the `String` layout printed for the notes of an `ls -r --json` list.
    private func expectedRows(_ json: String, color: Bool, now: Double?, width: Int?) throws -> String {
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        func styled(_ escape: String, _ text: String) -> String { color ? "\u{1B}[\(escape)m" + text + "\u{1B}[0m" : text }
        func line(_ text: String) -> String { (width.map { RowLayoutTests.fit(text, width: $0) } ?? text) + "\n" }
        var out = ""
        for note in notes {
            var head = RowLayoutTests.safe(note["title"] as! String)
            let folder = note["folder"] as! String
            if !folder.isEmpty { head += styled("2", "  (\(RowLayoutTests.safe(folder)))") }
            var row = ((note["pinned"] as! Bool) ? "* " : "  ") + styled("1", head)
            let tags = (note["tags"] as! [String]).map(RowLayoutTests.tagLabel)
            if !tags.isEmpty { row += "  " + tags.joined(separator: " ") }
            let modified = try #require(ISO8601DateFormatter().date(from: note["modified"] as! String)).timeIntervalSince1970
            let when = now.map { RelativeTime.describe(modified, now: $0) } ?? String((note["modified"] as! String).prefix(10))
            out += line(row + "  " + styled("2", when))
            let snippet = note["snippet"] as! String
            if !snippet.isEmpty { out += line("    " + styled("2", RowLayoutTests.safe(snippet))) }
        }
        return out
    }

    /// The rows of an `ls -r` answer: after the folder lines and a blank line.
    private func rows(_ stdout: String) -> String {
        guard let blank = stdout.range(of: "\n\n") else { return stdout }
        return String(stdout[blank.upperBound...])
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomRowsReadAsTheStringLayout(seed: UInt64) throws {
        let vault = try randomVault(seed: seed, count: 70)
        let json = try vault.run(["ls", "-r", "--json"])
        expect(json.status, equals: 0, "seed \(seed): \(json.stderr)")
        // The first listing builds the index (and writes the cache); the second reads the cache's entries.
        for (run, arguments) in [["ls", "-r"], ["ls", "-r"], ["ls", "-r", "--color", "always"], ["ls", "-r", "--color", "always"]].enumerated() {
            let listed = try vault.run(arguments)
            expect(listed.status == 0 && listed.stderr.isEmpty, "seed \(seed) run \(run): \(listed.stderr)")
            let expected = try expectedRows(json.stdout, color: arguments.count > 2, now: nil, width: nil)
            expect(rows(listed.stdout), equals: expected, "seed \(seed) run \(run)")
        }
    }

    @Test(arguments: [17, 40, 80])
    func rowsOnATerminalAreCutAsTheStringLayoutCutsThem(columns: Int) throws {
        let vault = try randomVault(seed: UInt64(100 + columns), count: 40)
        let json = try vault.run(["ls", "-r", "--json"])
        for run in 0..<2 {
            let command = ([CLIRunner.binary.path, "ls", "-r", "--vault", vault.path]).map(shellQuoted).joined(separator: " ")
            let result = try CLIRunner.runShell(
                "script -qec " + shellQuoted("stty cols \(columns) rows 50; " + command) + " /dev/null",
                environment: ["NOTEZ_PAGER": "", "TERM": "xterm", "NO_COLOR": ""])
            expect(result.status, equals: 0)
            let screen = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            let expected = try expectedRows(json.stdout, color: true, now: 1_795_000_000, width: columns)
            expect(rows(screen), equals: expected, "columns \(columns) run \(run)")
        }
    }

    @Test("--paths of ls -r and of a search are each path made safe, in list order, built and cached")
    func pathsAreLaidOutAsTheStringLayout() throws {
        let vault = try randomVault(seed: 9, count: 30)
        for name in ["bidi \u{202E}x", "c1 \u{85}", "tab\there", "plain é", "日本 🍣"] {
            try vault.write("Odd/\(name).md", "---\ntags: [idea]\n---\nbody\n")
        }
        for (listing, paths) in [(["ls", "-r", "--json"], ["ls", "-r", "--paths"]), (["search", "tag:idea", "--json"], ["search", "tag:idea", "--paths"])] {
            let json = try vault.run(listing)
            let notes = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            expect(notes.contains { ($0["path"] as! String).contains("\u{202E}") })
            let expected = notes.map { RowLayoutTests.safe($0["path"] as! String) + "\n" }.joined()
            for run in 0..<2 {
                let listed = try vault.run(paths)
                expect(listed.status == 0 && listed.stdout == expected, "\(paths) run \(run): \(listed.stderr)")
            }
        }
    }

    private func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: - The String layout's rules, as `TerminalText` and `NoteRows.tagLabel` had them

    static func tagLabel(_ tag: String) -> String {
        let safe = safe(tag)
        return safe.contains(where: \.isWhitespace) ? "#\"\(safe)\"" : "#" + safe
    }

    static func safe(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || [0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(value) {
                out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func fit(_ text: String, width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        var (out, used, inEscape, sawEscape) = ("", 0, false, false)
        for character in text {
            if inEscape {
                out.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                (inEscape, sawEscape) = (true, true)
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

    static func displayWidth(_ text: String) -> Int {
        var (total, inEscape) = (0, false)
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

    static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
            0x30000...0x3FFFD:
            return 2
        default: break
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return first.value == 0x200B ? 0 : 1
    }
}
