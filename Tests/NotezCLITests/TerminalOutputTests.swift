import Foundation
import Testing
import NotezTestSupport

/// Output on a real terminal: notez runs under `script`, which gives it a pseudo-terminal, so
/// width cutting, relative times, colors and the pager are seen as a user sees them.
@Suite struct TerminalOutputTests {
    /// Runs `notez ARGS` on a pseudo-terminal `columns` wide; returns the screen text (CRLF → LF).
    private func onTerminal(
        _ vault: TempVault, _ args: [String], columns: Int = 40, environment: [String: String] = [:]
    ) throws -> CLIResult {
        let command = ([CLIRunner.binary.path] + args + ["--vault", vault.path]).map(shellQuoted).joined(separator: " ")
        // `stty cols` sets the terminal's own width, which notez reads with TIOCGWINSZ.
        var env = ["NOTEZ_PAGER": "", "TERM": "xterm"]
        for (key, value) in environment { env[key] = value }
        let result = try CLIRunner.runShell(
            "script -qec " + shellQuoted("stty cols \(columns) rows 50; " + command) + " /dev/null", environment: env)
        return CLIResult(
            status: result.status, stdout: result.stdout.replacingOccurrences(of: "\r\n", with: "\n"), stderr: result.stderr)
    }

    private func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The cells a line takes (wide CJK and emoji are two; escape sequences none), as the test sees it.
    private func cells(_ line: String) -> Int {
        var total = 0
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0xFE0F { continue }
            let wide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
                || scalar.properties.isEmojiPresentation
            total += wide ? 2 : 1
        }
        return total
    }

    @Test func rowsAreCutToTheTerminalWidthByDisplayWidth() throws {
        let vault = try TempVault.example()
        try vault.write("Wide.md", "---\ntitle: 日本語のとても長いタイトルのノートです\ntags: [東京, 🍣]\n---\n本文はここにあります。とても長い本文です。さらに続きます。\n")
        let result = try onTerminal(vault, ["ls", "--no-snippets"], columns: 40)
        expect(result.status, equals: 0, "\(result.stdout)")
        let rows = result.stdout.split(separator: "\n").map(String.init)
        let wide = try #require(rows.first { $0.contains("日本語") })
        expect(wide.contains("…"))
        expect(rows.allSatisfy { cells($0) <= 40 }, "\(rows.map { ($0, cells($0)) })")
        // Pipes get full lines.
        let piped = try vault.run(["ls", "--no-snippets"])
        expect(piped.stdout.contains("日本語のとても長いタイトルのノートです"))
        expect(!piped.stdout.contains("…"))
    }

    @Test func snippetsAreCutToo() throws {
        let vault = try TempVault.example()
        try vault.write("Long.md", "# Long\n\n" + String(repeating: "word ", count: 40) + "\n")
        let result = try onTerminal(vault, ["ls", "--snippets"], columns: 50)
        let snippet = try #require(result.stdout.split(separator: "\n").map(String.init).first { $0.hasPrefix("    ") && $0.contains("word") })
        expect(cells(snippet) <= 50)
        expect(snippet.contains("…"))
    }

    @Test func relativeTimesOnATerminalDatesInPipes() throws {
        let vault = try TempVault.example()
        // NOTEZ_NOW is 1795000000; a note modified two hours before it.
        try vault.write("Recent.md", "---\nmodified: 2026-11-18T09:06:40Z\n---\n# Recent\n")
        let terminal = try onTerminal(vault, ["ls", "--no-snippets"], columns: 120)
        expect(terminal.stdout.contains("2 hours ago"), "\(terminal.stdout)")
        let piped = try vault.run(["ls", "--no-snippets"])
        expect(piped.stdout.contains("2026-11-18"))
        expect(!piped.stdout.contains("ago"))
        let json = try vault.run(["ls", "--json"])
        expect(!json.stdout.contains("ago"))
    }

    @Test func colorsOnATerminalUnlessNoColor() throws {
        let vault = try TempVault.example()
        expect(try onTerminal(vault, ["tag", "list"], environment: ["NO_COLOR": ""]).stdout.contains("\u{1B}["))
        expect(!(try onTerminal(vault, ["tag", "list"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}[")))
        expect(!(try onTerminal(vault, ["tag", "list", "--color", "never"], environment: ["NO_COLOR": ""]).stdout.contains("\u{1B}[")))
    }

    @Test func longOutputGoesThroughThePager() throws {
        let vault = try TempVault.example()
        let pager = ["NOTEZ_PAGER": "sed 's/^/PAGED:/'", "NO_COLOR": "1"]
        let paged = try onTerminal(vault, ["tag", "list"], environment: pager)
        let rows = paged.stdout.split(separator: "\n").filter { !$0.isEmpty }
        expect(!rows.isEmpty && rows.allSatisfy { $0.hasPrefix("PAGED:") }, "\(paged.stdout)")
        let direct = try onTerminal(vault, ["tag", "list", "--no-pager"], environment: pager)
        expect(!direct.stdout.contains("PAGED:"))
        expect(direct.stdout.contains("Work"))
        // Pipes are never paged, and changing commands never are.
        expect(!(try vault.run(["tag", "list"], environment: pager).stdout.contains("PAGED:")))
        let changed = try onTerminal(vault, ["pin", "Quick capture", "--dry-run"], environment: pager)
        expect(!changed.stdout.contains("PAGED:"))
    }
}
