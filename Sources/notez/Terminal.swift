import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// Buffered stdout and stderr, and what the terminal supports.
enum Terminal {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    /// Whether stdout is a terminal (colors and dots are shown only then).
    static let stdoutIsTerminal = isatty(1) == 1
    /// Whether stdin is a terminal (confirmations are asked only then).
    static let stdinIsTerminal = isatty(0) == 1
    /// Whether stderr is a terminal (progress is shown only then).
    static let stderrIsTerminal = isatty(2) == 1
    /// Colors are used on a terminal unless `NO_COLOR` is set.
    static let useColor = stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    /// Appends a line to stdout.
    static func line(_ text: String = "") {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    /// Writes everything buffered to stdout.
    static func flush() {
        guard !buffer.isEmpty else { return }
        FileHandleOutput.write(fd: 1, buffer)
        buffer.removeAll(keepingCapacity: true)
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

    /// `notez: message` on stderr, for notices that are not errors.
    static func notice(_ message: String) {
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
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
