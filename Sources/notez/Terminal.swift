import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// Buffered stdout and stderr, and what the terminal supports, for the current thread's
/// `TerminalContext` (the process's own streams, or a warm request's client).
enum Terminal {
    /// The terminal facts of the current thread's context: set once in `Notez.main` before the
    /// command runs (or from a warm client's request); every output decision below reads them.
    static var facts: TerminalFacts {
        get { TerminalContext.current.facts }
        set { TerminalContext.current.facts = newValue }
    }

    /// Whether stdout is a terminal (colors and dots are shown only then).
    static var stdoutIsTerminal: Bool { facts.stdoutIsTerminal }
    /// Whether stdin is a terminal (confirmations are asked only then).
    static var stdinIsTerminal: Bool { facts.stdinIsTerminal }
    /// Whether stderr is a terminal (progress is shown only then).
    static var stderrIsTerminal: Bool { facts.stderrIsTerminal }
    /// Colors: `--color`, else on a terminal unless `NO_COLOR` is set.
    static var useColor: Bool { facts.color }

    /// A row cut to the terminal width with an ellipsis (pipes get the full line).
    static func row(_ text: String) {
        line(facts.width.map { TerminalText.fit(text, width: $0) } ?? text)
    }

    /// A time in a list: `2 hours ago` on a terminal, the date in pipes.
    static func when(_ seconds: Double) -> String {
        facts.relativeTimes ? RelativeTime.describe(seconds, now: PlanExecution.now) : NoteDate.day(seconds)
    }

    /// Appends a line to stdout.
    static func line(_ text: String = "") {
        let context = TerminalContext.current
        context.buffer.append(contentsOf: text.utf8)
        context.buffer.append(0x0A)
        if context.buffer.count > 1 << 16 { flush() }
    }

    /// Appends text to stdout as it is (no newline, no escaping).
    static func raw(_ text: String) {
        let context = TerminalContext.current
        context.buffer.append(contentsOf: text.utf8)
        if context.buffer.count > 1 << 16 { flush() }
    }

    /// Appends bytes to stdout as they are (already escaped and laid out).
    static func bytes(_ bytes: [UInt8]) {
        let context = TerminalContext.current
        // A large piece (a chunk of rows) goes out as it is, after what is buffered: one copy fewer.
        if bytes.count >= 1 << 16 {
            flush()
            return FileHandleOutput.write(fd: 1, bytes)
        }
        context.buffer.append(contentsOf: bytes)
        if context.buffer.count > 1 << 16 { flush() }
    }

    /// Writes everything buffered to stdout.
    static func flush() {
        let context = TerminalContext.current
        guard !context.buffer.isEmpty else { return }
        FileHandleOutput.write(fd: 1, context.buffer)
        context.buffer.removeAll(keepingCapacity: true)
    }

    /// `notez: error: message` on stderr.
    static func error(_ message: String) {
        flush()
        FileHandleOutput.stderr("notez: error: \(message)\n")
    }

    /// `notez: warning: message` on stderr.
    static func warning(_ message: String) {
        flush()
        FileHandleOutput.stderr("notez: warning: \(message)\n")
    }

    /// `notez: message` on stderr, for notices that are not errors (none with `--quiet`).
    static func notice(_ message: String) {
        if facts.quiet { return }
        flush()
        FileHandleOutput.stderr("notez: \(message)\n")
    }

    /// A colored dot for a color, or nothing when colors are off.
    static func dot(_ color: ColorName?) -> String {
        guard useColor else { return "" }
        guard let color else { return "● " }
        let (r, g, b) = color.rgb
        return "\u{1B}[38;2;\(r);\(g);\(b)m●\u{1B}[0m "
    }

    /// Dims text on a terminal.
    static func dim(_ text: String) -> String {
        useColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }

    /// Bold text on a terminal.
    static func bold(_ text: String) -> String {
        useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}

/// Unbuffered writes to file descriptors, retrying on EINTR.
enum FileHandleOutput {
    static func stderr(_ text: String) { write(fd: 2, Array(text.utf8)) }

    static func write(fd: Int32, _ bytes: [UInt8]) {
        if TerminalContext.current.capture(fd: fd, bytes) { return }
        _ = SystemIO.writeAll(fd, bytes)
    }
}
