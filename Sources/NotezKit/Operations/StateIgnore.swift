import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.notez/.gitignore`: the machine-local part of `.notez/` (journal, trash, cache, locks,
/// temporary files, sockets, queues) never shows in `git status`. Written, or completed with the
/// lines it lacks, whenever notez first creates anything in `.notez/`; the shared files
/// (`config.yaml`, `tags.yaml`, `folders.yaml`, `templates/`) stay versioned.
enum StateIgnore {
    /// The vault-relative path.
    static let path = ".notez/.gitignore"

    /// The patterns that must be ignored.
    static let patterns = ["journal/", "trash/", "cache/", "queue/", "lock", "*.lock", "*.sock", ".notez-tmp-*", "tmp/"]

    /// The text of a new file.
    static let text =
        "# Written by notez: this machine's own state, never shared (see docs/safety.md).\n"
        + patterns.joined(separator: "\n") + "\n"

    /// The new bytes of the file: the full text when it is missing, the missing patterns appended
    /// when some are absent, nil when nothing needs to change.
    static func updated(_ existing: [UInt8]?) -> [UInt8]? {
        guard let existing else { return Array(text.utf8) }
        let lines = Set(
            String(decoding: existing, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                .map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = patterns.filter { !lines.contains($0) }
        guard !missing.isEmpty else { return nil }
        var bytes = existing
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        bytes += Array(("# Added by notez: machine-local state.\n" + missing.joined(separator: "\n") + "\n").utf8)
        return bytes
    }

    private static let done = LockedSet()

    static func isDone(_ root: String) -> Bool { done.contains(root) }

    static func markDone(_ root: String) { done.insert(root) }
}

/// A set of strings shared between threads.
final class LockedSet: @unchecked Sendable {
    private var values: Set<String> = []
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    func contains(_ value: String) -> Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return values.contains(value)
    }

    func insert(_ value: String) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        values.insert(value)
    }
}
