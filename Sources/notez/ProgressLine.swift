import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// A `\r`-updated progress line on stderr (`merging: 1234/10000 files`), shown only when stderr is
/// a terminal and the work has run for more than a second, at most ten times a second (never with
/// `--quiet`).
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let start = Date()
    private let lock = NSLock()
    private var lastShown: Date?

    init(label: String) { self.label = label }

    /// Reports progress; safe to call from any thread.
    func update(_ done: Int, _ total: Int) {
        guard Terminal.stderrIsTerminal, !Terminal.facts.quiet else { return }
        let now = Date()
        lock.lock()
        defer { lock.unlock() }
        guard now.timeIntervalSince(start) > 1 else { return }
        if let lastShown, now.timeIntervalSince(lastShown) < 0.1, done < total { return }
        lastShown = now
        FileHandleOutput.stderr("\r\(label): \(done)/\(total) files")
    }

    /// The callback form for planners.
    var callback: @Sendable (Int, Int) -> Void { { [self] in update($0, $1) } }

    /// Ends the line if anything was shown.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if lastShown != nil { FileHandleOutput.stderr("\n") }
        lastShown = nil
    }
}
