import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// Where the current thread's output goes and what its terminal supports.
///
/// A command normally writes to the process's own streams. A daemon answering a warm request runs
/// the command on its server thread with a context of the client's terminal facts that captures
/// both streams, while the daemon's own threads (`watch` printing changes) keep the process's context.
final class TerminalContext: @unchecked Sendable {
    /// What the terminal supports (see `TerminalFacts`).
    var facts: TerminalFacts
    /// Lines not yet written to stdout.
    var buffer: [UInt8] = []
    private let capturing: Bool
    /// What was written to stdout, when capturing, in the pieces it was written in (a copy of
    /// each, exactly sized: no growing buffer doubles a 20 MB listing), and to stderr.
    private(set) var stdout: [[UInt8]] = []
    private(set) var stderr: [UInt8] = []
    /// When set, stdout captured so far is handed to it (and dropped) each time it reaches
    /// `spillSize`: a daemon sends a large answer as it is printed instead of holding it whole.
    var spill: (([[UInt8]]) -> Void)?
    /// A daemon's memo of long listings and the version of the snapshot the command answers
    /// from (`NoteRows`, `RowMemo`); nil outside a daemon.
    var rowMemo: (memo: RowMemo, version: Int)?
    /// A daemon's memo of the text of each tag of its last `overview --json` (`TagJSONMemo`).
    var tagJSONMemo: TagJSONMemo?
    /// Bytes in `stdout`.
    private var held = 0
    /// The stdout held before it is spilled.
    static let spillSize = 1 << 19

    init(facts: TerminalFacts, capturing: Bool) {
        self.facts = facts
        self.capturing = capturing
    }

    /// The process's own streams (facts are set by `Notez.main`).
    static let process = TerminalContext(facts: .pipes, capturing: false)

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The context of the current thread.
    static var current: TerminalContext {
        guard let pointer = pthread_getspecific(key) else { return process }
        return Unmanaged<TerminalContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with this context as the current thread's.
    func use<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_setspecific(TerminalContext.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(TerminalContext.key, nil) }
        return try body()
    }

    /// Keeps bytes written to stdout or stderr when capturing; false when they must really be written.
    func capture(fd: Int32, _ bytes: [UInt8]) -> Bool {
        guard capturing else { return false }
        if fd == 1 {
            if !bytes.isEmpty {
                // Kept as it is when it wastes little room (a chunk of rows), else copied to its size.
                stdout.append(bytes.capacity - bytes.count <= bytes.count / 4 ? bytes : bytes.withUnsafeBufferPointer { Array($0) })
                held += bytes.count
            }
            if let spill, held >= TerminalContext.spillSize {
                spill(stdout)
                stdout = []
                held = 0
            }
        } else {
            stderr += bytes
        }
        return true
    }
}
