import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Every fact about the terminal and environment that shapes output, read once at startup (a warm
/// daemon serving a client substitutes the client's facts): which descriptors are terminals,
/// colors, the width rows are cut to, relative times, and the pager.
struct TerminalFacts: Sendable, Equatable {
    /// Whether stdin is a terminal (confirmations are asked only then).
    var stdinIsTerminal: Bool
    /// Whether stdout is a terminal (cut rows, relative times, colors by default).
    var stdoutIsTerminal: Bool
    /// Whether stderr is a terminal (progress lines are shown only then).
    var stderrIsTerminal: Bool
    /// Whether stdout gets colors and dots.
    var color: Bool
    /// The width in cells rows are cut to; nil when stdout is not a terminal (pipes get full lines).
    var width: Int?
    /// Whether lists show `2 hours ago` instead of dates (on a terminal only; never in `--json`).
    var relativeTimes: Bool
    /// The pager command for long output (`$NOTEZ_PAGER`, else `$PAGER`, else `less -FRX`), nil for none.
    var pager: String?
    /// `--quiet` / `-q`: no notices (`notez: …`) and no progress lines; warnings and errors stay.
    var quiet = false

    /// `--color`'s values.
    enum ColorChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    /// Reads the facts of this process: `isatty` of fds 0-2, `NO_COLOR`, `--color`, the window
    /// size (else `$COLUMNS`), and the pager settings.
    static func detect(color choice: ColorChoice, pagerAllowed: Bool, environment: [String: String]) -> TerminalFacts {
        let stdoutTTY = isatty(1) == 1
        let color: Bool
        switch choice {
        case .always: color = true
        case .never: color = false
        case .auto: color = stdoutTTY && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
        var width: Int?
        if stdoutTTY {
            var size = winsize()
            if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                width = Int(size.ws_col)
            } else if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
                width = columns
            } else {
                width = 80
            }
        }
        return TerminalFacts(
            stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: stdoutTTY, stderrIsTerminal: isatty(2) == 1,
            color: color, width: width, relativeTimes: stdoutTTY,
            pager: stdoutTTY && pagerAllowed ? pagerCommand(environment) : nil)
    }

    /// The pager as git chooses it: `NOTEZ_PAGER`, else `PAGER`, else `less -FRX` when less is
    /// installed; empty or `cat` means none.
    static func pagerCommand(_ environment: [String: String]) -> String? {
        let chosen = environment["NOTEZ_PAGER"] ?? environment["PAGER"]
        if let chosen {
            let trimmed = chosen.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let hasLess = path.split(separator: ":").contains { access("\($0)/less", X_OK) == 0 }
        return hasLess ? "less -FRX" : nil
    }

    /// The facts of a process whose descriptors are all pipes (tests, scripts).
    static let pipes = TerminalFacts(
        stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false, color: false, width: nil,
        relativeTimes: false, pager: nil)
}
